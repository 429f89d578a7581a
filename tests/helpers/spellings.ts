// The ways one path can be spelled so that a router, a URL parser or an auth library reads it
// as the same place while a string check does not. Each keeps the query as it was.

export interface Spelling {
  kind: string;
  path: string;
}

const encodeChar = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`;

/** Non-canonical spellings of `canonical` (an absolute path, optionally with `?query`). */
export function spellings(canonical: string): Spelling[] {
  const q = canonical.indexOf('?');
  const path = q === -1 ? canonical : canonical.slice(0, q);
  const query = q === -1 ? '' : canonical.slice(q);
  const segments = path.split('/').slice(1);
  // Spell the change at the first boundary and before the last segment: a router matches a
  // prefix (`/api/auth/*`), then hands the rest to a library that normalises it.
  const cuts = [...new Set([1, Math.max(1, segments.length - 1)])];
  const out: Spelling[] = [];
  for (const cut of cuts) {
    const head = `/${segments.slice(0, cut).join('/')}`;
    const tail = segments.slice(cut).join('/');
    const at = cut === 1 ? '' : ' (deep)';
    out.push(
      { kind: `dot segment${at}`, path: `${head}/./${tail}` },
      { kind: `dot-dot segment${at}`, path: `${head}/x/../${tail}` },
      { kind: `encoded dot segment${at}`, path: `${head}/%2e/${tail}` },
      { kind: `encoded dot-dot segment${at}`, path: `${head}/x/%2e%2E/${tail}` },
      { kind: `encoded slash${at}`, path: `${head}%2f${tail}` },
      { kind: `encoded backslash${at}`, path: `${head}%5c${tail}` },
      { kind: `backslash${at}`, path: `${head}\\${tail}` },
      { kind: `doubled slash${at}`, path: `${head}//${tail}` },
    );
  }
  const first = segments[0] ?? '';
  const rest = segments.slice(1).join('/');
  const lastLetter = path.search(/[a-z](?=[^a-z]*$)/);
  out.push(
    { kind: 'dot segment at the end', path: `${path}/.` },
    { kind: 'encoded first letter', path: `/${encodeChar(first[0] ?? 'a')}${first.slice(1)}/${rest}` },
    { kind: 'encoded last letter', path: `${path.slice(0, lastLetter)}${encodeChar(path[lastLetter] ?? 'a').toUpperCase()}${path.slice(lastLetter + 1)}` },
    { kind: 'leading doubled slash', path: `/${path}` },
    { kind: 'upper case', path: path.toUpperCase() },
    { kind: 'upper case first segment', path: `/${first.toUpperCase()}/${rest}` },
    { kind: 'trailing slash', path: `${path}/` },
  );
  return out.map((s) => ({ ...s, path: s.path + query }));
}

/** The canonical path first, then every other spelling of it. */
export function everySpelling(canonical: string): Spelling[] {
  return [{ kind: 'canonical', path: canonical }, ...spellings(canonical)];
}
