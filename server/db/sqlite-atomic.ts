// A short write transaction on SQLite run in one synchronous step. Kysely runs a transaction as
// a chain of awaited statements (begin, each statement, commit), each a trip through its
// executor and a few promises, while it holds the process's single SQLite connection; the
// booking storm of `npm run bench` spent most of its CPU there rather than in SQLite itself.
// Here the statements (compiled once by `prepare`, run on the shared statement cache) execute
// back to back between BEGIN IMMEDIATE and COMMIT, with Kysely's connection held so that no
// other query, and no Kysely transaction, can be open on the connection meanwhile.
import type SQLite from 'better-sqlite3';
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { cachedStatement } from './statement-cache.ts';

export interface SyncTransaction {
  /** The rows of a query that returns rows (SELECT, or a write with RETURNING). */
  rows<O>(query: CompiledQuery<O>): O[];
  /** Runs a write without RETURNING; the number of rows it changed. */
  run(query: CompiledQuery): number;
}

/**
 * Runs `work` in one transaction: committed when it returns, rolled back when it throws (the
 * error is rethrown). `work` must be synchronous: it runs while the connection is held.
 */
export async function sqliteAtomic<T>(kysely: Kysely<Database>, sqlite: SQLite.Database, work: (tx: SyncTransaction) => T): Promise<T> {
  const tx: SyncTransaction = {
    rows: <O>(query: CompiledQuery<O>) => cachedStatement(sqlite, query.sql).all(query.parameters) as O[],
    run: (query) => cachedStatement(sqlite, query.sql).run(query.parameters).changes,
  };
  // Waits for Kysely's connection: a Kysely transaction in progress finishes first.
  return kysely.getExecutor().provideConnection(async () => {
    // IMMEDIATE: the write lock is taken (or waited for, busy_timeout) before the first statement.
    cachedStatement(sqlite, 'begin immediate').run();
    try {
      const result = work(tx);
      if (result instanceof Promise) throw new Error('sqliteAtomic: the work must be synchronous');
      cachedStatement(sqlite, 'commit').run();
      return result;
    } catch (error) {
      // A failed statement (a constraint) leaves the transaction open: undo what came before it.
      if (sqlite.inTransaction) cachedStatement(sqlite, 'rollback').run();
      throw error;
    }
  });
}
