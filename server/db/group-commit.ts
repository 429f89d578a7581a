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

async function commitGroup(db: Kysely<Database>, group: Group): Promise<void> {
  group.scheduled = false;
  const writes = group.waiting.splice(0);
  const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
  try {
    await atomicallyOnSqlite(db, (sqlite) => {
      const savepoint = cachedStatement(sqlite, 'savepoint grouped_write');
      const release = cachedStatement(sqlite, 'release grouped_write');
      const undo = cachedStatement(sqlite, 'rollback to grouped_write');
      for (const write of writes) {
        savepoint.run();
        try {
          outcomes.push({ ok: true, value: write.work(sqlite) });
        } catch (error) {
          // An error that ended the whole transaction (SQLite rolls it back itself on some I/O
          // errors) fails the group; any other undoes this write alone.
          if (!sqlite.inTransaction) throw error;
          undo.run();
          outcomes.push({ ok: false, error });
        }
        release.run();
      }
    });
  } catch (error) {
    for (const write of writes) write.reject(error);
    return;
  }
  writes.forEach((write, i) => {
    const outcome = outcomes[i]!;
    if (outcome.ok) write.resolve(outcome.value);
    else write.reject(outcome.error);
  });
}
