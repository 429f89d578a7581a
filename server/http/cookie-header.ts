// A Cookie request header, read as better-call (better-auth's HTTP layer) reads it: pairs split
// at ';', names trimmed and compared exactly, and the first pair of a name is the one that counts.

/** The raw value of the first cookie named exactly `name`, trimmed; null when there is none or it is empty. */
export function firstCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}
