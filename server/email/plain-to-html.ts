// The HTML alternative of a plain-text email: the same words, escaped, paragraphs kept, links
// made clickable. Mail clients that prefer HTML show this; the text part stays the source.
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Escaped text with its http(s) links as anchors (the link text is the address itself). */
function linkify(line: string): string {
  let html = '';
  let last = 0;
  for (const match of line.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    html += escape(line.slice(last, match.index));
    const url = escape(match[0]);
    html += `<a href="${url}">${url}</a>`;
    last = match.index + match[0].length;
  }
  return html + escape(line.slice(last));
}

/** `language`: the <html lang> that screen readers and translators read it in (a language code). */
export function plainToHtml(text: string, language?: string): string {
  // Any line end (CRLF from a form, LF, a lone CR) breaks the line: none is left inside one.
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n\s*\n/)
    .map((block) => `<p>${block.split('\n').map(linkify).join('<br>\n')}</p>`);
  const lang = language && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(language) ? ` lang="${language}"` : '';
  // The viewport: a mail app on a phone that shows HTML in a web view otherwise lays it out 980 px
  // wide and shrinks it to fit, so the text is too small to read.
  return `<!doctype html>\n<html${lang}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="font-family: system-ui, sans-serif; line-height: 1.5">\n${paragraphs.join('\n')}\n</body></html>\n`;
}
