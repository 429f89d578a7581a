// server/jobs on the test database (SQLite, and PostgreSQL when TEST_DATABASE_URL is set): a job
// exists only if the transaction that enqueued it commits, each job runs in one worker even with
// two workers on two connections, failures are retried later and end dead with their last
// error, a dead worker's job is taken again after its lease, and a recurring job runs once per
// period across workers.
import { describe, expect, it } from 'vitest';
import type { Db } from '#server/db/database.ts';
import { createJobs, type JobHandler } from '#server/jobs/jobs.ts';
import { movableClock, quietLog, until, useJobsTestApp } from '#tests/helpers/jobs.ts';
import type { TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
const { now, advance } = movableClock(new Date('2030-01-01T00:00:00.000Z'));
let second: Db;

useJobsTestApp((app, other) => {
  t = app;
  second = other;
}, { now: now });

const jobsOn = (db: Db, opts: { leaseMs?: number } = {}) => createJobs({ db, log: quietLog, now, pollMs: 20, ...opts });
const rows = () => t.deps.db.kysely.selectFrom('job').selectAll().orderBy('createdAt').execute();

function recorder(fail?: (payload: unknown) => string | null): { handler: JobHandler; runs: unknown[] } {
  const runs: unknown[] = [];
  return {
    runs,
    handler: {
      async run(payload) {
        runs.push(payload);
        const error = fail?.(payload);
        if (error) throw new Error(error);
      },
    },
  };
}

describe('jobs', () => {
  it('exist only when the transaction that enqueued them commits', async () => {
    const { handler, runs } = recorder();
    const jobs = jobsOn(t.deps.db);
    await expect(
      t.deps.db.kysely.transaction().execute(async (trx) => {
        await jobs.enqueue(trx, { kind: 'test.echo', payload: { n: 'rolled back' } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.deps.db.kysely.transaction().execute(async (trx) => jobs.enqueue(trx, { kind: 'test.echo', payload: { n: 'committed' } }));
    await jobs.start({ handlers: { 'test.echo': handler }, schedules: [] }, { poll: false });
    await jobs.runDue();
    expect(runs).toEqual([{ n: 'committed' }]);
    expect(await rows()).toEqual([]);
  });

  it('runs each of 200 jobs once with two workers on two connections', async () => {
    const a = recorder();
    const b = recorder();
    const [workerA, workerB] = [jobsOn(t.deps.db), jobsOn(second)];
    await t.deps.db.kysely.transaction().execute((trx) => workerA.enqueue(trx, Array.from({ length: 200 }, (_, n) => ({ kind: 'test.echo', payload: n }))));
    await Promise.all([workerA.start({ handlers: { 'test.echo': a.handler }, schedules: [] }), workerB.start({ handlers: { 'test.echo': b.handler }, schedules: [] })]);
    await until(async () => (await rows()).length === 0);
    await Promise.all([workerA.stop(), workerB.stop()]);
    const all = [...a.runs, ...b.runs] as number[];
    expect(all).toHaveLength(200);
    expect(new Set(all).size).toBe(200);
    // Both took part (each claims a batch at a time).
    expect(a.runs.length).toBeGreaterThan(0);
    expect(b.runs.length).toBeGreaterThan(0);
  });

  it('retries a failing job later with back-off, then keeps it dead with the last error', async () => {
    let attempt = 0;
    const { handler, runs } = recorder(() => `refused #${++attempt}`);
    const jobs = jobsOn(t.deps.db);
    await jobs.enqueue(t.deps.db.kysely, { kind: 'test.flaky', payload: 'x', maxAttempts: 3 });
    await jobs.start({ handlers: { 'test.flaky': handler }, schedules: [] }, { poll: false });
    expect(await jobs.runDue()).toBe(1);
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'refused #1' });
    // Not before its time: the first retry 30 s later.
    expect(Date.parse(row!.runAt) - now().getTime()).toBe(30_000);
    expect(await jobs.runDue()).toBe(0);
    advance(30_000);
    expect(await jobs.runDue()).toBe(1);
    [row] = await rows();
    expect(row).toMatchObject({ status: 'queued', attempts: 2, lastError: 'refused #2' });
    expect(Date.parse(row!.runAt) - now().getTime()).toBe(60_000);
    advance(60_000);
    expect(await jobs.runDue()).toBe(1);
    [row] = await rows();
    expect(row).toMatchObject({ status: 'dead', attempts: 3, lastError: 'refused #3', lockedBy: null });
    advance(3_600_000);
    expect(await jobs.runDue()).toBe(0);
    expect(runs).toHaveLength(3);
    expect(await t.deps.jobs.counts()).toEqual({ queued: 0, running: 0, failed: 0, dead: 1 });

    // Retry now: due at once with fresh attempts.
    expect(await jobs.retryNow(row!.id)).toBe(true);
    expect(await t.deps.jobs.counts()).toEqual({ queued: 0, running: 0, failed: 1, dead: 0 });
  });

  it('shows the counts in GET /api/health to admins only', async () => {
    const admin = await t.actor({ role: 'admin' });
    const student = await t.actor({ role: 'student' });
    // Their verification emails aside (this file's app has its worker stopped).
    await t.deps.db.kysely.deleteFrom('job').execute();
    await t.deps.jobs.enqueue(t.deps.db.kysely, [{ kind: 'test.echo', payload: 1 }, { kind: 'test.echo', payload: 2 }]);
    expect((await t.request(admin, { method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', database: 'up', jobs: { queued: 2, running: 0, failed: 0, dead: 0 } });
    expect((await t.request(student, { method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', database: 'up' });
    expect((await t.request(null, { method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('gives a job whose worker died to another worker once the lease is over', async () => {
    const { handler, runs } = recorder();
    const dying = jobsOn(t.deps.db, { leaseMs: 60_000 });
    await dying.enqueue(t.deps.db.kysely, { kind: 'test.echo', payload: 'survives' });
    // The dying worker claims the job, starts it and never finishes it (as if killed mid-job).
    let started = false;
    await dying.start({ handlers: { 'test.echo': { run: () => ((started = true), new Promise(() => {})) } }, schedules: [] });
    await until(async () => started && (await rows())[0]?.status === 'running');
    await dying.stop(50);
    const other = jobsOn(second);
    await other.start({ handlers: { 'test.echo': handler }, schedules: [] }, { poll: false });
    expect(await other.runDue()).toBe(0);
    advance(60_000);
    expect(await other.runDue()).toBe(1);
    expect(runs).toEqual(['survives']);
    expect(await rows()).toEqual([]);
  });

  it('keeps a long job with its worker while the worker lives (the lease is renewed)', async () => {
    let finish: () => void = () => {};
    const runs: unknown[] = [];
    const slow: JobHandler = { run: (payload) => new Promise<void>((resolve) => ((finish = resolve), runs.push(payload))) };
    const busy = jobsOn(t.deps.db, { leaseMs: 90 });
    await busy.enqueue(t.deps.db.kysely, { kind: 'test.slow', payload: 'long' });
    await busy.start({ handlers: { 'test.slow': slow }, schedules: [] });
    await until(async () => runs.length === 1);
    // Far past the first lease; the living worker has renewed it meanwhile.
    advance(1_000);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const other = jobsOn(second);
    await other.start({ handlers: { 'test.slow': slow }, schedules: [] }, { poll: false });
    expect(await other.runDue()).toBe(0);
    finish();
    await until(async () => (await rows()).length === 0);
    await busy.stop();
    expect(runs).toEqual(['long']);
  });

  it('runs a recurring job once per period, whichever worker takes it', async () => {
    const a = recorder();
    const b = recorder();
    const [workerA, workerB] = [jobsOn(t.deps.db), jobsOn(second)];
    const schedules = [{ kind: 'test.tick', everyMs: 60_000 }];
    await workerA.start({ handlers: { 'test.tick': a.handler }, schedules });
    await workerB.start({ handlers: { 'test.tick': b.handler }, schedules });
    await until(() => a.runs.length + b.runs.length === 1);
    await Promise.all([workerA.stop(), workerB.stop()]);
    expect(await rows()).toHaveLength(1);
    await Promise.all([workerA.runDue(), workerB.runDue()]);
    expect(a.runs.length + b.runs.length).toBe(1);
    advance(60_000);
    await Promise.all([workerA.runDue(), workerB.runDue()]);
    expect(a.runs.length + b.runs.length).toBe(2);
    const [row] = await rows();
    expect(row).toMatchObject({ kind: 'test.tick', status: 'queued', runAt: new Date(now().getTime() + 60_000).toISOString() });
  });
});
