// One payment for a weekly series booked at once (docs/decisions/064-series.md): every paid class
// held by the booking is paid through ONE checkout for the sum of their fees; paying it books
// them all in one unit of work; each booking records its share, and a class called off or
// cancelled before its cutoff refunds that share only (a partial refund at the provider). The real
// `stripe` client talks to a local fake of the Stripe API, which records each refund and its
// amount. Runs on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookedSession, BookSeriesResult } from '#contract/bookings.ts';
import type { Series } from '#contract/sessions.ts';
import { EXPIRE_HOLDS_JOB } from '#server/features/bookings/hold-expiry.ts';
import { newId } from '#server/ids.ts';
import type { FakeStripe } from '#tests/helpers/fake-stripe.ts';
import { partsOf } from '#tests/helpers/mail-parts.ts';
import { createStripeAppWithActors, type Actors } from '#tests/helpers/permission-matrix.ts';
import { enc, json } from '#tests/helpers/request-helpers.ts';
import { seriesFirstClass } from '#tests/helpers/sessions-through-api.ts';
import type { Actor, TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp & { stripe: FakeStripe };
let stripe: FakeStripe;
let actors: Actors;

beforeAll(async () => ({ t, stripe, actors } = await createStripeAppWithActors()));
afterAll(async () => t?.close());

const FEE_CENTS = 1250;
const MAIL_WAIT_MS = 20_000;
const post = (who: Actor, url: string, body: unknown) => t.request(who, { method: 'POST', url, ...json(body) });
const checkoutIdOf = (url: string) => /\/checkout\/([^/?#]+)$/.exec(url)![1]!;
const refundsOf = (checkoutId: string) => stripe.refunds.filter((r) => r.payment_intent === stripe.sessions.get(checkoutId)!.payment_intent);
const bookingOf = (sessionId: string, studentId: string) =>
  t.deps.db.kysely.selectFrom('booking').selectAll().where('sessionId', '=', sessionId).where('studentId', '=', studentId).executeTakeFirst();
const confirm = (who: Actor, checkoutSessionId: string) => post(who, '/api/payments/confirm', { checkoutSessionId });

/** Pays on the fake Checkout and delivers the signed webhook, as Stripe would. */
async function payAndNotify(checkoutId: string) {
  stripe.markPaid(checkoutId);
  return deliver(checkoutId);
}

/** The signed payment event as Stripe delivers it (again, for a replay). */
function deliver(checkoutId: string) {
  const { payload, signature } = stripe.completedEvent(checkoutId);
  return t.app.inject({ method: 'POST', url: '/api/payments/webhook', payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature } });
}

/** A series of `classCount` classes at $12.50 each, two seats a class, approved; the first a week from now at 18:00 in Madrid. */
async function paidSeries(title: string, classCount: number): Promise<Series['classes']> {
  const created = await post(actors.tutor, `/api/create-series/${enc(actors.tutor.user!.email)}`, {
    ...seriesFirstClass(title, 'Weekly evenings of algebra.'),
    classCount,
  });
  expect(created.statusCode, created.body).toBe(201);
  const approved = await post(actors.admin, `/api/series/${created.json<Series>().id}/approve`, { registrationFee: FEE_CENTS / 100, maxParticipants: 2 });
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json<{ series: Series }>().series.classes;
}

describe('a paid weekly series booked at once', () => {
  it('is paid through one checkout for the classes held, booked when paid, and refunded class by class', async () => {
    const title = `Paid algebra ${Date.now().toString(36)}`;
    const classes = await paidSeries(title, 12);
    const seriesId = classes[0]!.seriesId!;

    // Classes 5 and 9 are full (two seats each, held by others).
    const me = await t.actor({ role: 'student' });
    const others = await Promise.all(Array.from({ length: 4 }, () => t.actor({ role: 'student' })));
    for (const [who, index] of [[others[0]!, 4], [others[1]!, 4], [others[2]!, 8], [others[3]!, 8]] as const) {
      expect((await post(who, '/api/book-session', { sessionId: classes[index]!.id })).statusCode).toBe(201);
    }
    const checkoutsBefore = stripe.sessions.size;
    // The tutor's webhook endpoint for new bookings (a private address: every delivery is refused, and recorded).
    const endpointId = newId();
    await t.deps.db.kysely.insertInto('webhook_endpoint').values({ id: endpointId, ownerId: actors.tutor.user!.id, url: 'https://127.0.0.1/series-payment', secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', events: 'booking.created', createdAt: new Date().toISOString() }).execute();
    const bookingCreatedEvents = async () => (await t.deps.db.kysely.selectFrom('webhook_delivery').select('id').where('endpointId', '=', endpointId).where('event', '=', 'booking.created').execute()).length;

    // From class 3 on: held in 8 classes, waiting in 5 and 9, one checkout for the 8 held.
    const res = await post(me, `/api/series/${seriesId}/book`, { fromSessionId: classes[2]!.id });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<BookSeriesResult>();
    expect(result.items.map((i) => i.outcome)).toEqual([
      'awaiting_payment', 'awaiting_payment', 'waitlisted', 'awaiting_payment', 'awaiting_payment', 'awaiting_payment', 'waitlisted', 'awaiting_payment', 'awaiting_payment', 'awaiting_payment',
    ]);
    expect(result).toMatchObject({ booked: 8, waitlisted: 2, amountDue: 8 * FEE_CENTS / 100 });
    expect(result.checkoutUrl).toMatch(/\/checkout\/[^/]+$/);
    const checkoutId = checkoutIdOf(result.checkoutUrl!);
    expect(stripe.sessions.size).toBe(checkoutsBefore + 1);
    expect(stripe.sessions.get(checkoutId)).toMatchObject({ amount_total: 8 * FEE_CENTS, currency: 'usd', customer_email: me.user!.email });
    // Every held class leads to the same one checkout; the waitlisted ones are not charged.
    const held = result.items.filter((i) => i.outcome === 'awaiting_payment');
    expect(held.every((i) => i.checkoutUrl === result.checkoutUrl)).toBe(true);
    expect(result.items.filter((i) => i.outcome === 'waitlisted').every((i) => i.checkoutUrl === null)).toBe(true);
    for (const item of held) {
      expect(await bookingOf(item.sessionId, me.user!.id)).toMatchObject({ status: 'pending_payment', paymentRef: checkoutId, amountCents: FEE_CENTS, paymentTotalCents: 8 * FEE_CENTS });
    }
    // The email names the one payment.
    const heldMail = await t.mail.waitFor(me.user!.email, new RegExp(`^Weekly series booked: ${title}$`), MAIL_WAIT_MS);
    expect(partsOf(heldMail, 'text/plain')[0]!.body).toContain(`Pay $100.00 once for the 8 classes held: ${result.checkoutUrl}`);

    // Paying it books every held class at once, each with its own booking.created event.
    expect(await bookingCreatedEvents()).toBe(0);
    expect((await payAndNotify(checkoutId)).statusCode).toBe(200);
    await expect.poll(bookingCreatedEvents, { timeout: MAIL_WAIT_MS }).toBe(8);
    for (const item of held) expect(await bookingOf(item.sessionId, me.user!.id)).toMatchObject({ status: 'confirmed', holdExpiresAt: null, paymentRef: checkoutId });
    for (const index of [4, 8]) expect((await t.request(me, { method: 'GET', url: `/api/view-booked-session/${classes[index]!.id}` })).json<BookedSession>().status).toBe('waitlisted');
    const back = await confirm(me, checkoutId);
    expect(back.json()).toMatchObject({ status: 'booked' });
    expect(refundsOf(checkoutId)).toHaveLength(0);
    // One email for the payment, with a calendar event per class booked.
    const seriesMails = () => t.mail.messages.filter((m) => m.to.includes(me.user!.email.toLowerCase()) && m.subject === `Weekly series booked: ${title}`);
    await expect.poll(() => seriesMails().length, { timeout: MAIL_WAIT_MS }).toBe(2);
    const paidMail = seriesMails().find((m) => m !== heldMail)!;
    expect(partsOf(paidMail, 'text/calendar')[0]!.body.match(/BEGIN:VEVENT/g)).toHaveLength(8);
    const notice = await t.mail.waitFor(actors.tutor.user!.email, new RegExp(`^New bookings in your weekly series: ${title}$`), MAIL_WAIT_MS);
    expect(notice.text).toContain(`booked 8 classes of "${title}"`);

    // Class 10 is called off (paid bookings: an admin's call, as for any class): its share only.
    const ten = classes[9]!;
    expect((await post(actors.tutor, `/api/sessions/${ten.id}/cancel`, { reason: 'I am away that week.' })).statusCode).toBe(409);
    const calledOff = await post(actors.admin, `/api/sessions/${ten.id}/cancel`, { reason: 'The tutor is away that week.' });
    expect(calledOff.statusCode, calledOff.body).toBe(200);
    expect(refundsOf(checkoutId)).toEqual([expect.objectContaining({ amount: FEE_CENTS, status: 'succeeded' })]);

    // The student cancels class 4 before its cutoff: its share refunded, the others stay booked.
    const four = classes[3]!;
    expect((await t.request(me, { method: 'DELETE', url: `/api/booked-sessions/${enc(me.user!.email)}/${four.id}` })).statusCode).toBe(204);
    expect(refundsOf(checkoutId)).toEqual([expect.objectContaining({ amount: FEE_CENTS }), expect.objectContaining({ amount: FEE_CENTS })]);
    expect(await bookingOf(four.id, me.user!.id)).toBeUndefined();
    expect(await bookingOf(classes[2]!.id, me.user!.id)).toMatchObject({ status: 'confirmed' });
    // A replay of the payment event refunds and books nothing more.
    expect((await deliver(checkoutId)).statusCode).toBe(200);
    expect(await bookingOf(four.id, me.user!.id)).toBeUndefined();
    expect(refundsOf(checkoutId)).toHaveLength(2);
    expect(await bookingCreatedEvents()).toBe(8);

    // The rest is called off from class 11 on (an admin's call, as paid bookings need): the shares of 11 and 12, nothing more.
    const rest = await post(actors.admin, `/api/series/${seriesId}/cancel`, { reason: 'The term ends early.', fromSessionId: classes[10]!.id });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(refundsOf(checkoutId).map((r) => r.amount)).toEqual([FEE_CENTS, FEE_CENTS, FEE_CENTS, FEE_CENTS]);
    // What stays paid: classes 3, 6, 7 and 8.
    expect(stripe.sessions.get(checkoutId)!.amount_total - refundsOf(checkoutId).reduce((sum, r) => sum + r.amount, 0)).toBe(4 * FEE_CENTS);
    await t.deps.db.kysely.deleteFrom('webhook_endpoint').where('id', '=', endpointId).execute();
  }, 120_000);

  it("refunds the part of a class whose hold ended before the payment arrived, and books the others", async () => {
    const classes = await paidSeries(`Late algebra ${Date.now().toString(36)}`, 3);
    const me = await t.actor({ role: 'student' });
    const result = (await post(me, `/api/series/${classes[0]!.seriesId}/book`, { fromSessionId: classes[0]!.id })).json<BookSeriesResult>();
    const checkoutId = checkoutIdOf(result.checkoutUrl!);
    expect(stripe.sessions.get(checkoutId)!.amount_total).toBe(3 * FEE_CENTS);

    // The second class's hold ends and is released before the student pays.
    await t.deps.db.kysely.updateTable('booking').set({ holdExpiresAt: new Date(Date.now() - 1000).toISOString() }).where('sessionId', '=', classes[1]!.id).where('studentId', '=', me.user!.id).execute();
    await t.deps.jobs.runScheduleNow(EXPIRE_HOLDS_JOB, 5_000);
    expect(await bookingOf(classes[1]!.id, me.user!.id)).toBeUndefined();

    stripe.markPaid(checkoutId);
    expect((await confirm(me, checkoutId)).json()).toMatchObject({ status: 'booked' });
    for (const index of [0, 2]) expect(await bookingOf(classes[index]!.id, me.user!.id)).toMatchObject({ status: 'confirmed' });
    // The refund of the class no longer held is a job of the unit that booked the others.
    await expect.poll(() => refundsOf(checkoutId), { timeout: 10_000 }).toEqual([expect.objectContaining({ amount: FEE_CENTS })]);
  }, 60_000);
});
