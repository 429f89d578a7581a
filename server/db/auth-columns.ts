// better-auth's own tables store timestamps and booleans natively on PostgreSQL and as ISO text
// and 0/1 on SQLite (migrations/dialect-columns.ts). Code that writes or compares those columns
// itself goes through these, so no feature tests the dialect for it.
import type { Kysely } from 'kysely';
import { dialectOf, type Dialect } from './dialect.ts';
import type { Database } from './schema.ts';

export interface AuthColumns {
  /** A timestamp as the user, session and account tables store it. */
  date(at: Date): Date | string;
  /** A boolean (emailVerified, blocked) as those tables store it. */
  bool(value: boolean): boolean | number;
}

/** For the database `of` talks to (a repository's Kysely), or a dialect named by a script. */
export function authColumns(of: Kysely<Database> | Dialect): AuthColumns {
  const dialect = typeof of === 'string' ? of : dialectOf(of);
  return dialect === 'postgres'
    ? { date: (at) => at, bool: (value) => value }
    : { date: (at) => at.toISOString(), bool: (value) => Number(value) };
}
