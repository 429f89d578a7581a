/** `text` safe inside HTML text and quoted attribute values: each of & < > " ' as a numeric reference. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
