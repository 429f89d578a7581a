// Column types that differ between dialects, for migrations (kept beside them: a migration
// imports nothing from the app). better-auth stores native timestamps and booleans on
// PostgreSQL and ISO text / 0-1 integers on SQLite.
import { PostgresAdapter, type Kysely } from 'kysely';

export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export function authTimestamp(db: Kysely<unknown>): 'timestamptz' | 'text' {
  return isPostgres(db) ? 'timestamptz' : 'text';
}

export function authBoolean(db: Kysely<unknown>): 'boolean' | 'integer' {
  return isPostgres(db) ? 'boolean' : 'integer';
}
