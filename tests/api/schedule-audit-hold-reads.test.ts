// Audit of the hold expiry on read paths. A read that finds a hold past its time asks the
// expiry job (hold-expiry.ts) to run now and waits for it (jobs.runScheduleNow). When another
// process holds that job — a process that crashed mid-run keeps its 30 s lease — the read waited
// 10 s and then failed with a 500: a student's Booked Sessions (and Book now, and joining a
// waitlist) broke because of a background job. The read now waits briefly, then answers with what
// is there; the job releases the hold once the lease ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookSessionResult } from '#contract/bookings.ts';
import { EXPIRE_HOLDS_JOB } from '#server/features/bookings/hold-expiry.ts';
import { createStudySession } from '#tests/factories.ts';
import { enc, json } from '#tests/helpers/request-helpers.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TEST_PAYMENTS: 'true' });
});
afterAll(async () => {
  await t?.close();
});

const scheduleRow = () => t.deps.db.kysely.selectFrom('job').selectAll().where('key', '=', `schedule:${EXPIRE_HOLDS_JOB}`).executeTakeFirstOrThrow();

describe('a read that finds a due hold while the expiry job is held by another process', () => {
  it('answers in time instead of failing, and the job releases the hold once that lease ends', async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const s = await createStudySession(t.deps, tutor, { title: 'Stuck Worker', registrationFeeCents: 700, maxParticipants: 1 });
    const me = await t.actor({ role: 'student' });
    const held = await t.request(me, { method: 'POST', url: '/api/book-session', ...json({ sessionId: s.id }) });
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json<BookSessionResult>().status).toBe('awaiting_payment');

    // Another process claimed the expiry job and died: its lease runs for 30 s more.
    const row = await scheduleRow();
    const leaseEnds = new Date(Date.now() + 30_000).toISOString();
    await t.deps.db.kysely.updateTable('job').set({ status: 'running', lockedBy: 'crashed-process', lockedUntil: leaseEnds }).where('id', '=', row.id).execute();
    // The hold's time is up.
    await t.deps.db.kysely.updateTable('booking').set({ holdExpiresAt: new Date(Date.now() - 1000).toISOString() }).where('sessionId', '=', s.id).execute();

    const started = Date.now();
    const list = await t.request(me, { method: 'GET', url: `/api/booked-sessions/${enc(me.user!.email)}` });
    const took = Date.now() - started;
    expect(list.statusCode, list.body).toBe(200);
    expect(took).toBeLessThan(5_000);

    const page = await t.request(me, { method: 'GET', url: `/api/view-booked-session/${s.id}` });
    expect([200, 404]).toContain(page.statusCode);

    // The lease ends: the job is claimed again and the seat is freed.
    await t.deps.db.kysely.updateTable('job').set({ lockedUntil: new Date(Date.now() - 1).toISOString() }).where('id', '=', row.id).execute();
    await t.deps.jobs.runScheduleNow(EXPIRE_HOLDS_JOB);
    expect(await t.deps.db.kysely.selectFrom('booking').selectAll().where('sessionId', '=', s.id).execute()).toEqual([]);
    expect((await t.request(me, { method: 'GET', url: `/api/booked-sessions/${enc(me.user!.email)}` })).json<{ items: Array<{ sessionId: string }> }>().items.map((i) => i.sessionId)).not.toContain(s.id);
  }, 60_000);
});
