// Audit of the job engine: a job with a key ("at most one job of this key at a time", the large
// "Download my data" archive of an account) that gave up must not refuse the next one of its key
// for ever. A dead row stays for the admins; asking again (the user asks for their archive again)
// queues it again with fresh attempts, as "Retry now" would, instead of answering "emailed" and
// doing nothing until an admin notices. A key whose job is waiting or running still takes no
// second one. SQLite, and PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJobs } from '#server/jobs/jobs.ts';
import { movableClock, quietLog } from '#tests/helpers/jobs.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
const { now, advance } = movableClock(new Date('2030-01-01T00:00:00.000Z'));

beforeAll(async () => {
  t = await createTestApp({}, { now });
  await t.deps.jobs.stop();
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.deps.db.kysely.deleteFrom('job').execute();
});

const rows = () => t.deps.db.kysely.selectFrom('job').select(['id', 'status', 'attempts', 'payload', 'lastError', 'runAt']).where('kind', '=', 'test.keyed').execute();

describe('a job with a key', () => {
  it('that gave up is queued again by the next job of its key, which then runs', async () => {
    const runs: unknown[] = [];
    let failing = true;
    const jobs = createJobs({ db: t.deps.db, log: quietLog, now });
    await jobs.start({ handlers: { 'test.keyed': { run: async (payload) => {
      runs.push(payload);
      if (failing) throw new Error('storage unreachable');
    } } }, schedules: [] }, { poll: false });
    const ask = (n: number) => jobs.enqueue(t.deps.db.kysely, { kind: 'test.keyed', payload: { ask: n }, key: 'test.keyed:user-1', maxAttempts: 2 });

    await ask(1);
    await jobs.runDue();
    advance(30_000);
    await jobs.runDue();
    const [dead] = await rows();
    expect(dead).toMatchObject({ status: 'dead', attempts: 2, lastError: 'storage unreachable' });

    // Asked again while the first is dead: queued again, now, with fresh attempts and the new payload.
    failing = false;
    advance(60_000);
    await ask(2);
    expect(await rows()).toEqual([{ id: dead!.id, status: 'queued', attempts: 0, payload: JSON.stringify({ ask: 2 }), lastError: 'storage unreachable', runAt: now().toISOString() }]);
    expect(await jobs.runDue()).toBe(1);
    expect(runs.at(-1)).toEqual({ ask: 2 });
    expect(await rows()).toEqual([]);
  });

  it('that waits or runs takes no second job of its key', async () => {
    const jobs = createJobs({ db: t.deps.db, log: quietLog, now });
    const ask = (n: number) => jobs.enqueue(t.deps.db.kysely, { kind: 'test.keyed', payload: { ask: n }, key: 'test.keyed:user-2' });
    await ask(1);
    await ask(2);
    const [first] = await rows();
    expect(await rows()).toEqual([expect.objectContaining({ status: 'queued', payload: JSON.stringify({ ask: 1 }) })]);
    await t.deps.db.kysely.updateTable('job').set({ status: 'running', attempts: 1, lockedBy: 'w-other', lockedUntil: new Date(now().getTime() + 30_000).toISOString() }).where('id', '=', first!.id).execute();
    await ask(3);
    expect(await rows()).toEqual([expect.objectContaining({ id: first!.id, status: 'running', attempts: 1, payload: JSON.stringify({ ask: 1 }) })]);
    // A queued job that failed once keeps its own retry time too.
    await t.deps.db.kysely.updateTable('job').set({ status: 'queued', lockedBy: null, lockedUntil: null, lastError: 'refused', runAt: new Date(now().getTime() + 30_000).toISOString() }).where('id', '=', first!.id).execute();
    await ask(4);
    expect(await rows()).toEqual([expect.objectContaining({ id: first!.id, status: 'queued', attempts: 1, lastError: 'refused', payload: JSON.stringify({ ask: 1 }) })]);
  });
});
