// better-auth's own tables store timestamps and booleans natively on PostgreSQL and as ISO text
// and 0/1 on SQLite (migrations/dialect-columns.ts). Code that writes or compares those columns
// itself goes through these, so no feature tests the dialect for it.
import type { Dialect } from './database.ts';

export interface AuthColumns {
  /** A timestamp as the user, session and account tables store it. */
  date(at: Date): Date | string;
  /** A boolean (emailVerified, blocked) as those tables store it. */
  bool(value: boolean): boolean | number;
}

export function authColumns(dialect: Dialect): AuthColumns {
  return dialect === 'postgres'
    ? { date: (at) => at, bool: (value) => value }
    : { date: (at) => at.toISOString(), bool: (value) => Number(value) };
}
