// Audit of the job engine: a graceful shutdown (a deploy, a restart: normal operation) lets the
// jobs that are running finish and starts no new one. A worker claims due jobs a batch at a time
// (up to 16) and runs them two at a time; the jobs of its batch it has not started yet when the
// app closes are handed back at once, not run during the shutdown (where a slow SMTP server would
// make the process exit in the middle of a send, and the email go out twice) nor kept until the
// lease ends (30 s without email for the other processes). SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set.
import { describe, expect, it } from 'vitest';
import type { Db } from '#server/db/database.ts';
import { createJobs, type JobHandler } from '#server/jobs/jobs.ts';
import { movableClock, quietLog, until, useJobsTestApp } from '#tests/helpers/jobs.ts';
import type { TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
const { now } = movableClock(new Date('2030-01-01T00:00:00.000Z'));
let second: Db;

useJobsTestApp((app, other) => {
  t = app;
  second = other;
}, { now: now });

const rows = () => t.deps.db.kysely.selectFrom('job').select(['status', 'attempts', 'lockedBy', 'lockedUntil']).execute();

/** A handler whose runs wait until `finish()`: each run is recorded when it starts. */
function gated() {
  const started: unknown[] = [];
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  const handler: JobHandler = {
    async run(payload) {
      started.push(payload);
      await gate;
    },
  };
  return { handler, started, finish: () => open() };
}

async function sixSlowJobs() {
  const jobs = createJobs({ db: t.deps.db, log: quietLog, now, pollMs: 20 });
  await jobs.enqueue(t.deps.db.kysely, Array.from({ length: 6 }, (_, n) => ({ kind: 'test.slow', payload: n })));
  return jobs;
}

describe('a graceful shutdown of the jobs', () => {
  it('finishes the jobs running, starts none of the rest of its batch, and hands those back at once', async () => {
    const jobs = await sixSlowJobs();
    const slow = gated();
    await jobs.start({ handlers: { 'test.slow': slow.handler }, schedules: [] });
    // Its batch holds all six; two run (the lanes), four wait their turn.
    await until(() => slow.started.length === 2);
    const stopping = jobs.stop(5_000);
    setTimeout(slow.finish, 50);
    await stopping;
    expect(slow.started).toHaveLength(2);
    // The four it never started: queued again as they were, no try counted, nobody's.
    expect(await rows()).toEqual(Array.from({ length: 4 }, () => ({ status: 'queued', attempts: 0, lockedBy: null, lockedUntil: null })));
    // Another process takes them now (the clock has not moved: no lease to wait for).
    const other = createJobs({ db: second, log: quietLog, now });
    const rest: unknown[] = [];
    await other.start({ handlers: { 'test.slow': { run: async (payload) => void rest.push(payload) } }, schedules: [] }, { poll: false });
    expect(await other.runDue()).toBe(4);
    expect([...slow.started, ...rest].map(Number).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await rows()).toEqual([]);
  });

  it('hands the waiting jobs back at once even when a running one outlasts the wait (it keeps its lease)', async () => {
    const jobs = await sixSlowJobs();
    const stuck = gated();
    await jobs.start({ handlers: { 'test.slow': stuck.handler }, schedules: [] });
    await until(() => stuck.started.length === 2);
    await jobs.stop(100);
    const states = (await rows()).map((row) => row.status).sort();
    expect(states).toEqual(['queued', 'queued', 'queued', 'queued', 'running', 'running']);
    // Let the two stuck runs end: they are recorded as done, and nothing else starts.
    stuck.finish();
    await until(async () => (await rows()).length === 4);
    expect(stuck.started).toHaveLength(2);
  });
});
