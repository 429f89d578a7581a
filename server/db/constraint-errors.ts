// Recognises a unique-constraint violation on both dialects, so that a race two requests
// lose against the database becomes a clear 409 instead of a 500.
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  // PostgreSQL: unique_violation; better-sqlite3: extended result codes.
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
