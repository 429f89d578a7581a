// Seat holds end on time with no request at all (server/features/bookings/hold-expiry.ts, a
// recurring job of server/jobs), with a controllable clock: the seat is freed, the first student
// in line gets it held to pay and is emailed; that offer ends too, and the seat goes back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookSessionResult } from '#contract/bookings.ts';
import { createStudySession } from '#tests/factories.ts';
import { json } from '#tests/helpers/request-helpers.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
let clock = new Date();
const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock, stripe: true });
});
afterAll(async () => {
  await t?.close();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const bookingsOf = (sessionId: string) => t.deps.db.kysely.selectFrom('booking').selectAll().where('sessionId', '=', sessionId).execute();
const seatsOf = async (id: string) => (await t.deps.db.kysely.selectFrom('study_session').select('bookedCount').where('id', '=', id).executeTakeFirstOrThrow()).bookedCount;

async function until(check: () => Promise<boolean>, timeoutMs = 8_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function holdSeat(who: Actor, sessionId: string): Promise<BookSessionResult> {
  const res = await t.request(who, { method: 'POST', url: '/api/book-session', ...json({ sessionId }) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<BookSessionResult>();
}

describe('seat holds expire on time, with no request', () => {
  it('frees an unpaid seat after 30 minutes, holds it for the first in line (emailed), and frees it again when that offer ends', async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const s = await createStudySession(t.deps, tutor, { title: 'Kinetics', maxParticipants: 1, registrationFeeCents: 1500 });
    const [payer, waiting] = [await t.actor({ role: 'student' }), await t.actor({ role: 'student' })];
    const held = await holdSeat(payer, s.id);
    expect(held.status).toBe('awaiting_payment');
    expect((await t.request(waiting, { method: 'POST', url: `/api/sessions/${s.id}/waitlist` })).statusCode).toBe(201);

    // 29 minutes: nothing moves.
    advance(29 * MINUTE);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await bookingsOf(s.id)).map((b) => b.studentId)).toEqual([payer.user!.id]);

    // Past 30 minutes, and no request at all: the worker releases it and promotes the next.
    advance(MINUTE + 1000);
    const offeredAt = clock.getTime();
    await until(async () => (await bookingsOf(s.id))[0]?.studentId === waiting.user!.id);
    const [offer] = await bookingsOf(s.id);
    expect(offer).toMatchObject({ status: 'pending_payment', amountCents: 1500 });
    expect(Date.parse(offer!.holdExpiresAt!)).toBe(offeredAt + 24 * HOUR);
    expect(await seatsOf(s.id)).toBe(1);
    const mail = await t.mail.waitFor(waiting.user!.email, /^A seat opened up: pay to book Kinetics$/);
    expect(mail.text).toContain(`/session/${s.id}`);
    expect(await t.deps.db.kysely.selectFrom('waitlist_entry').selectAll().where('sessionId', '=', s.id).execute()).toEqual([]);

    // The offer runs out a day later, still with no request: the seat is free again.
    advance(24 * HOUR + 1000);
    await until(async () => (await bookingsOf(s.id)).length === 0);
    expect(await seatsOf(s.id)).toBe(0);
    const other = await t.actor({ role: 'student' });
    expect((await holdSeat(other, s.id)).status).toBe('awaiting_payment');
  });
});
