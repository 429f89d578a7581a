// A check followed by the write it allows ("fewer than N of these? then record one more") is one
// step only if nobody else checks in between. Locking one row that every such step goes through
// (the account's, say) first in the transaction makes the steps of that row take turns, on both
// dialects, without a dialect test in the feature.
import type { Kysely, Transaction } from 'kysely';
import { dialectOf } from './dialect.ts';
import { prepare, sqliteOf, type PreparedQuery } from './prepared.ts';
import type { Database } from './schema.ts';

/** Tables whose rows are found by a text `id`. */
export type TableWithId = { [T in keyof Database]: Database[T] extends { id: string } ? T : never }[keyof Database];

type ById = Kysely<Record<TableWithId, { id: string }>>;
type RowQuery = PreparedQuery<{ id: string }, { id: string }>;
// Per table (prepare refuses a table name as a value): the row read, and read locked.
const queries = new Map<TableWithId, { read: RowQuery; locked: RowQuery }>();

function queriesOf(table: TableWithId) {
  let pair = queries.get(table);
  if (!pair) {
    const select = (db: Kysely<Database>, id: string) => (db as unknown as ById).selectFrom(table).select('id').where('id', '=', id);
    pair = {
      read: prepare((db, p: { id: string }) => select(db, p.id)),
      // FOR NO KEY UPDATE: lockRow's callers take turns all the same, while rows that only refer
      // to this one (a new sign-in session of the account, a booking) are still written meanwhile.
      locked: prepare((db, p: { id: string }) => select(db, p.id).forNoKeyUpdate()),
    };
    queries.set(table, pair);
  }
  return pair;
}

/**
 * Locks the row `id` of `table` until `trx` ends: another transaction's lockRow of the same row
 * waits for this one to commit or roll back, and then reads what it wrote. Call it first in the
 * transaction, before the reads it guards. Says whether the row exists.
 *
 * PostgreSQL: `SELECT … FOR NO KEY UPDATE`. SQLite: nothing to do, the process's one connection
 * runs one transaction at a time (Kysely's driver holds it until COMMIT); another process's
 * write committed between this transaction's read and its own write makes that write fail
 * (SQLITE_BUSY_SNAPSHOT) rather than both pass.
 */
export async function lockRow(trx: Transaction<Database>, table: TableWithId, id: string): Promise<boolean> {
  if (!trx.isTransaction) throw new Error('lockRow: a lock outside a transaction ends at once');
  const { read, locked } = queriesOf(table);
  return ((await (sqliteOf(trx) ? read : locked)(trx, { id })).rows.length) > 0;
}

/**
 * `query` (a select) locking the rows it reads until the transaction it runs in ends, for a
 * prepared query's builder: `prepare((db, p) => locking(db, db.selectFrom(…)…))`. Another
 * transaction's locking read of those rows waits for this one.
 *
 * PostgreSQL: `SELECT … FOR UPDATE`. SQLite: the query as it is, for the reason lockRow gives
 * (one connection, one transaction at a time). Outside a transaction it is a plain read.
 */
export function locking<Q extends { forUpdate(): Q }>(db: Kysely<Database>, query: Q): Q {
  return dialectOf(db) === 'postgres' ? query.forUpdate() : query;
}
