// One Kysely instance for the whole process: our repositories and better-auth share it.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import { DEFAULT_SQLITE_CACHE_MB, type Config } from '#server/config.ts';
import { migrations } from '#migrations/index.ts';
import type { Database } from './schema.ts';
import { registerSqliteHandle, statementName } from './prepared.ts';
import { SqliteDialectWithLimitExpressions } from './sqlite-limits.ts';
import { withStatementCache } from './statement-cache.ts';
import { unitsOfWork, type UnitsOfWork } from './unit-of-work.ts';

export type { Dialect } from './dialect.ts';
import type { Dialect } from './dialect.ts';

// pg is loaded only for a PostgreSQL database (memory and start time of the SQLite default).
const load = createRequire(import.meta.url);

/** `unitOfWork` is how features change data (unit-of-work.ts); `onCommit` what follows a committed unit. */
export interface Db extends UnitsOfWork {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** The raw better-sqlite3 handle (SQLite only), for pragmas and integrity checks. */
  sqlite?: SQLite.Database;
  /**
   * Queries waiting for one of the pool's connections (PostgreSQL; always 0 on SQLite, whose one
   * connection is in-process): the database is what requests wait for, so background work waits.
   */
  waitingForConnection(): number;
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
    // The names are this database's (prepared.ts), asked for once queries run.
    const kysely: Kysely<Database> = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool, (text) => statementName(kysely, text)) }) });
    return { kysely, dialect: 'postgres', ...unitsOfWork(kysely), waitingForConnection: () => pool.waitingCount, destroy: () => kysely.destroy() };
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // The page cache is this process's memory (its RSS); pages beyond it are read from the
  // operating system's file cache (docs/decisions/071-speed-at-full-scale.md).
  sqlite.pragma(`cache_size = -${Math.round((database.cacheMb ?? DEFAULT_SQLITE_CACHE_MB) * 1024)}`);
  sqlite.pragma('temp_store = MEMORY');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialectWithLimitExpressions({ database: withStatementCache(sqlite) }) });
  registerSqliteHandle(kysely, sqlite);
  return { kysely, dialect: 'sqlite', sqlite, ...unitsOfWork(kysely), waitingForConnection: () => 0, destroy: () => kysely.destroy() };
}

/**
 * The pool as Kysely sees it, its clients running prepared queries (server/db/prepared.ts) as
 * named statements: PostgreSQL then parses and plans each once per connection instead of on
 * every call (planning the booked-sessions join took longer than running it). Other SQL runs
 * unnamed, as before.
 */
function withNamedStatements(pool: pg.Pool, nameOf: (sql: string) => string | undefined): pg.Pool {
  // Connections whose named statements no longer fit the schema: they run everything unnamed
  // until the pool retires them.
  const outdated = new WeakSet<pg.PoolClient>();
  const named = (client: pg.PoolClient): pg.PoolClient =>
    new Proxy(client, {
      get(target, property, receiver) {
        if (property !== 'query') return Reflect.get(target, property, receiver) as unknown;
        return async (text: unknown, values?: unknown[]) => {
          const name = typeof text === 'string' && !outdated.has(target) ? nameOf(text) : undefined;
          if (!name) return target.query(text as string, values);
          try {
            return await target.query({ name, text: text as string, values });
          } catch (error) {
            // A column added by a migration (another process's, during a rolling deploy) makes a
            // statement prepared before it fail with "cached plan must not change result type".
            // Outside a transaction it is simply run again unnamed; inside one, that transaction
            // fails once (PostgreSQL aborted it) and the next runs unnamed.
            if ((error as { code?: string }).code !== '0A000' || !/cached plan/.test(String((error as Error).message))) throw error;
            outdated.add(target);
            return target.query(text as string, values);
          }
        };
      },
    });
  return new Proxy(pool, {
    get(target, property, receiver) {
      if (property === 'connect') return async () => named(await target.connect());
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
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
