// The name a material's file is shown and downloaded under. The browser's name is only a hint:
// its extension is made to follow the type sniffed from the bytes (a real PDF sent as
// "report.pdf.html" is "report.pdf"), and characters that hide or reorder text are dropped
// (U+202E makes "invoice\u202Efdp.exe" read "invoiceexe.pdf"). Applied when a file is stored
// and again whenever a stored name is shown or sent, so rows from before these rules follow them.

/** Extensions each stored type may carry; the first is added when the name has none of them. */
const EXTENSIONS: Record<string, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'image/avif': ['avif'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.oasis.opendocument.text': ['odt'],
  'application/vnd.oasis.opendocument.presentation': ['odp'],
  'application/vnd.oasis.opendocument.spreadsheet': ['ods'],
};

/**
 * C0 and C1 controls and DEL, bidirectional marks, embeddings, overrides and isolates
 * (U+061C, U+200E/F, U+202A–U+202E, U+2066–U+2069), the line and paragraph separators, and the
 * double quote (never useful in a name, awkward in headers).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const HIDDEN_OR_REORDERING = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069"]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** String.prototype.toWellFormed (ES2024): a lone surrogate cannot be stored, encoded or sent. */
const wellFormed = (text: string) => text.replace(LONE_SURROGATE, '\uFFFD');
const LAST_EXTENSION = /\.([A-Za-z0-9]{1,10})$/;
const MAX_LENGTH = 200;
const DOT_OR_SPACE = /^[\s.]$/;

/**
 * Without the dots and spaces it ends with. A loop from the end: the pattern /[\s.]+$/ tried
 * again from each of them, quadratic in the length (70 000 characters of " ." took 25 s).
 */
function withoutTrailingDotsAndSpaces(text: string): string {
  let end = text.length;
  while (end > 0 && DOT_OR_SPACE.test(text[end - 1]!)) end--;
  return text.slice(0, end);
}

const extensionsOf = (mimeType: string): readonly string[] => EXTENSIONS[mimeType] ?? ['bin'];

/** A display name safe to keep and send: no folders, no hidden characters, bounded, with the extension of `mimeType`. */
export function cleanFileName(name: string, mimeType: string): string {
  const allowed = extensionsOf(mimeType);
  const canonical = allowed[0]!;
  // Windows drops trailing dots and spaces: "report.pdf." would open as "report.pdf".
  let base = withoutTrailingDotsAndSpaces(wellFormed(name.split(/[\\/]/).pop() ?? '').replace(HIDDEN_OR_REORDERING, '')).trim();
  const ext = LAST_EXTENSION.exec(base)?.[1];
  if (!ext || !allowed.includes(ext.toLowerCase())) {
    // A wrong extension is replaced; a name left ending in a right one ("report.pdf") keeps it.
    let stem = ext ? withoutTrailingDotsAndSpaces(base.slice(0, -ext.length - 1)) : base;
    if (!stem) stem = 'material';
    const stemExt = LAST_EXTENSION.exec(stem)?.[1];
    base = stemExt && allowed.includes(stemExt.toLowerCase()) ? stem : `${stem}.${canonical}`;
  }
  if (base.startsWith('.')) base = `material${base}`;
  if (base.length <= MAX_LENGTH) return base;
  const kept = LAST_EXTENSION.exec(base)![0];
  // Cut by code points, never inside a surrogate pair.
  return withoutTrailingDotsAndSpaces([...base.slice(0, -kept.length)].slice(0, MAX_LENGTH - kept.length).join('')) + kept;
}

/**
 * RFC 6266 Content-Disposition: a printable-ASCII fallback in a quoted string (without the
 * characters quoting or old parsers trip on) plus the exact name percent-encoded (RFC 8187),
 * which no character can break out of.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(wellFormed(fileName)).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
