// Audit of the job engine (docs/decisions/017-durable-jobs.md): a job whose process dies while running it (out of memory, killed,
// a crash its own handler causes) is claimed again once its lease ends: at least once. Each such
// claim counts as a try; a job whose tries all ended that way is dead with a reason the admins
// read, not claimed for ever (a job that crashes every process that runs it would otherwise
// restart them every lease, for ever). A recurring job is never dead. SQLite, and PostgreSQL
// when TEST_DATABASE_URL is set.
import { describe, expect, it } from 'vitest';
import { createJobs, type JobHandler } from '#server/jobs/jobs.ts';
import { movableClock, quietLog, useJobsTestApp } from '#tests/helpers/jobs.ts';
import type { TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
const clock = movableClock(new Date('2030-01-01T00:00:00.000Z'));

useJobsTestApp((app) => {
  t = app;
}, { now: clock.now });

/** What a worker's claim leaves behind when its process is killed in the middle of the job. */
async function crashedWhileRunning(id: string) {
  await t.deps.db.kysely
    .updateTable('job')
    .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), lockedBy: 'killed-process', lockedUntil: clock.now().toISOString() }))
    .where('id', '=', id)
    .execute();
}

async function workerWith(handler: JobHandler) {
  const jobs = createJobs({ db: t.deps.db, log: quietLog, now: clock.now });
  await jobs.start({ handlers: { 'test.crashy': handler }, schedules: [] }, { poll: false });
  return jobs;
}

const theRow = () => t.deps.db.kysely.selectFrom('job').select(['status', 'attempts', 'lastError']).executeTakeFirst();

describe('a job whose process dies while running it', () => {
  it('is run again while it has tries left', async () => {
    const ran: unknown[] = [];
    const jobs = await workerWith({ run: async (payload) => void ran.push(payload) });
    await jobs.enqueue(t.deps.db.kysely, { kind: 'test.crashy', payload: 'once', maxAttempts: 3 });
    const { id } = await t.deps.db.kysely.selectFrom('job').select('id').executeTakeFirstOrThrow();
    await crashedWhileRunning(id);
    clock.advance(60_000);
    expect(await jobs.runDue()).toBe(1);
    expect(ran).toEqual(['once']);
    expect(await theRow()).toBeUndefined();
  });

  it('is dead, not run, once every try ended with its process, and says so to the admins', async () => {
    const ran: unknown[] = [];
    const jobs = await workerWith({ run: async (payload) => void ran.push(payload) });
    await jobs.enqueue(t.deps.db.kysely, { kind: 'test.crashy', payload: 'poison', maxAttempts: 2 });
    const { id } = await t.deps.db.kysely.selectFrom('job').select('id').executeTakeFirstOrThrow();
    await crashedWhileRunning(id);
    clock.advance(60_000);
    await crashedWhileRunning(id);
    clock.advance(60_000);
    await jobs.runDue();
    expect(ran).toEqual([]);
    const row = await theRow();
    expect(row).toMatchObject({ status: 'dead', attempts: 2 });
    expect(row?.lastError).toMatch(/stopped while running it/);
    // As an admin sees it, with Retry now: it runs again with fresh tries.
    const dead = await t.deps.jobs.list({ state: 'dead', limit: 10 });
    expect(dead.map((j) => [j.id, j.lastError])).toEqual([[id, row?.lastError]]);
    expect(await t.deps.jobs.retryNow(id)).toBe(true);
    expect(await jobs.runDue()).toBe(1);
    expect(ran).toEqual(['poison']);
  });
});
