/**
 * Where a redirect target taken from a URL (`/login?from=…`) may send the visitor: the one
 * judgement used by the server renderer's 302 (BASE_URL as the origin) and by the browser's
 * navigation (location.origin), so that both agree.
 *
 * The target is resolved as the browser would resolve it against the app's origin, must land on
 * that same origin, and is sent on as the resolved URL's own serialisation (path, query and
 * fragment, percent-encoded), never as the text it came in. A target holding a control character,
 * a bidi or direction mark, or a backslash is refused rather than cleaned: browsers strip tabs
 * and newlines and read `\` as `/`, so `/\t/evil.example` or `/\evil.example` mean another host
 * to them. Anything refused gives `fallback`.
 */
export function safeRedirectPath(target: string | null | undefined, origin: string, fallback = '/'): string {
  if (!target || UNSAFE_CHARACTERS.test(target)) return fallback;
  let base: URL;
  let resolved: URL;
  try {
    base = new URL(origin);
    resolved = new URL(target, base.origin);
  } catch {
    return fallback;
  }
  if (resolved.origin !== base.origin || (resolved.protocol !== 'http:' && resolved.protocol !== 'https:')) return fallback;
  const path = resolved.pathname + resolved.search + resolved.hash;
  // Dot segments can leave `//host` at the start of the path (`/..//evil.example`): as a
  // Location that is another host. Whatever else is left must be plain printable ASCII.
  return SERIALISED_PATH.test(path) ? path : fallback;
}

/**
 * C0 and C1 controls (tab, newline…), DEL, backslash, and the characters that reorder or hide
 * text: Arabic letter mark, zero-width and direction marks, bidi embeddings, overrides and
 * isolates, the line and paragraph separators, and the byte-order mark.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\\\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;

/** A path of this origin: one leading slash, then only characters a Location header carries as they are. */
const SERIALISED_PATH = /^\/(?![/\\])[\x21-\x7e]*$/;
