// Kysely's SQLite driver prepares every statement again on each query; preparing is a large
// share of a short query's cost (the booking storm of `npm run bench` spent ~6 % of its CPU in
// it). This hands Kysely a view of the better-sqlite3 handle that keeps prepared statements by
// SQL text. Repositories build the same SQL for the same query shape, so a few hundred
// statements cover the whole app. Prepared queries run inside a transaction (prepared.ts) share
// the same statements.
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

const MAX_STATEMENTS = 500;

const caches = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

/** A prepared statement of `sql` on this handle, kept for the next call with the same SQL. */
export function cachedStatement(sqlite: SQLite.Database, sql: string): SQLite.Statement {
  let statements = caches.get(sqlite);
  if (!statements) {
    statements = new Map();
    caches.set(sqlite, statements);
  }
  const cached = statements.get(sql);
  // A statement still being iterated (a streamed query) cannot run again: prepare a fresh one.
  if (cached && !cached.busy) return cached;
  const statement = sqlite.prepare(sql);
  if (!cached) {
    // Query shapes are finite, but an `in (…)` list of varying length makes new SQL: stay bounded.
    if (statements.size >= MAX_STATEMENTS) statements.clear();
    statements.set(sql, statement);
  }
  return statement;
}

export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  return {
    close: () => sqlite.close(),
    prepare: (sql) => cachedStatement(sqlite, sql),
  };
}
