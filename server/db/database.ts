// One Kysely instance for the whole process: our repositories and better-auth share it.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type pg from 'pg';
import type { Config } from '#server/config.ts';
import { migrations } from '#migrations/index.ts';
import type { Database } from './schema.ts';
import { registerSqliteHandle } from './prepared.ts';
import { withStatementCache } from './statement-cache.ts';

export type Dialect = 'sqlite' | 'postgres';

// pg is loaded only for a PostgreSQL database (memory and start time of the SQLite default).
const load = createRequire(import.meta.url);

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** The raw better-sqlite3 handle (SQLite only), for pragmas and integrity checks. */
  sqlite?: SQLite.Database;
  destroy(): Promise<void>;
}

export function createDb(database: Config['database']): Db {
  if (database.dialect === 'postgres') {
    const { Pool, types } = load('pg') as typeof pg;
    // PostgreSQL returns BIGINT as a string by default; our counts fit in a JS number.
    types.setTypeParser(20, (v) => Number(v));
    const pool = new Pool({ connectionString: database.url, max: 10, connectionTimeoutMillis: 5000 });
    // A client losing its connection (database restart or outage) must not crash the process:
    // the pool catches errors of idle clients, but a checked-out client emits 'error' with no
    // listener. Its query fails (a 503 for the caller) and the pool discards it on release.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', destroy: () => kysely.destroy() };
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -64000'); // 64 MB page cache
  sqlite.pragma('temp_store = MEMORY');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  registerSqliteHandle(kysely, sqlite);
  return { kysely, dialect: 'sqlite', sqlite, destroy: () => kysely.destroy() };
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  // Migration numbers are handed out per feature, so one may land after a higher one already ran
  // somewhere (0005 after 0006): run it anyway instead of refusing to start.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

export async function isDatabaseReachable(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
