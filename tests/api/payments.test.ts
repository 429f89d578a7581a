// Paid sessions end to end through the API: the real `stripe` client talks to a local fake of
// the Stripe API (tests/helpers/fake-stripe.ts) and webhooks are signed with the test secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookedSessionPage, BookSessionResult } from '#contract/bookings.ts';
import { createStudySession, type StudySessionOverrides } from '#tests/factories.ts';
import type { FakeStripe } from '#tests/helpers/fake-stripe.ts';
import { createStripeAppWithActors, runMatrix, type Actors } from '#tests/helpers/permission-matrix.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';
import { enc, json } from '#tests/helpers/request-helpers.ts';

let t: TestApp & { stripe: FakeStripe };
let stripe: FakeStripe;
let actors: Actors;

beforeAll(async () => ({ t, stripe, actors } = await createStripeAppWithActors()));
afterAll(async () => t?.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A paid session ($12.50 unless overridden) of the matrix's tutor, open now. */
const paidSession = (overrides: StudySessionOverrides = {}) => createStudySession(t.deps, actors.tutor.user!, { registrationFeeCents: 1250, ...overrides });
const book = (who: Actor, sessionId: string, extra: Record<string, unknown> = {}) =>
  t.request(who, { method: 'POST', url: '/api/book-session', ...json({ sessionId, ...extra }) });
const confirm = (who: Actor, checkoutSessionId: string) => t.request(who, { method: 'POST', url: '/api/payments/confirm', ...json({ checkoutSessionId }) });
/** As Stripe delivers it: no cookie, no Origin header (the same-origin check lets this one path through). */
const deliver = (payload: string, signature?: string) =>
  t.app.inject({ method: 'POST', url: '/api/payments/webhook', payload, headers: { 'content-type': 'application/json; charset=utf-8', ...(signature && { 'stripe-signature': signature }) } });
const sessionRow = (id: string) => t.deps.db.kysely.selectFrom('study_session').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const bookingsOf = (sessionId: string) => t.deps.db.kysely.selectFrom('booking').selectAll().where('sessionId', '=', sessionId).execute();
const checkoutIdOf = (url: string) => /\/checkout\/([^/?#]+)$/.exec(url)![1]!;
const refundsOf = (checkoutId: string) => stripe.refunds.filter((r) => r.payment_intent === stripe.sessions.get(checkoutId)!.payment_intent);
const mailsTo = (email: string, subject: RegExp) => t.mail.messages.filter((m) => m.to.includes(email.toLowerCase()) && subject.test(m.subject));

/** Books a paid session and returns the checkout StudyNest opened for it. */
async function startPaying(who: Actor, sessionId: string) {
  const res = await book(who, sessionId);
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json<BookSessionResult>();
  return { body, checkoutId: checkoutIdOf(body.checkoutUrl!) };
}

/** Pays on the fake Checkout and delivers the signed webhook, as Stripe would. */
async function payAndNotify(checkoutId: string) {
  stripe.markPaid(checkoutId);
  const { payload, signature } = stripe.completedEvent(checkoutId);
  return deliver(payload, signature);
}

describe('payment routes: permission matrix', () => {
  it('lets only students book paid sessions and confirm their own checkout; the webhook needs a signature, not a cookie', async () => {
    await runMatrix(t, actors, [
      {
        name: 'POST /api/book-session (paid)',
        request: async () => ({ method: 'POST', url: '/api/book-session', ...json({ sessionId: (await paidSession()).id }) }),
        expect: { anonymous: 401, student: 201, otherStudent: 201, tutor: 403, otherTutor: 403, admin: 403 },
      },
      {
        name: "POST /api/payments/confirm (the student's checkout)",
        request: async (a) => {
          const { checkoutId } = await startPaying(a.student, (await paidSession()).id);
          return { method: 'POST', url: '/api/payments/confirm', ...json({ checkoutSessionId: checkoutId }) };
        },
        expect: { anonymous: 401, student: 200, otherStudent: 404, tutor: 403, otherTutor: 403, admin: 403 },
      },
      {
        name: 'POST /api/payments/webhook (signed)',
        request: async (a) => {
          const { checkoutId } = await startPaying(a.student, (await paidSession()).id);
          stripe.markPaid(checkoutId);
          const { payload, signature } = stripe.completedEvent(checkoutId);
          return { method: 'POST', url: '/api/payments/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
        },
        expect: { anonymous: 200, student: 200, otherStudent: 200, tutor: 200, otherTutor: 200, admin: 200 },
      },
      {
        name: 'POST /api/payments/webhook (unsigned)',
        request: async (a) => {
          const { checkoutId } = await startPaying(a.student, (await paidSession()).id);
          stripe.markPaid(checkoutId);
          return { method: 'POST', url: '/api/payments/webhook', payload: stripe.completedEvent(checkoutId).payload, headers: { 'content-type': 'application/json' } };
        },
        expect: { anonymous: 400, student: 400, otherStudent: 400, tutor: 400, otherTutor: 400, admin: 400 },
      },
    ]);
  });
});

describe('booking a paid session', () => {
  it('holds a seat, sends the student to Checkout at the session price, and books only once the signed webhook says paid', async () => {
    const me = await t.actor({ role: 'student' });
    const s = await paidSession({ maxParticipants: 3, title: 'Organic Chemistry' });
    const before = Date.now();
    const { body, checkoutId } = await startPaying(me, s.id);
    expect(body).toMatchObject({ sessionId: s.id, status: 'awaiting_payment', checkoutUrl: `${stripe.url}/checkout/${checkoutId}` });
    expect(Date.parse(body.paymentDueBy!)).toBeGreaterThanOrEqual(before + 30 * MINUTE - 1000);
    expect(Date.parse(body.paymentDueBy!)).toBeLessThanOrEqual(Date.now() + 30 * MINUTE);

    const checkout = stripe.sessions.get(checkoutId)!;
    expect(checkout).toMatchObject({ amount_total: 1250, currency: 'usd', customer_email: me.user!.email, metadata: { sessionId: s.id, studentId: me.user!.id } });
    expect(checkout.success_url).toBe('http://studynest.test/payment/success?checkout_session_id={CHECKOUT_SESSION_ID}');
    expect(checkout.cancel_url).toBe(`http://studynest.test/payment/cancelled?session=${s.id}`);

    // Held, counted, not booked.
    const [held] = await bookingsOf(s.id);
    expect(held).toMatchObject({ status: 'pending_payment', amountCents: 1250, paymentRef: checkoutId });
    expect((await sessionRow(s.id)).bookedCount).toBe(1);
    const early = await confirm(me, checkoutId);
    expect(early.json()).toEqual({ status: 'pending', sessionId: s.id, message: 'Your payment is not complete yet. If you paid, it can take a moment: check again shortly.' });
    expect((await bookingsOf(s.id))[0]!.status).toBe('pending_payment');
    expect(mailsTo(me.user!.email, /Booking confirmed/)).toHaveLength(0);

    const hook = await payAndNotify(checkoutId);
    expect(hook.statusCode).toBe(200);
    expect(hook.json()).toEqual({ received: true });
    const [booked] = await bookingsOf(s.id);
    expect(booked).toMatchObject({ status: 'confirmed', holdExpiresAt: null, amountCents: 1250, paymentRef: checkoutId });
    expect((await sessionRow(s.id)).bookedCount).toBe(1);
    await t.mail.waitFor(me.user!.email, /Booking confirmed: Organic Chemistry/);

    // The success page then sees it booked.
    const back = await confirm(me, checkoutId);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ status: 'booked', sessionId: s.id, message: 'Session booked successfully' });
    const list = await t.request(me, { method: 'GET', url: `/api/booked-sessions/${enc(me.user!.email)}` });
    expect(list.json<BookedSessionPage>().items[0]).toMatchObject({ sessionId: s.id, status: 'booked', paymentDueBy: null });
  });

  it('books on return to the success page when the webhook has not arrived yet; the late webhook then changes nothing', async () => {
    const me = await t.actor({ role: 'student' });
    const s = await paidSession();
    const { checkoutId } = await startPaying(me, s.id);
    stripe.markPaid(checkoutId);
    const back = await confirm(me, checkoutId);
    expect(back.json()).toMatchObject({ status: 'booked', message: 'Session booked successfully' });
    expect((await bookingsOf(s.id))[0]!.status).toBe('confirmed');
    await t.mail.waitFor(me.user!.email, /Booking confirmed/);

    const { payload, signature } = stripe.completedEvent(checkoutId);
    expect((await deliver(payload, signature)).statusCode).toBe(200);
    expect(await bookingsOf(s.id)).toHaveLength(1);
    expect((await sessionRow(s.id)).bookedCount).toBe(1);
    expect(refundsOf(checkoutId)).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(me.user!.email, /Booking confirmed/)).toHaveLength(1);
  });

  it('resumes the same hold and Checkout when Book now is pressed again before paying', async () => {
    const me = await t.actor({ role: 'student' });
    const s = await paidSession({ maxParticipants: 2 });
    const first = await startPaying(me, s.id);
    const again = await startPaying(me, s.id);
    expect(again.checkoutId).toBe(first.checkoutId);
    expect(await bookingsOf(s.id)).toHaveLength(1);
    expect((await sessionRow(s.id)).bookedCount).toBe(1);
  });

  it('takes the price from the session: an amount or fee sent by the browser is ignored', async () => {
    const me = await t.actor({ role: 'student' });
    const s = await paidSession({ registrationFeeCents: 4999 });
    const res = await book(me, s.id, { registrationFee: 0.5, amount: 1, amountCents: 50, price: 1, unit_amount: 50, status: 'confirmed' });
    expect(res.statusCode).toBe(201);
    const checkoutId = checkoutIdOf(res.json<BookSessionResult>().checkoutUrl!);
    expect(stripe.sessions.get(checkoutId)!.amount_total).toBe(4999);
    expect(stripe.sessions.get(checkoutId)!.line_items_requested).toMatchObject({ 0: { price_data: { unit_amount: '4999', currency: 'usd' } } });
    expect((await bookingsOf(s.id))[0]).toMatchObject({ status: 'pending_payment', amountCents: 4999 });
  });

  it('does not book a payment of a different amount than the held price, and refunds it', async () => {
    const me = await t.actor({ role: 'student' });
    const s = await paidSession();
    const { checkoutId } = await startPaying(me, s.id);
    stripe.markPaid(checkoutId);
    stripe.sessions.get(checkoutId)!.amount_total = 50;
    const { payload, signature } = stripe.completedEvent(checkoutId);
    expect((await deliver(payload, signature)).statusCode).toBe(200);
    expect((await bookingsOf(s.id))[0]!.status).toBe('pending_payment');
    expect(refundsOf(checkoutId)).toHaveLength(1);
  });

  it('books a free session directly, without Stripe', async () => {
    const me = await t.actor({ role: 'student' });
    const s = await createStudySession(t.deps, actors.tutor.user!);
    const requestsBefore = stripe.requests.length;
    const res = await book(me, s.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'booked', checkoutUrl: null });
    expect(stripe.requests.length).toBe(requestsBefore);
  });

  it('answers 503 and gives the seat back when Stripe cannot be reached', async () => {
    const me = await t.actor({ role: 'student' });
    const s = await paidSession({ maxParticipants: 1 });
    stripe.failNext(10);
    const res = await book(me, s.id);
    stripe.failNext(0);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'The payment service could not be reached. Please try again in a moment.' });
    expect(await bookingsOf(s.id)).toHaveLength(0);
    expect((await sessionRow(s.id)).bookedCount).toBe(0);
  });
});

describe('the webhook', () => {
  it('changes nothing on a replayed or duplicated event', async () => {
    const me = await t.actor({ role: 'student' });
    const s = await paidSession({ maxParticipants: 5 });
    const { checkoutId } = await startPaying(me, s.id);
    stripe.markPaid(checkoutId);
    const { payload, signature } = stripe.completedEvent(checkoutId);
    const results = await Promise.all([deliver(payload, signature), deliver(payload, signature), deliver(payload, signature)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const again = await deliver(payload, signature);
    expect(again.statusCode).toBe(200);
    const rows = await bookingsOf(s.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'confirmed', paymentRef: checkoutId });
    expect((await sessionRow(s.id)).bookedCount).toBe(1);
    expect(refundsOf(checkoutId)).toHaveLength(0);
    await t.mail.waitFor(me.user!.email, /Booking confirmed/);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(me.user!.email, /Booking confirmed/)).toHaveLength(1);
  });

  it('refuses a forged, unsigned, tampered or stale event with 400 and books nothing', async () => {
    const me = await t.actor({ role: 'student' });
    const s = await paidSession();
    const { checkoutId } = await startPaying(me, s.id);
    stripe.markPaid(checkoutId);
    const good = stripe.completedEvent(checkoutId);
    const forged = stripe.completedEvent(checkoutId, { secret: 'whsec_somebody_else' });
    const stale = stripe.completedEvent(checkoutId, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    const attempts = [
      await deliver(forged.payload, forged.signature),
      await deliver(good.payload),
      await deliver(good.payload.replace('"livemode":false', '"livemode":true'), good.signature),
      await deliver(stale.payload, stale.signature),
      await deliver(good.payload, 't=1,v1=deadbeef'),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid webhook signature.' });
    }
    expect((await bookingsOf(s.id))[0]!.status).toBe('pending_payment');
    // The genuine one still works afterwards.
    expect((await deliver(good.payload, good.signature)).statusCode).toBe(200);
    expect((await bookingsOf(s.id))[0]!.status).toBe('confirmed');
  });
});

describe('the seat hold', () => {
  it('expires after 30 minutes: the seat is freed, the first in line gets it held to pay, and a late payment is refunded', async () => {
    const [late, waiting, other] = [await t.actor({ role: 'student' }), await t.actor({ role: 'student' }), await t.actor({ role: 'student' })];
    const s = await paidSession({ maxParticipants: 1, title: 'Thermodynamics' });
    const { checkoutId } = await startPaying(late, s.id);

    // The held seat counts: the tutor's roster shows it, and the session is full for others, who may wait.
    const roster = await t.request(actors.tutor, { method: 'GET', url: `/api/sessions/${s.id}/roster` });
    expect(roster.json()).toMatchObject({ bookedCount: 1, items: [{ studentId: late.user!.id, status: 'awaiting_payment' }] });
    const full = await book(other, s.id);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('This session is full.');
    expect((await t.request(waiting, { method: 'POST', url: `/api/sessions/${s.id}/waitlist` })).statusCode).toBe(201);

    // 30 minutes pass without payment.
    await t.deps.db.kysely.updateTable('booking').set({ holdExpiresAt: new Date(Date.now() - 1000).toISOString() }).where('paymentRef', '=', checkoutId).execute();
    const list = await t.request(waiting, { method: 'GET', url: `/api/booked-sessions/${enc(waiting.user!.email)}` });
    const entry = list.json<BookedSessionPage>().items.find((i) => i.sessionId === s.id)!;
    expect(entry.status).toBe('awaiting_payment');
    expect(Date.parse(entry.paymentDueBy!)).toBeGreaterThan(Date.now() + 23 * HOUR);
    const rows = await bookingsOf(s.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ studentId: waiting.user!.id, status: 'pending_payment', amountCents: 1250 });
    expect((await sessionRow(s.id)).bookedCount).toBe(1);
    const offer = await t.mail.waitFor(waiting.user!.email, /A seat opened up: pay to book Thermodynamics/);
    expect(offer.text).toContain(`http://studynest.test/session/${s.id}`);

    // The promoted student pays through the same Book now.
    const promoted = await startPaying(waiting, s.id);
    expect((await payAndNotify(promoted.checkoutId)).statusCode).toBe(200);
    expect((await bookingsOf(s.id))[0]).toMatchObject({ studentId: waiting.user!.id, status: 'confirmed' });

    // The first student pays after the hold ended: no seat for them, the money goes back.
    expect((await payAndNotify(checkoutId)).statusCode).toBe(200);
    expect(refundsOf(checkoutId)).toHaveLength(1);
    expect((await confirm(late, checkoutId)).json()).toEqual({ status: 'refunded', sessionId: s.id, message: 'Your seat hold ended before the payment arrived, so the payment was refunded.' });
    expect(refundsOf(checkoutId)).toHaveLength(1);
    expect(await bookingsOf(s.id)).toHaveLength(1);
    expect((await sessionRow(s.id)).bookedCount).toBe(1);
  });

  it('an expired hold of a session without a waitlist simply frees the seat for the next booking', async () => {
    const [first, second] = [await t.actor({ role: 'student' }), await t.actor({ role: 'student' })];
    const s = await paidSession({ maxParticipants: 1 });
    await startPaying(first, s.id);
    await t.deps.db.kysely.updateTable('booking').set({ holdExpiresAt: new Date(Date.now() - 1000).toISOString() }).where('sessionId', '=', s.id).execute();
    const { body } = await startPaying(second, s.id);
    expect(body.status).toBe('awaiting_payment');
    const rows = await bookingsOf(s.id);
    expect(rows.map((r) => r.studentId)).toEqual([second.user!.id]);
    expect((await sessionRow(s.id)).bookedCount).toBe(1);
  });

  it('a student whose own hold has run out no longer finds it in their list or on its page, and the seat is free', async () => {
    const me = await t.actor({ role: 'student' });
    const [s1, s2] = [await paidSession({ maxParticipants: 1 }), await paidSession({ maxParticipants: 1 })];
    await startPaying(me, s1.id);
    await startPaying(me, s2.id);
    const listed = async () => (await t.request(me, { method: 'GET', url: `/api/booked-sessions/${enc(me.user!.email)}` })).json<BookedSessionPage>().items.map((i) => i.sessionId);
    const runOut = (sessionId: string) => t.deps.db.kysely.updateTable('booking').set({ holdExpiresAt: new Date(Date.now() - 1000).toISOString() }).where('sessionId', '=', sessionId).execute();
    expect(await listed()).toEqual(expect.arrayContaining([s1.id, s2.id]));

    await runOut(s1.id);
    expect(await listed()).toEqual([s2.id]);
    expect(await bookingsOf(s1.id)).toEqual([]);
    expect((await sessionRow(s1.id)).bookedCount).toBe(0);

    await runOut(s2.id);
    expect((await t.request(me, { method: 'GET', url: `/api/view-booked-session/${s2.id}` })).statusCode).toBe(404);
    expect(await bookingsOf(s2.id)).toEqual([]);
    expect((await sessionRow(s2.id)).bookedCount).toBe(0);
  });

  it('a hold not yet due is kept by the sweep', async () => {
    const me = await t.actor({ role: 'student' });
    const s = await paidSession({ maxParticipants: 1 });
    await startPaying(me, s.id);
    await t.request(me, { method: 'GET', url: `/api/booked-sessions/${enc(me.user!.email)}` });
    expect(await bookingsOf(s.id)).toHaveLength(1);
    expect((await sessionRow(s.id)).bookedCount).toBe(1);
  });
});

describe('cancelling a paid booking', () => {
  it('refunds it in full through Stripe before the cutoff and frees the seat', async () => {
    const me = await t.actor({ role: 'student' });
    const s = await paidSession({ maxParticipants: 1 });
    const { checkoutId } = await startPaying(me, s.id);
    await payAndNotify(checkoutId);
    const res = await t.request(me, { method: 'DELETE', url: `/api/booked-sessions/${enc(me.user!.email)}/${s.id}` });
    expect(res.statusCode).toBe(204);
    expect(refundsOf(checkoutId)).toEqual([expect.objectContaining({ amount: 1250, status: 'succeeded' })]);
    expect(await bookingsOf(s.id)).toHaveLength(0);
    expect((await sessionRow(s.id)).bookedCount).toBe(0);
    // A replay of the old payment event afterwards neither books nor refunds twice.
    const { payload, signature } = stripe.completedEvent(checkoutId);
    expect((await deliver(payload, signature)).statusCode).toBe(200);
    expect(await bookingsOf(s.id)).toHaveLength(0);
    expect(refundsOf(checkoutId)).toHaveLength(1);
  });

  it('after the cutoff: refused, nothing refunded, the booking stays', async () => {
    const me = await t.actor({ role: 'student' });
    const s = await paidSession({ classStartDate: new Date(Date.now() + 2 * HOUR).toISOString(), cancellationCutoffHours: 24, registrationEndDate: new Date(Date.now() + HOUR).toISOString() });
    const { checkoutId } = await startPaying(me, s.id);
    await payAndNotify(checkoutId);
    const res = await t.request(me, { method: 'DELETE', url: `/api/booked-sessions/${enc(me.user!.email)}/${s.id}` });
    expect(res.statusCode).toBe(409);
    expect(refundsOf(checkoutId)).toHaveLength(0);
    expect((await bookingsOf(s.id))[0]!.status).toBe('confirmed');
  });

  it('keeps the booking when the refund fails (503)', async () => {
    const me = await t.actor({ role: 'student' });
    const s = await paidSession();
    const { checkoutId } = await startPaying(me, s.id);
    await payAndNotify(checkoutId);
    stripe.failNext(10);
    const res = await t.request(me, { method: 'DELETE', url: `/api/booked-sessions/${enc(me.user!.email)}/${s.id}` });
    stripe.failNext(0);
    expect(res.statusCode).toBe(503);
    expect(refundsOf(checkoutId)).toHaveLength(0);
    expect((await bookingsOf(s.id))[0]!.status).toBe('confirmed');
  });

  it('releasing an unpaid hold refunds nothing and frees the seat', async () => {
    const me = await t.actor({ role: 'student' });
    const s = await paidSession({ maxParticipants: 1 });
    await startPaying(me, s.id);
    const refundRequests = stripe.requests.filter((r) => r.path === '/v1/refunds').length;
    const res = await t.request(me, { method: 'DELETE', url: `/api/booked-sessions/${enc(me.user!.email)}/${s.id}` });
    expect(res.statusCode).toBe(204);
    expect(stripe.requests.filter((r) => r.path === '/v1/refunds').length).toBe(refundRequests);
    expect((await sessionRow(s.id)).bookedCount).toBe(0);
  });
});

describe('an admin deleting a paid session', () => {
  it('refunds every paid booking before removing the session and its bookings', async () => {
    const s = await paidSession();
    const refundRequests = () => stripe.requests.filter((r) => r.path === '/v1/refunds').length;
    const paid: string[] = [];
    for (const who of [actors.student, actors.otherStudent]) {
      const { checkoutId } = await startPaying(who, s.id);
      expect((await payAndNotify(checkoutId)).statusCode).toBe(200);
      paid.push(checkoutId);
    }
    const before = refundRequests();
    const res = await t.request(actors.admin, { method: 'DELETE', url: `/api/session/${enc(actors.tutor.user!.email)}/${s.id}` });
    expect(res.statusCode, res.body).toBe(204);
    for (const checkoutId of paid) expect(refundsOf(checkoutId)).toEqual([expect.objectContaining({ amount: 1250, status: 'succeeded' })]);
    expect(refundRequests()).toBe(before + 2);
    expect(await bookingsOf(s.id)).toEqual([]);
  });
});

describe('without Stripe configured', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(async () => plain?.close());

  it('refuses to book a paid session with a clear message, and has no webhook or confirmation', async () => {
    const me = await plain.actor({ role: 'student' });
    const tutor = await plain.createUser({ role: 'tutor' });
    const s = await createStudySession(plain.deps, tutor, { registrationFeeCents: 1250 });
    const res = await plain.request(me, { method: 'POST', url: '/api/book-session', ...json({ sessionId: s.id }) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Payments are not configured: this paid session cannot be booked yet.' });
    expect(await plain.deps.db.kysely.selectFrom('booking').selectAll().where('sessionId', '=', s.id).execute()).toHaveLength(0);
    expect((await plain.request(me, { method: 'POST', url: `/api/sessions/${s.id}/waitlist` })).json().message).toBe('Payments are not configured: this paid session cannot be booked yet.');
    const hook = await plain.request(null, { method: 'POST', url: '/api/payments/webhook', payload: '{}', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' } });
    expect(hook.statusCode).toBe(404);
    const conf = await plain.request(me, { method: 'POST', url: '/api/payments/confirm', ...json({ checkoutSessionId: 'cs_test_x' }) });
    expect(conf.statusCode).toBe(409);
    expect((await plain.request(null, { method: 'GET', url: '/api/config' })).json()).toMatchObject({ payments: false });
    expect((await t.request(null, { method: 'GET', url: '/api/config' })).json()).toMatchObject({ payments: true });
  });
});
