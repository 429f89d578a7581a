// PostgreSQL refuses text it cannot store — a NUL character (\u0000), invalid UTF-8 — with 22021
// or 22P05, where SQLite stores it. That input is the caller's mistake: a 400 on every route, not
// a 500 (found by the fuzzing in tests/api/trust-routes.test.ts).
export function isUnstorableText(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (code === '22021' || code === '22P05') return true;
    current = cause;
  }
  return false;
}
