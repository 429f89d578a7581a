// The only SQL of server/jobs. A job is claimed by one UPDATE that marks it running for one
// worker until a lease ends: on PostgreSQL the rows are picked with FOR UPDATE SKIP LOCKED (two
// workers never wait for each other nor take the same row); on SQLite the statement runs under
// the database's single write lock, which serialises every claim (docs/decisions/017).
import { sql, type Kysely, type Selectable } from 'kysely';
import type { JobCounts, JobState } from '#contract/admin-jobs.ts';
import { dialectOf } from '#server/db/dialect.ts';
import type { Database, JobTable } from '#server/db/schema.ts';
import { afterKey } from '#server/db/keyset.ts';
import { perShape } from '#server/db/prepared-shapes.ts';
import { prepare, type BoundQuery } from '#server/db/prepared.ts';

/** A job as stored: the table's row (schema.ts). */
export type JobRow = Selectable<JobTable>;

/** A job as written by enqueue. */
export type JobInsert = {
  id: string;
  kind: string;
  payload: string;
  runAt: string;
  maxAttempts: number;
  key: string | null;
  createdAt: string;
  recipient: string | null;
  /** The request it came from, for its log lines (request-origin.ts); null when none (a schedule, a script). */
  requestId?: string | null;
};

/** A job without a key, the common case (a booking's emails), compiled once. */
const insertKeylessJob = prepare((db, p: Omit<JobInsert, 'key'>) =>
  db.insertInto('job').values({ id: p.id, kind: p.kind, payload: p.payload, runAt: p.runAt, maxAttempts: p.maxAttempts, createdAt: p.createdAt, recipient: p.recipient, requestId: p.requestId ?? null, status: sql.lit('queued'), attempts: sql.lit(0) }),
);
/**
 * A job with a key: a second job of the same key is not added while the first waits or runs. One
 * that gave up (dead) is queued again instead, now, with fresh attempts and the new payload (its
 * last error kept until the next try, as "Retry now" does): a dead job must not swallow every
 * later job of its key (a user's next "Download my data") until an admin notices.
 */
const insertKeyedJob = prepare((db, p: JobInsert) =>
  db
    .insertInto('job')
    .values({ id: p.id, kind: p.kind, payload: p.payload, runAt: p.runAt, maxAttempts: p.maxAttempts, key: p.key, createdAt: p.createdAt, recipient: p.recipient, requestId: p.requestId ?? null, status: sql.lit('queued'), attempts: sql.lit(0) })
    .onConflict((oc) =>
      oc
        .column('key')
        // SQLite's partial unique index of keyed jobs (migration 0020); PostgreSQL's unique constraint answers it too.
        .where(sql.ref('key'), 'is not', null)
        .doUpdateSet((eb) => ({ status: sql.lit('queued'), attempts: sql.lit(0), runAt: eb.ref('excluded.runAt'), payload: eb.ref('excluded.payload'), maxAttempts: eb.ref('excluded.maxAttempts') }))
        .where('job.status', '=', sql.lit('dead')),
    ),
);

/** The job's row insert, to run in a transaction or as a step of a guarded write (server/db/guarded-write.ts). */
export function jobInsert(job: JobInsert): BoundQuery {
  return job.key === null ? insertKeylessJob.withValues(job) : insertKeyedJob.withValues(job);
}

/** Adds the job's row in this transaction (or alone, on the database). */
export async function insertJob(db: Kysely<Database>, job: JobInsert): Promise<void> {
  await jobInsert(job).run(db);
}

/**
 * Marks up to `limit` due jobs running for `worker` until `until` and returns them: queued jobs
 * whose time has come, and running jobs whose worker's lease ran out (it crashed). On PostgreSQL
 * the rows are picked FOR UPDATE SKIP LOCKED; SQLite has no such clause (nor needs it).
 */
const claimDue = (skipLocked: boolean) =>
  prepare((db, p: { now: string; until: string; worker: string; limit: number }) =>
    db
      .updateTable('job')
      .set((eb) => ({ status: sql.lit('running'), attempts: eb('attempts', '+', eb.lit(1)), lockedBy: p.worker, lockedUntil: p.until }))
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('job')
          .select('job.id')
          .where((w) =>
            w.or([
              w.and([w('job.status', '=', sql.lit('queued')), w('job.runAt', '<=', p.now)]),
              w.and([w('job.status', '=', sql.lit('running')), w('job.lockedUntil', '<=', p.now)]),
            ]),
          )
          .orderBy('job.runAt')
          .orderBy('job.id')
          .limit(p.limit)
          .$if(skipLocked, (q) => q.forUpdate().skipLocked()),
      )
      .returningAll(),
  );
const claimDueFor = { sqlite: claimDue(false), postgres: claimDue(true) };
/** The job of this key whatever its time (queued, or running past its lease). */
const claimKeyed = prepare((db, p: { key: string; now: string; until: string; worker: string }) =>
  db
    .updateTable('job')
    .set((eb) => ({ status: sql.lit('running'), attempts: eb('attempts', '+', eb.lit(1)), lockedBy: p.worker, lockedUntil: p.until }))
    .where('key', '=', p.key)
    .where((w) => w.or([w('status', '=', sql.lit('queued')), w.and([w('status', '=', sql.lit('running')), w('lockedUntil', '<=', p.now)])]))
    .returningAll(),
);
const renewLeases = prepare((db, p: { worker: string; until: string }) =>
  db.updateTable('job').set({ lockedUntil: p.until }).where('lockedBy', '=', p.worker).where('status', '=', sql.lit('running')),
);
/** A claimed job its worker never started (it is stopping): queued again as it was, its claim's try not counted. */
const releaseHeld = prepare((db, p: { id: string; worker: string }) =>
  db
    .updateTable('job')
    .set((eb) => ({ status: sql.lit('queued'), attempts: eb('attempts', '-', eb.lit(1)), lockedBy: sql.lit(null), lockedUntil: sql.lit(null) }))
    .where('id', '=', p.id)
    .where('lockedBy', '=', p.worker)
    .where('status', '=', sql.lit('running')),
);
const removeHeld = prepare((db, p: { id: string; worker: string }) => db.deleteFrom('job').where('id', '=', p.id).where('lockedBy', '=', p.worker));
/** `startedAt`: when the try that failed started (the job's last run); null for a try never started. */
type Failure = { id: string; worker: string; status: 'queued' | 'dead'; runAt: string; error: string; startedAt: string | null };
/** A failure as callers give it: without `startedAt`, no run is recorded. */
type FailureInput = Omit<Failure, 'startedAt'> & { startedAt?: string | null };
/**
 * A failure recorded, the attempts kept (a retry counts them), reset (a recurring job's next run),
 * or less the claim that found the job dead without running it ('unclaimed').
 */
type Attempts = 'kept' | 'reset' | 'unclaimed';
const failHeld = (attempts: Attempts) =>
  prepare((db, p: Failure) =>
    db
      .updateTable('job')
      .set({ status: p.status, runAt: p.runAt, lastError: p.error, lockedBy: sql.lit(null), lockedUntil: sql.lit(null) })
      .$if(attempts === 'reset', (q) => q.set({ attempts: sql.lit(0) }))
      .$if(attempts === 'unclaimed', (q) => q.set((eb) => ({ attempts: eb('attempts', '-', eb.lit(1)) })))
      // A try that never started (unclaimed) is no run.
      .$if(attempts !== 'unclaimed', (q) => q.set({ lastRunAt: p.startedAt }))
      .where('id', '=', p.id)
      .where('lockedBy', '=', p.worker),
  );
const failHeldFor: Record<Attempts, ReturnType<typeof failHeld>> = { kept: failHeld('kept'), reset: failHeld('reset'), unclaimed: failHeld('unclaimed') };
const rescheduleHeld = prepare((db, p: { id: string; worker: string; runAt: string; startedAt: string | null }) =>
  db
    .updateTable('job')
    .set({ status: sql.lit('queued'), runAt: p.runAt, lastRunAt: p.startedAt, attempts: sql.lit(0), lastError: sql.lit(null), lockedBy: sql.lit(null), lockedUntil: sql.lit(null) })
    .where('id', '=', p.id)
    .where('lockedBy', '=', p.worker),
);
const failedBefore = sql<number>`case when "lastError" is not null then 1 else 0 end`;
const jobCounts = prepare((db) =>
  db.selectFrom('job').select(['status', failedBefore.as('failedBefore')]).select((eb) => eb.fn.countAll<number>().as('n')).groupBy(['status', failedBefore]),
);
/** One page of the jobs in a state (every state: undefined), the first or one after (runAt, id): one prepared query per shape. */
const jobsPage = perShape(({ state, paged }: { state: JobState | null; paged: boolean }) =>
  prepare((db, p: { limit: number; runAt: string; id: string }) => {
    let q = db.selectFrom('job').selectAll();
    if (state === 'queued') q = q.where('status', '=', sql.lit('queued')).where('lastError', 'is', null);
    else if (state === 'failed') q = q.where('status', '=', sql.lit('queued')).where('lastError', 'is not', null);
    else if (state) q = q.where('status', '=', sql.lit(state));
    if (paged) q = q.where((eb) => afterKey(eb, ['runAt', 'id'], [p.runAt, p.id], 'asc'));
    return q.orderBy('runAt').orderBy('id').limit(p.limit);
  }),
);
const jobsPageFor = (state: JobState | undefined, paged: boolean) => jobsPage({ state: state ?? null, paged });
const jobById = prepare((db, p: { id: string }) => db.selectFrom('job').selectAll().where('id', '=', p.id));
/** A failed (queued after a failure) or dead job due now with fresh attempts. */
const retryFailed = prepare((db, p: { id: string; now: string }) =>
  db
    .updateTable('job')
    .set({ status: sql.lit('queued'), runAt: p.now, attempts: sql.lit(0) })
    .where('id', '=', p.id)
    .where((w) => w.or([w('status', '=', sql.lit('dead')), w.and([w('status', '=', sql.lit('queued')), w('lastError', 'is not', null)])])),
);

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const withCounts = (row: JobRow): JobRow => ({ ...row, attempts: Number(row.attempts), maxAttempts: Number(row.maxAttempts) });

export function jobRepository(db: Kysely<Database>) {
  const claimDueQuery = claimDueFor[dialectOf(db)];
  return {
    /**
     * Marks up to `limit` due jobs running for `worker` until `until` and returns them: queued
     * jobs whose time has come, and running jobs whose worker's lease ran out (it crashed).
     */
    async claim(p: { now: string; until: string; worker: string; limit: number }): Promise<JobRow[]> {
      // In the order they were queued (their time, then their id, which grows with time): an
      // UPDATE's RETURNING keeps no order on PostgreSQL, and a webhook endpoint must hear of a
      // booking before its cancellation when both are claimed at once.
      return (await claimDueQuery(db, p)).rows.map(withCounts).sort((a, b) => compare(a.runAt, b.runAt) || compare(a.id, b.id));
    },

    /** Claims the job of this key whatever its time (queued, or running past its lease); undefined when another worker holds it. */
    async claimKey(p: { key: string; now: string; until: string; worker: string }): Promise<JobRow | undefined> {
      const row = (await claimKeyed(db, p)).rows[0];
      return row && withCounts(row);
    },

    /** The worker is alive: its running jobs stay its own until `until`. */
    async renew(worker: string, until: string): Promise<void> {
      await renewLeases(db, { worker, until });
    },

    /** Claimed but not started (the worker is stopping): due again for any worker, if this worker still holds it. */
    async release(id: string, worker: string): Promise<void> {
      await releaseHeld(db, { id, worker });
    },

    /** Done: removed, if this worker still holds it. */
    async complete(id: string, worker: string): Promise<void> {
      await removeHeld(db, { id, worker });
    },

    /** Tried again at `runAt` (queued) or given up (dead), with the error; if this worker still holds it. */
    async fail(p: FailureInput & { attempts?: Attempts }): Promise<void> {
      const { attempts = 'kept', startedAt = null, ...failure } = p;
      await failHeldFor[attempts](db, { ...failure, startedAt });
    },

    /** A recurring job done: queued again for its next time. */
    async reschedule(p: { id: string; worker: string; runAt: string; startedAt?: string | null }): Promise<void> {
      await rescheduleHeld(db, { ...p, startedAt: p.startedAt ?? null });
    },

    /** How many jobs are in each state (contract/admin-jobs.ts): queued and failed are disjoint. */
    async counts(): Promise<JobCounts> {
      const { rows } = await jobCounts(db, {});
      const counts = { queued: 0, running: 0, failed: 0, dead: 0 };
      for (const row of rows) {
        const state: JobState = row.status === 'queued' && Number(row.failedBefore) === 1 ? 'failed' : row.status;
        counts[state] += Number(row.n);
      }
      return counts;
    },

    /** One page of the jobs in `state` (every state when absent), next to run first: the admin's dashboard. */
    async list(p: { state?: JobState; after?: readonly [string, string]; limit: number }): Promise<JobRow[]> {
      const [runAt, id] = p.after ?? ['', ''];
      const { rows } = await jobsPageFor(p.state, p.after !== undefined)(db, { limit: p.limit, runAt, id });
      return rows.map(withCounts);
    },

    async find(id: string): Promise<JobRow | undefined> {
      const row = (await jobById(db, { id })).rows[0];
      return row && withCounts(row);
    },

    /**
     * "Retry now": a job that failed (queued again after a failure) or gave up (dead) becomes due
     * at once with fresh attempts; its last error stays until the next try. false when there is
     * no such job (gone, waiting for its first try, or running).
     */
    async retryNow(id: string, now: string): Promise<boolean> {
      return ((await retryFailed(db, { id, now })).numAffectedRows ?? 0n) > 0n;
    },
  };
}

/** The state an admin sees (contract/admin-jobs.ts): a queued job that failed before is "failed". */
export function jobState(row: Pick<JobRow, 'status' | 'lastError'>): JobState {
  return row.status === 'queued' && row.lastError !== null ? 'failed' : row.status;
}
