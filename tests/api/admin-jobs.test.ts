// Admins see the work: GET /api/admin/jobs lists jobs by state (kind, attempts, last
// error, next try) with the count of each state, POST /api/admin/jobs/{id}/retry runs a failed or
// dead job again now. Admins only, as a role × owner matrix. SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminJob, AdminJobPage } from '#contract/admin-jobs.ts';
import { earlierWholeMessage } from '#tests/helpers/earlier-emails.ts';
import { createActors, runMatrix, type Actors } from '#tests/helpers/permission-matrix.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
let actors: Actors;
let clock = new Date('2030-01-01T00:00:00.000Z');
const now = () => clock;

beforeAll(async () => {
  t = await createTestApp({}, { now });
  // The jobs below are set up by hand: the app's worker must not run them.
  await t.deps.jobs.stop();
  actors = await createActors(t);
});
afterAll(async () => t?.close());
beforeEach(async () => {
  clock = new Date('2030-01-01T00:00:00.000Z');
  await t.deps.db.kysely.deleteFrom('job').execute();
});

const db = () => t.deps.db.kysely;

/** One job of each state: queued (never tried), failed (retrying), running, dead. */
async function jobsOfEveryState() {
  await t.deps.jobs.enqueue(db(), [
    earlierWholeMessage({ to: 'a@example.com', subject: 'Waiting for its first try', text: 'x' }),
    earlierWholeMessage({ to: 'b@example.com', subject: 'Failed once', text: 'x' }),
    { kind: 'bookings.expire-holds', payload: {}, key: 'schedule:bookings.expire-holds', maxAttempts: 1 },
    earlierWholeMessage({ to: 'c@example.com', subject: 'Gave up', text: 'x' }),
  ]);
  const rows = await db().selectFrom('job').select(['id', 'payload', 'kind']).execute();
  const id = (subject: string) => rows.find((r) => r.payload.includes(subject))!.id;
  const ids = { queued: id('Waiting'), failed: id('Failed once'), running: rows.find((r) => r.kind === 'bookings.expire-holds')!.id, dead: id('Gave up') };
  await db().updateTable('job').set({ attempts: 1, lastError: 'Connection refused: 127.0.0.1:25', runAt: '2030-01-01T00:00:30.000Z' }).where('id', '=', ids.failed).execute();
  await db().updateTable('job').set({ status: 'running', attempts: 1, lockedBy: 'w-other', lockedUntil: '2030-01-01T00:00:30.000Z' }).where('id', '=', ids.running).execute();
  await db().updateTable('job').set({ status: 'dead', attempts: 102, lastError: '550 mailbox unavailable' }).where('id', '=', ids.dead).execute();
  return ids;
}

async function list(query = ''): Promise<AdminJobPage> {
  const res = await t.request(actors.admin, { method: 'GET', url: `/api/admin/jobs${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('admin jobs: permission matrix', () => {
  it('lets only admins list jobs and retry one', async () => {
    const admins = (admin: number) => ({ anonymous: 401, student: 403, otherStudent: 403, tutor: 403, otherTutor: 403, admin });
    await runMatrix(t, actors, [
      { name: 'GET /api/admin/jobs', request: () => ({ method: 'GET', url: '/api/admin/jobs' }), expect: admins(200) },
      { name: 'GET /api/admin/jobs?state=dead', request: () => ({ method: 'GET', url: '/api/admin/jobs?state=dead' }), expect: admins(200) },
      { name: 'POST /api/admin/jobs/{dead}/retry', request: async () => ({ method: 'POST', url: `/api/admin/jobs/${(await jobsOfEveryState()).dead}/retry` }), expect: admins(200) },
      { name: 'POST /api/admin/jobs/{unknown}/retry', request: () => ({ method: 'POST', url: '/api/admin/jobs/nothing/retry' }), expect: admins(404) },
    ]);
  });

  it('leaves a dead job dead when a non-admin asks to retry it', async () => {
    const ids = await jobsOfEveryState();
    const res = await t.request(actors.tutor, { method: 'POST', url: `/api/admin/jobs/${ids.dead}/retry` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'This is only for admins.' });
    expect((await db().selectFrom('job').select('status').where('id', '=', ids.dead).executeTakeFirstOrThrow()).status).toBe('dead');
  });
});

describe('listing jobs', () => {
  it('shows every job with kind, state, attempts, last error and next try, and the count of each state', async () => {
    const ids = await jobsOfEveryState();
    const page = await list();
    expect(page.counts).toEqual({ queued: 1, running: 1, failed: 1, dead: 1 });
    const byId = Object.fromEntries(page.items.map((job) => [job.id, job]));
    expect(byId[ids.queued]).toMatchObject({ kind: 'email', summary: 'Waiting for its first try', state: 'queued', attempts: 0, maxAttempts: 102, lastError: null, nextTryAt: '2030-01-01T00:00:00.000Z', recurring: false });
    expect(byId[ids.failed]).toMatchObject({ state: 'failed', attempts: 1, lastError: 'Connection refused: 127.0.0.1:25', nextTryAt: '2030-01-01T00:00:30.000Z' });
    expect(byId[ids.running]).toMatchObject({ kind: 'bookings.expire-holds', summary: null, state: 'running', nextTryAt: null, recurring: true });
    expect(byId[ids.dead]).toMatchObject({ state: 'dead', attempts: 102, lastError: '550 mailbox unavailable', nextTryAt: null });
    // Never the message itself: its body and recipient are the user's.
    expect(JSON.stringify(page)).not.toContain('a@example.com');
  });

  it('says which email an email job sends (its kind of email, not a second id) and when a job last ran', async () => {
    await t.deps.jobs.enqueue(db(), [
      { kind: 'email', payload: { render: 'sessions.approved', args: {} }, runAt: new Date('2030-02-01T00:00:00.000Z'), maxAttempts: 3 },
      { kind: 'test.no-handler', payload: {}, maxAttempts: 3 },
    ]);
    clock = new Date('2030-01-01T00:00:07.000Z');
    await t.deps.jobs.runDue();
    const byKind = Object.fromEntries((await list()).items.map((job) => [job.kind, job]));
    expect(byKind.email).toMatchObject({ email: 'sessions.approved', summary: null, state: 'queued', lastRunAt: null });
    expect(byKind['test.no-handler']).toMatchObject({ email: null, state: 'failed', attempts: 1, lastRunAt: '2030-01-01T00:00:07.000Z' });
    expect(byKind['test.no-handler']!.lastError).toContain('no handler');
  });

  it('filters by state', async () => {
    const ids = await jobsOfEveryState();
    for (const state of ['queued', 'running', 'failed', 'dead'] as const) {
      const page = await list(`?state=${state}`);
      expect(page.items.map((job) => [job.id, job.state])).toEqual([[ids[state], state]]);
    }
    const bad = await t.request(actors.admin, { method: 'GET', url: '/api/admin/jobs?state=done' });
    expect(bad.statusCode).toBe(400);
  });

  it('pages through many jobs, next to run first', async () => {
    await t.deps.jobs.enqueue(db(), Array.from({ length: 25 }, (_, i) => ({ kind: 'test.page', payload: i, runAt: new Date(clock.getTime() + (25 - i) * 1000) })));
    const first = await list('?limit=10');
    expect(first.items).toHaveLength(10);
    const second = await list(`?limit=10&cursor=${first.nextCursor}`);
    const third = await list(`?limit=10&cursor=${second.nextCursor}`);
    expect(third.nextCursor).toBeNull();
    const all = [...first.items, ...second.items, ...third.items];
    expect(all).toHaveLength(25);
    expect(new Set(all.map((job) => job.id)).size).toBe(25);
    const times = all.map((job) => job.nextTryAt!);
    expect(times).toEqual([...times].sort());
  });
});

describe('retry now', () => {
  const retry = (id: string) => t.request(actors.admin, { method: 'POST', url: `/api/admin/jobs/${id}/retry` });

  it('makes a dead or failed job due at once with fresh attempts, and a worker then sends it', async () => {
    const ids = await jobsOfEveryState();
    clock = new Date('2030-01-01T00:00:05.000Z');
    for (const id of [ids.dead, ids.failed]) {
      const res = await retry(id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json() as AdminJob).toMatchObject({ id, state: 'failed', attempts: 0, nextTryAt: '2030-01-01T00:00:05.000Z' });
    }
    expect((await list()).counts).toEqual({ queued: 1, running: 1, failed: 2, dead: 0 });
    // The app's worker (stopped here) would claim them within a second: run what is due.
    const sent = t.mail.messages.length;
    await t.deps.jobs.runDue();
    const subjects = t.mail.messages.slice(sent).map((mail) => mail.subject);
    expect(subjects).toEqual(expect.arrayContaining(['Failed once', 'Gave up']));
  });

  it('refuses a job that has not failed (409) or is gone (404), changing nothing', async () => {
    const ids = await jobsOfEveryState();
    const before = await db().selectFrom('job').selectAll().orderBy('id').execute();
    const queued = await retry(ids.queued);
    expect([queued.statusCode, queued.json().message]).toEqual([409, 'This job has not failed: it runs at its time.']);
    const running = await retry(ids.running);
    expect([running.statusCode, running.json().message]).toEqual([409, 'This job is running now.']);
    expect(await db().selectFrom('job').selectAll().orderBy('id').execute()).toEqual(before);
    expect((await retry('gone')).statusCode).toBe(404);
  });
});
