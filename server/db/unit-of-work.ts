// One way for a feature to change data (docs/decisions/043-unit-of-work.md):
//
//   const booked = await deps.db.unitOfWork(async (work) => {
//     work.enqueue(confirmationJob);                        // a job row, written with the change
//     work.changed('publicLists');                          // a cache the change makes stale
//     return repository.book(work, input);                  // the repository's writes
//   });
//
// Inside a unit a repository writes through `work`: `await work.db()` is the unit's transaction
// (begun at the first call), `work.lockRow(table, id)` locks a row in it, `work.guardedWrite`
// runs a guard and its steps. The unit's jobs are written in its transaction, and after the
// commit the unit itself wakes the job worker and drops the caches it declared changed (the
// parts that own them registered with `onCommit`): no feature calls them by hand.
//
// A unit whose only write is one guarded write runs it on its own, with the unit's jobs as its
// last steps (on SQLite, committed with the other writes of its turn of the event loop,
// decision 034; on PostgreSQL, one statement, decision 029): a booking does not pay for a
// transaction. A guard that takes no row writes nothing then, those jobs included. Nothing may be
// written in that unit after it (it has committed): doing so throws.
//
// Row locks and every other dialect rule stay here and in the modules beside it: a feature never
// asks which database it runs on.
import type { ControlledTransaction, Kysely } from 'kysely';
import { jobInsert, type JobInsert } from '#server/jobs/job-repository.ts';
import { guardedWrite } from './guarded-write.ts';
import type { BoundQuery } from './prepared.ts';
import { lockRow, type TableWithId } from './row-lock.ts';
import type { Database } from './schema.ts';

/** The caches a unit may declare changed: the public session lists' response cache (decision 005). */
export type Cache = 'publicLists';

/** What a committed unit wrote that others must hear of. */
export interface Committed {
  /** Job rows written. */
  jobs: number;
  changed: ReadonlySet<Cache>;
}

export interface Work {
  /** The unit's transaction, begun at the first call: reads and writes through it are the unit's. */
  db(): Promise<Kysely<Database>>;
  /**
   * Locks the row `id` of `table` until the unit ends (the unit's transaction begins if it has not):
   * another unit's lock of the same row waits for this one. Call it before the reads it guards.
   * Says whether the row exists.
   */
  lockRow(table: TableWithId, id: string): Promise<boolean>;
  /** `guard`, then `steps` only if it returned a row (server/db/guarded-write.ts); the guard's rows. */
  guardedWrite<G>(guard: BoundQuery<G>, steps?: ReadonlyArray<BoundQuery<unknown>>): Promise<G[]>;
  /** Jobs written with the unit's change: they exist once it commits, and the worker is woken then. */
  enqueue(jobs: JobInsert | readonly JobInsert[]): void;
  /** Declares a cache stale once the unit commits (dropped then, and other processes told). */
  changed(cache: Cache): void;
}

export interface UnitsOfWork {
  unitOfWork<T>(work: (work: Work) => Promise<T>): Promise<T>;
  /** Runs `listener` after every committed unit (the job worker's wake-up, the list cache's invalidation); returns its removal. */
  onCommit(listener: (committed: Committed) => void): () => void;
}

const ALONE = 'this unit of work already committed its one guarded write: begin its transaction (work.db()) before that write to write more';

export function unitsOfWork(kysely: Kysely<Database>): UnitsOfWork {
  const listeners = new Set<(committed: Committed) => void>();
  const tell = (committed: Committed) => {
    if (committed.jobs === 0 && committed.changed.size === 0) return;
    for (const listener of listeners) listener(committed);
  };

  async function unitOfWork<T>(body: (work: Work) => Promise<T>): Promise<T> {
    let opening: Promise<ControlledTransaction<Database>> | undefined;
    /** Set once a guarded write ran alone: it was the unit's one write, and it committed. */
    let aloneWrote: number | undefined;
    const jobs: JobInsert[] = [];
    const changed = new Set<Cache>();
    const begin = () => {
      if (aloneWrote !== undefined) throw new Error(ALONE);
      return (opening ??= kysely.startTransaction().execute());
    };
    const work: Work = {
      db: begin,
      async lockRow(table, id) {
        return lockRow(await begin(), table, id);
      },
      async guardedWrite(guard, steps = []) {
        if (opening) return guardedWrite(await opening, guard, steps);
        if (aloneWrote !== undefined) throw new Error(ALONE);
        const queued = jobs.splice(0);
        aloneWrote = 0;
        const rows = await guardedWrite(kysely, guard, [...steps, ...queued.map(jobInsert)]);
        if (rows.length > 0) aloneWrote = queued.length;
        return rows;
      },
      enqueue(more) {
        if (aloneWrote !== undefined) throw new Error(ALONE);
        jobs.push(...[more].flat());
      },
      changed(cache) {
        changed.add(cache);
      },
    };

    let result: T;
    try {
      result = await body(work);
    } catch (error) {
      if (opening) {
        const trx = await opening.catch(() => undefined);
        await trx?.rollback().execute().catch(() => {});
      } else if (aloneWrote !== undefined) tell({ jobs: aloneWrote, changed });
      throw error;
    }
    if (aloneWrote !== undefined) {
      tell({ jobs: aloneWrote, changed });
      return result;
    }
    if (jobs.length > 0 && !opening) {
      // Only jobs: written together all the same.
      if (jobs.length === 1) await jobInsert(jobs[0]!).run(kysely);
      else opening = kysely.startTransaction().execute();
    }
    if (opening) {
      const trx = await opening;
      try {
        for (const job of jobs) await jobInsert(job).run(trx);
        await trx.commit().execute();
      } catch (error) {
        // A failed COMMIT leaves the connection held: the rollback hands it back.
        await trx.rollback().execute().catch(() => {});
        throw error;
      }
    }
    tell({ jobs: jobs.length, changed });
    return result;
  }

  return {
    unitOfWork,
    onCommit(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
