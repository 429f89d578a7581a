// Group commit for SQLite's short synchronous writes (docs/decisions/034-sqlite-group-commit.md).
//
// A guarded write (a booking) is a few statements and one COMMIT; the COMMIT is most of its cost:
// every b-tree page the write touched is written to the WAL (two writes a page), about 90 µs for
// a booking with its two job rows, 11 % of the booking storm's time. Writes that arrive in the same
// turn of the event loop (many requests parsed from the sockets at once) touch the same pages (the
// last leaf of each table and index), so they share one transaction: each in a SAVEPOINT of its
// own, so that one that fails (a unique violation) undoes only itself, then one COMMIT for all.
//
// - Each write still runs alone and in order: the next one's guard sees the previous one's rows
//   (a capacity guard counts the seats taken before it in the group).
// - A caller hears of its write only after the COMMIT: an acknowledged write is durable.
// - A failed COMMIT (disk full, I/O error) fails every write of the group: none of them happened.
//   A write whose error made SQLite roll back the whole transaction itself (SQLITE_FULL in a
//   statement, SQLITE_IOERR, ON CONFLICT ROLLBACK) fails alone: the others run again at once, in
//   a new transaction.
// - With one write in a turn (no load) the group is that write: one event-loop turn later than
//   running it at once (setImmediate), nothing else.
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { atomicallyOnSqlite, perDatabase, sqliteOf } from './prepared.ts';
import { cachedStatement } from './statement-cache.ts';

interface Pending {
  work: (sqlite: SQLite.Database) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Group {
  waiting: Pending[];
  scheduled: boolean;
}

const groupOf = perDatabase<Group>(() => ({ waiting: [], scheduled: false }));

/**
 * Runs `work` (synchronous statements on the connection) atomically, committed with the other
 * writes of this turn of the event loop; undefined when `db` is not SQLite or is already a
 * transaction (the caller's transaction holds the connection).
 */
export function inGroupCommit<T>(db: Kysely<Database>, work: (sqlite: SQLite.Database) => T): Promise<T> | undefined {
  if (!sqliteOf(db) || db.isTransaction) return undefined;
  const group = groupOf(db);
  return new Promise<T>((resolve, reject) => {
    group.waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
    if (!group.scheduled) {
      group.scheduled = true;
      setImmediate(() => void commitGroup(db, group));
    }
  });
}

/**
 * A write's error after which SQLite had rolled back the whole transaction itself (SQLITE_FULL,
 * SQLITE_IOERR, a constraint with ON CONFLICT ROLLBACK…): that write failed; the others of the
 * group did nothing wrong, and nothing of theirs was kept.
 */
class TransactionEnded {
  constructor(
    readonly index: number,
    readonly error: unknown,
  ) {}
}

async function commitGroup(db: Kysely<Database>, group: Group): Promise<void> {
  group.scheduled = false;
  let writes = group.waiting.splice(0);
  // Each round either settles every write or takes out the one that ended the transaction, whose
  // caller hears its own error, and runs the others again in a new transaction (their guards
  // read the database again): so at most one round per write.
  while (writes.length > 0) {
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      await atomicallyOnSqlite(db, (sqlite) => {
        const savepoint = cachedStatement(sqlite, 'savepoint grouped_write');
        const release = cachedStatement(sqlite, 'release grouped_write');
        const undo = cachedStatement(sqlite, 'rollback to grouped_write');
        writes.forEach((write, i) => {
          savepoint.run();
          try {
            outcomes.push({ ok: true, value: write.work(sqlite) });
          } catch (error) {
            if (!sqlite.inTransaction) throw new TransactionEnded(i, error);
            // Any other error undoes this write alone.
            undo.run();
            outcomes.push({ ok: false, error });
          }
          release.run();
        });
      });
    } catch (error) {
      if (error instanceof TransactionEnded) {
        writes[error.index]!.reject(error.error);
        // The writes that failed on their own before it were undone alone: their errors stand.
        const again: Pending[] = [];
        writes.forEach((write, i) => {
          const outcome = outcomes[i];
          if (i === error.index) return;
          if (outcome && !outcome.ok) write.reject(outcome.error);
          else again.push(write);
        });
        writes = again;
        continue;
      }
      // BEGIN refused (SQLITE_BUSY) or a failed COMMIT: none of them happened.
      for (const write of writes) write.reject(error);
      return;
    }
    writes.forEach((write, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) write.resolve(outcome.value);
      else write.reject(outcome.error);
    });
    return;
  }
}
