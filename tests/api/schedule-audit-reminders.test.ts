// Audit of the reminders for seats held for payment (class-reminders.ts, seat-holds.ts),
// with a controllable clock. A held seat is not a booking: it gets no reminder while unpaid, and
// once paid it is booked *then*, so a reminder whose moment passed while it was only held is
// skipped, as for any booking made after that moment ("no 'starts in 24 hours' two hours before
// class"). Before this, the skip rule read the hold's creation time, so a seat held before the
// moment and paid after it got a late, wrong reminder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookSessionResult } from '#contract/bookings.ts';
import { PAYMENT_HOLD_MINUTES } from '#contract/bookings.ts';
import { createStudySession } from '#tests/factories.ts';
import { enc, json } from '#tests/helpers/request-helpers.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
let clock = new Date();
const setClock = (ms: number) => (clock = new Date(ms));

beforeAll(async () => {
  t = await createTestApp({ TEST_PAYMENTS: 'true' }, { now: () => clock });
});
afterAll(async () => {
  await t?.close();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const reminders = (email: string, title: string) => t.mail.messages.filter((m) => m.to.includes(email.toLowerCase()) && m.subject.startsWith(`Reminder: ${title}`));
const statusOf = async (sessionId: string, studentId: string) =>
  (await t.deps.db.kysely.selectFrom('booking').select('status').where('sessionId', '=', sessionId).where('studentId', '=', studentId).executeTakeFirst())?.status;

async function settle() {
  await t.deps.jobs.runDue();
  await new Promise((resolve) => setTimeout(resolve, 300));
  await t.deps.jobs.runDue();
}

/** Book now on a paid session: the seat held, and the test checkout's id to pay it with. */
async function hold(who: Actor, sessionId: string): Promise<string> {
  const res = await t.request(who, { method: 'POST', url: '/api/book-session', ...json({ sessionId }) });
  expect(res.statusCode, res.body).toBe(201);
  const { status, checkoutUrl } = res.json<BookSessionResult>();
  expect(status).toBe('awaiting_payment');
  return decodeURIComponent(/\/payment\/test\/([^/?#]+)$/.exec(checkoutUrl!)![1]!);
}

async function pay(who: Actor, checkoutId: string) {
  const paid = await t.request(who, { method: 'POST', url: `/api/payments/test-checkouts/${enc(checkoutId)}/pay` });
  expect(paid.statusCode, paid.body).toBe(200);
}

async function paidClass(title: string, start: number, maxParticipants: number | null = null) {
  const tutor = await t.createUser({ role: 'tutor' });
  return createStudySession(t.deps, tutor, {
    title,
    registrationFeeCents: 900,
    maxParticipants,
    registrationStartDate: new Date(clock.getTime() - DAY).toISOString(),
    registrationEndDate: new Date(start - 2 * HOUR).toISOString(),
    classStartDate: new Date(start).toISOString(),
    cancellationCutoffHours: 1,
  });
}

describe('reminders of a seat held for payment', () => {
  it('a held, unpaid seat gets none; paid after the 24-hour moment, only the 1-hour one', async () => {
    const start = clock.getTime() + 3 * DAY;
    const s = await paidClass('Held Then Paid', start);
    const me = await t.actor({ role: 'student' });

    // Held 10 minutes before the 24-hour moment, and not paid when it comes: no reminder.
    setClock(start - DAY - 10 * MINUTE);
    const checkout = await hold(me, s.id);
    setClock(start - DAY + MINUTE);
    await settle();
    expect(await statusOf(s.id, me.user!.id)).toBe('pending_payment');
    expect(reminders(me.user!.email, s.title)).toEqual([]);

    // Paid within its hold, after the moment: booked now, so the 24-hour reminder is skipped.
    setClock(start - DAY + (PAYMENT_HOLD_MINUTES - 15) * MINUTE);
    await pay(me, checkout);
    expect(await statusOf(s.id, me.user!.id)).toBe('confirmed');
    await settle();
    setClock(start - 2 * HOUR);
    await settle();
    expect(reminders(me.user!.email, s.title)).toEqual([]);

    setClock(start - HOUR + 1000);
    await t.mail.waitFor(me.user!.email, /^Reminder: Held Then Paid starts in 1 hour$/);
    setClock(start + HOUR);
    await settle();
    expect(reminders(me.user!.email, s.title).map((m) => m.subject)).toEqual(['Reminder: Held Then Paid starts in 1 hour']);
  });

  it('a seat offered from the waitlist and paid 30 minutes before class gets no reminder at all', async () => {
    const base = clock.getTime() + DAY;
    setClock(base);
    const start = base + 20 * HOUR;
    const s = await paidClass('Offered Late', start, 1);
    const [first, waiting] = [await t.actor({ role: 'student' }), await t.actor({ role: 'student' })];
    await hold(first, s.id);
    expect((await t.request(waiting, { method: 'POST', url: `/api/sessions/${s.id}/waitlist` })).statusCode).toBe(201);

    // The first hold runs out: the next in line is offered the seat (held for them to pay).
    setClock(base + (PAYMENT_HOLD_MINUTES + 1) * MINUTE);
    await settle();
    expect(await statusOf(s.id, waiting.user!.id)).toBe('pending_payment');

    // Its 1-hour moment passes while it is only held.
    setClock(start - HOUR + MINUTE);
    await settle();
    expect(reminders(waiting.user!.email, s.title)).toEqual([]);

    // Paid 30 minutes before class: booked, and no "starts in 1 hour" half an hour before it does.
    setClock(start - 30 * MINUTE);
    await pay(waiting, await hold(waiting, s.id));
    expect(await statusOf(s.id, waiting.user!.id)).toBe('confirmed');
    await settle();
    setClock(start - 10 * MINUTE);
    await settle();
    expect(reminders(waiting.user!.email, s.title)).toEqual([]);
  });
});
