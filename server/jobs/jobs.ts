// Background and scheduled work, durable in our own database (docs/decisions/017-durable-jobs.md).
//
//   await deps.jobs.enqueue(trx, { kind: 'email', payload })   // in the transaction of its cause
//
// A job is a row written in the same transaction as the change that causes it, so both commit
// or neither does. Workers (one per process, started with the app, stopped by its close) claim
// due rows, each row by one worker, run the kind's handler, and delete the row when it succeeds.
// A failure is tried again later (retry-policy.ts) until the row's maxAttempts, then the row is
// kept as dead with its last error. A worker that dies mid-job loses its lease and the job is
// claimed again: handlers are at-least-once, so each must be idempotent or harmless to repeat.
// Recurring jobs (schedules) are one row each, queued again after every run: several processes
// share them and each run happens in one of them.
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { JobState } from '#contract/admin-jobs.ts';
import type { Db } from '#server/db/database.ts';
import type { Work } from '#server/db/unit-of-work.ts';
import type { Database } from '#server/db/schema.ts';
import { newId } from '#server/ids.ts';
import { currentRequestId, withRequestId } from './request-origin.ts';
import { insertJob, jobRepository, type JobInsert, type JobRow } from './job-repository.ts';
import { DEFAULT_MAX_ATTEMPTS, retryDelayMs } from './retry-policy.ts';

export interface NewJob {
  kind: string;
  /** Anything JSON can hold; given back to the handler. */
  payload: unknown;
  /** Not before then (default: now). */
  runAt?: Date;
  /** Tries before the job is dead (default DEFAULT_MAX_ATTEMPTS). */
  maxAttempts?: number;
  /** At most one job with this key exists at a time. */
  key?: string;
  /** An email's address, when known as it is enqueued: the recipient's export finds it by this exact address. */
  recipient?: string;
}

/** runScheduleNow could not run the job within its wait: another process holds it (running, or crashed with its lease). */
export class ScheduleBusyError extends Error {
  constructor(kind: string, waitedMs: number) {
    super(`the scheduled job ${kind} stayed busy for ${waitedMs} ms`);
    this.name = 'ScheduleBusyError';
  }
}

export interface JobContext {
  id: string;
  /** 1 on the first try. */
  attempt: number;
}

export interface JobHandler {
  run(payload: unknown, job: JobContext): Promise<void>;
  /** Wait after the `attempt`-th failed try (default retryDelayMs). */
  retryDelayMs?(attempt: number): number;
}

/** A job that runs every `everyMs`, once across all processes; its handler is handlers[kind]. */
export interface Schedule {
  kind: string;
  everyMs: number;
}

export interface JobWork {
  handlers: Record<string, JobHandler>;
  schedules: Schedule[];
}

export interface JobsOptions {
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  /** How often an idle worker looks for due jobs (other processes' jobs, retries, schedules). */
  pollMs?: number;
  /**
   * How long a claimed job is its worker's without news from it; the worker renews the lease of
   * its running jobs every third of it, so only a worker that died loses them.
   */
  leaseMs?: number;
  /** Jobs run at the same time by this process. */
  concurrency?: number;
}

export type Jobs = ReturnType<typeof createJobs>;

const BATCH = 16;
/** Pause before a job while requests are waiting (docs/decisions/011, 017). */
const BUSY_PAUSE_MS = 20;
/**
 * Longest a worker keeps waiting before a job while queries keep waiting for one of the pool's
 * connections: under any load, each lane still runs a job at least this often.
 */
const MAX_YIELD_MS = 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the event loop was more than 90 % busy over the last ~100 ms: requests go first then. One per worker. */
function loopMeter(): () => boolean {
  let lastSample = performance.eventLoopUtilization();
  let lastBusy = false;
  let lastCheck = 0;
  return () => {
    const now = performance.now();
    if (now - lastCheck >= 100) {
      const sample = performance.eventLoopUtilization();
      lastBusy = performance.eventLoopUtilization(sample, lastSample).utilization > 0.9;
      lastSample = sample;
      lastCheck = now;
    }
    return lastBusy;
  };
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

export function createJobs(options: JobsOptions) {
  const { db, log, now } = options;
  const pollMs = options.pollMs ?? 1_000;
  const leaseMs = options.leaseMs ?? 30_000;
  const concurrency = options.concurrency ?? 2;
  const repo = jobRepository(db.kysely);
  const worker = `w-${newId()}`;
  const loopIsBusy = loopMeter();
  /**
   * Background work goes after requests; called before each job.
   * - Queries waiting for one of the database's pooled connections (PostgreSQL: the event loop is
   *   idle while the database works, and every query of the worker takes a connection and
   *   database time from them): wait until none is, at most MAX_YIELD_MS. A 20 ms pause let the
   *   worker send about 190 emails during the 5 s booking storm, each with four or five queries,
   *   and took 10–15 % of the storm (decision 017).
   * - The event loop busy (SQLite: in-process; the worker's own jobs count too, so a longer wait
   *   would throttle a worker that is alone): 20 ms.
   */
  async function afterRequests(): Promise<void> {
    if (db.waitingForConnection() > 0) {
      const until = performance.now() + MAX_YIELD_MS;
      do await sleep(BUSY_PAUSE_MS);
      while (db.waitingForConnection() > 0 && performance.now() < until);
    } else if (loopIsBusy()) await sleep(BUSY_PAUSE_MS);
    else await new Promise((resolve) => setImmediate(resolve));
  }

  let work: JobWork = { handlers: {}, schedules: [] };
  let recurring = new Map<string, Schedule>();
  let running = false;
  let loop: Promise<void> = Promise.resolve();
  let sleeper: { timer: NodeJS.Timeout; wake: () => void } | null = null;
  let wakeAsked = false;

  function toInsert(job: NewJob): JobInsert {
    const at = now();
    return {
      id: newId(at.getTime()),
      kind: job.kind,
      payload: JSON.stringify(job.payload ?? null),
      runAt: (job.runAt ?? at).toISOString(),
      maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      key: job.key ?? null,
      createdAt: at.toISOString(),
      recipient: job.recipient?.trim().toLowerCase() ?? null,
      requestId: currentRequestId(),
    };
  }

  /** Look for work soon: called after an enqueue (its transaction commits meanwhile). */
  function wake(): void {
    wakeAsked = true;
    const asleep = sleeper;
    if (asleep) setTimeout(asleep.wake, 5).unref();
  }
  // A unit of work that wrote jobs wakes the worker once it has committed (server/db/unit-of-work.ts).
  db.onCommit((committed) => {
    if (committed.jobs > 0) wake();
  });

  // While jobs run, their leases are renewed (a killed process stops renewing: its jobs are
  // claimed again within leaseMs).
  let heartbeat: NodeJS.Timeout | null = null;
  let holding = 0;
  async function holdingLeases<T>(work: () => Promise<T>): Promise<T> {
    holding++;
    heartbeat ??= setInterval(() => {
      repo.renew(worker, new Date(now().getTime() + leaseMs).toISOString()).catch((err: unknown) => log.error({ err }, 'renewing job leases failed'));
    }, leaseMs / 3).unref();
    try {
      return await work();
    } finally {
      if (--holding === 0 && heartbeat) {
        clearInterval(heartbeat);
        heartbeat = null;
      }
    }
  }

  async function runOne(row: JobRow): Promise<void> {
    // The job's lines carry the id of the request it came from; so do the jobs it enqueues.
    if (row.requestId !== null) return withRequestId(row.requestId, () => runJob(row, log.child({ reqId: row.requestId })));
    return runJob(row, log);
  }

  async function runJob(row: JobRow, log: FastifyBaseLogger): Promise<void> {
    const handler = work.handlers[row.kind];
    const schedule = recurring.get(row.kind);
    // A recurring job's next time counts from when this run started: whatever it saw was as of then.
    const startedAt = now().getTime();
    const isSchedule = schedule !== undefined && row.key === scheduleKey(schedule);
    if (!isSchedule && row.attempts > row.maxAttempts) {
      // Every try was claimed and never ended: each time the process running it stopped (killed,
      // out of memory, a crash the job itself may cause). Not run again: dead, for the admins.
      const error = `Its process stopped while running it, on each of its ${row.maxAttempts} tries (killed or crashed); not run again.`;
      log.error({ job: row.id, kind: row.kind, attempts: row.maxAttempts }, 'job dead: its process stopped on every try');
      await repo.fail({ id: row.id, worker, status: 'dead', runAt: new Date(startedAt).toISOString(), error, attempts: 'unclaimed' });
      return;
    }
    try {
      if (!handler) throw new Error(`no handler for jobs of kind ${row.kind}`);
      await handler.run(JSON.parse(row.payload) as unknown, { id: row.id, attempt: row.attempts });
      if (!isSchedule) log.info({ job: row.id, kind: row.kind, attempt: row.attempts, ms: now().getTime() - startedAt }, 'job done');
      if (isSchedule) {
        await repo.reschedule({ id: row.id, worker, runAt: new Date(startedAt + schedule.everyMs).toISOString(), startedAt: new Date(startedAt).toISOString() });
      } else {
        await repo.complete(row.id, worker);
      }
    } catch (error) {
      const message = errorText(error);
      if (isSchedule) {
        // A recurring job is never dead: it runs again at its next time.
        log.error({ err: error, job: row.id, kind: row.kind }, 'scheduled job failed');
        await repo.fail({ id: row.id, worker, status: 'queued', runAt: new Date(startedAt + schedule.everyMs).toISOString(), error: message, attempts: 'reset', startedAt: new Date(startedAt).toISOString() });
        return;
      }
      const dead = row.attempts >= row.maxAttempts;
      const delay = (handler?.retryDelayMs ?? retryDelayMs)(row.attempts);
      log[dead ? 'error' : 'warn']({ err: error, job: row.id, kind: row.kind, attempt: row.attempts }, dead ? 'job failed for the last time: dead' : 'job failed: will retry');
      await repo.fail({ id: row.id, worker, status: dead ? 'dead' : 'queued', runAt: new Date(now().getTime() + delay).toISOString(), error: message, startedAt: new Date(startedAt).toISOString() });
    }
  }

  /**
   * The batches being run: claimed rows, the first `next` of them started. A stop hands back the
   * rest at once (release) instead of running them during the shutdown or leaving them to the
   * lease: a process must not begin an email it may be killed in the middle of.
   */
  const batches = new Set<{ rows: JobRow[]; next: number }>();
  /** Bumped by every stop: a claim that was under way then gives back what it took. */
  let stops = 0;

  async function release(rows: JobRow[]): Promise<void> {
    for (const row of rows) await repo.release(row.id, worker).catch((err: unknown) => log.error({ err, job: row.id }, 'handing back a job failed: it is claimed again once its lease ends'));
  }

  /** The rows of every batch not started yet, taken from the batches (their lanes end) and released. */
  function releaseUnstarted(): Promise<void> {
    const unstarted = [...batches].flatMap((batch) => batch.rows.splice(batch.next));
    return release(unstarted);
  }

  /** Claims and runs one batch of due jobs; how many it ran. */
  async function runBatch(): Promise<number> {
    const at = now();
    const stopsBefore = stops;
    const rows = await repo.claim({ now: at.toISOString(), until: new Date(at.getTime() + leaseMs).toISOString(), worker, limit: BATCH });
    if (stops !== stopsBefore) {
      await release(rows);
      return 0;
    }
    const batch = { rows, next: 0 };
    const lane = async () => {
      while (batch.next < batch.rows.length) {
        await afterRequests();
        // Taken after the wait: a stop meanwhile handed the rest back (releaseUnstarted).
        const row = batch.rows[batch.next++];
        if (!row) return;
        await runOne(row).catch((err: unknown) => log.error({ err, job: row.id }, 'recording a job outcome failed'));
      }
    };
    if (rows.length === 0) return 0;
    batches.add(batch);
    try {
      await holdingLeases(() => Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane)));
    } finally {
      batches.delete(batch);
    }
    // The rows it started (a stop took the others back).
    return batch.rows.length;
  }

  async function pollLoop(): Promise<void> {
    while (running) {
      wakeAsked = false;
      let ran = 0;
      try {
        ran = await runBatch();
      } catch (err) {
        // The database is unreachable or busy: try again at the next poll.
        log.error({ err }, 'claiming jobs failed');
      }
      if (!running) break;
      if (ran > 0 || wakeAsked) continue;
      await new Promise<void>((resolve) => {
        // Only this sleep's own wake-up ends it (a late call meant for an earlier sleep does nothing).
        const mine = {
          timer: setTimeout(() => done(), pollMs),
          wake: () => done(),
        };
        const done = () => {
          if (sleeper !== mine) return;
          clearTimeout(mine.timer);
          sleeper = null;
          resolve();
        };
        sleeper = mine;
      });
    }
  }

  const scheduleKey = (schedule: Schedule) => `schedule:${schedule.kind}`;

  return {
    worker,

    /** Adds jobs in `executor`'s transaction (or alone, on the database): they exist once it commits. */
    async enqueue(executor: Kysely<Database>, jobs: NewJob | NewJob[]): Promise<void> {
      for (const job of [jobs].flat()) await insertJob(executor, toInsert(job));
      wake();
    },

    /** The values of a job row, for a repository that inserts it in its own transaction (insertJob) or guarded write (jobInsert). */
    row: toInsert,

    wake,

    /**
     * Registers the kinds' handlers and schedules and starts this process's worker (`poll: false`:
     * no worker; jobs run only through runDue, for tests).
     */
    async start(jobWork: JobWork, opts: { poll?: boolean } = {}): Promise<void> {
      work = jobWork;
      recurring = new Map(jobWork.schedules.map((s) => [s.kind, s]));
      for (const schedule of jobWork.schedules) {
        await insertJob(db.kysely, toInsert({ kind: schedule.kind, payload: {}, key: scheduleKey(schedule), maxAttempts: 1 }));
      }
      if (opts.poll === false) return;
      running = true;
      loop = pollLoop();
    },

    /**
     * Stops looking for jobs, hands back at once the claimed ones not started yet (any worker
     * takes them now) and waits for those running (at most `waitMs`). A job still running then is
     * claimed again by a worker once its lease ends.
     */
    async stop(waitMs = 10_000): Promise<void> {
      running = false;
      stops++;
      sleeper?.wake();
      await releaseUnstarted();
      await Promise.race([loop, new Promise((resolve) => setTimeout(resolve, waitMs).unref())]);
      // Jobs still running are abandoned: their leases run out and another worker takes them.
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
    },

    /**
     * Runs every job due now (and what they enqueue that is due) until none is left; how many
     * ran. For tests with a controllable clock, and scripts.
     */
    async runDue(): Promise<number> {
      let total = 0;
      for (let ran = await runBatch(); ran > 0; ran = await runBatch()) total += ran;
      return total;
    },

    /**
     * Runs the recurring job of `kind` now, in this process, and resolves once it has run (a run
     * that another worker has in progress is waited for, then run again here: it may have started
     * before what the caller needs). For a read that finds work overdue (a hold past its time) and
     * must not show it; the job stays the only code that does the work.
     */
    async runScheduleNow(kind: string, timeoutMs = 10_000): Promise<void> {
      const schedule = recurring.get(kind);
      if (!schedule) throw new Error(`no schedule of kind ${kind}`);
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const at = now();
        const row = await repo.claimKey({ key: scheduleKey(schedule), now: at.toISOString(), until: new Date(at.getTime() + leaseMs).toISOString(), worker });
        if (row) return holdingLeases(() => runOne(row));
        // Its row is missing (removed by hand): put it back.
        await insertJob(db.kysely, toInsert({ kind, payload: {}, key: scheduleKey(schedule), maxAttempts: 1 }));
        if (Date.now() > deadline) throw new ScheduleBusyError(kind, timeoutMs);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },

    /** How many jobs are in each state (the admin's dashboard, GET /api/health for admins). */
    counts: () => repo.counts(),
    /** One page of jobs in a state, next to run first (`after`: the last row's [runAt, id]). */
    list: (p: { state?: JobState; after?: readonly [string, string]; limit: number }) => repo.list(p),
    find: (id: string) => repo.find(id),
    /**
     * A failed or dead job, due at once with fresh attempts; false when there is no such job.
     * `alsoInUnit` is written with the change, or not at all (the audit entry of who retried).
     */
    async retryNow(id: string, alsoInUnit?: (work: Work) => Promise<void>): Promise<boolean> {
      const at = now().toISOString();
      const done = !alsoInUnit
        ? await repo.retryNow(id, at)
        : await db.unitOfWork(async (work) => {
          const retried = await jobRepository(await work.db()).retryNow(id, at);
          if (retried) await alsoInUnit(work);
          return retried;
        });
      if (done) wake();
      return done;
    },
  };
}
