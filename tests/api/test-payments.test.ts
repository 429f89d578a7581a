// Without Stripe, a built-in test payment page stands in for Checkout ("Test payment,
// no money moves"): on by default for `npm start` with demo data, in production and tests only
// with TEST_PAYMENTS=true, never beside Stripe. The whole paid flow: hold, pay, confirm, refund
// on cancel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookSessionResult } from '#contract/bookings.ts';
import type { TestCheckout } from '#contract/payments.ts';
import { loadConfig } from '#server/config.ts';
import { createStudySession } from '#tests/factories.ts';
import { createAppWithActors, runMatrix, type Actors } from '#tests/helpers/permission-matrix.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';
import { enc, json } from '#tests/helpers/request-helpers.ts';

let t: TestApp;
let actors: Actors;
beforeAll(async () => ({ t, actors } = await createAppWithActors({ TEST_PAYMENTS: 'true' })));
afterAll(async () => t?.close());

const paidSession = () => createStudySession(t.deps, actors.tutor.user!, { registrationFeeCents: 1250, maxParticipants: 3 });
const bookingOf = (sessionId: string, studentId: string) =>
  t.deps.db.kysely.selectFrom('booking').selectAll().where('sessionId', '=', sessionId).where('studentId', '=', studentId).executeTakeFirst();

async function startPaying(who: Actor, sessionId: string) {
  const res = await t.request(who, { method: 'POST', url: '/api/book-session', ...json({ sessionId }) });
  expect(res.statusCode, res.body).toBe(201);
  const { checkoutUrl } = res.json<BookSessionResult>();
  const id = decodeURIComponent(/\/payment\/test\/([^/?#]+)$/.exec(checkoutUrl!)![1]!);
  return { checkoutUrl: checkoutUrl!, id };
}

describe('when test payments are on', () => {
  it('says so to the web app', async () => {
    expect((await t.request(null, { method: 'GET', url: '/api/config' })).json()).toMatchObject({ payments: true, testPayments: true });
  });

  it('holds the seat and sends the student to the built-in page; paying there books it; cancelling refunds it', async () => {
    const me = await t.actor({ role: 'student' });
    const s = await paidSession();
    const { checkoutUrl, id } = await startPaying(me, s.id);
    expect(checkoutUrl).toBe(`${t.deps.config.baseUrl}/payment/test/${encodeURIComponent(id)}`);
    expect((await bookingOf(s.id, me.user!.id))?.status).toBe('pending_payment');

    const page = await t.request(me, { method: 'GET', url: `/api/payments/test-checkouts/${enc(id)}` });
    expect(page.json<TestCheckout>()).toEqual({ id, sessionId: s.id, amount: 12.5, status: 'open' });

    const paid = await t.request(me, { method: 'POST', url: `/api/payments/test-checkouts/${enc(id)}/pay` });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ successUrl: `/payment/success?checkout_session_id=${enc(id)}` });
    expect(await bookingOf(s.id, me.user!.id)).toMatchObject({ status: 'confirmed', amountCents: 1250, paymentRef: id });

    // The success page's check, as after Stripe: booked, once.
    const confirmed = await t.request(me, { method: 'POST', url: '/api/payments/confirm', ...json({ checkoutSessionId: id }) });
    expect(confirmed.json()).toMatchObject({ status: 'booked', sessionId: s.id });
    expect((await t.request(me, { method: 'POST', url: `/api/payments/test-checkouts/${enc(id)}/pay` })).statusCode).toBe(200);
    expect((await t.request(me, { method: 'GET', url: `/api/payments/test-checkouts/${enc(id)}` })).json<TestCheckout>().status).toBe('paid');

    const cancelled = await t.request(me, { method: 'DELETE', url: `/api/booked-sessions/${enc(me.user!.email)}/${s.id}` });
    expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
    expect((await bookingOf(s.id, me.user!.id))?.status ?? 'gone').not.toBe('confirmed');
  });

  it('refuses to pay a hold that has ended', async () => {
    const me = await t.actor({ role: 'student' });
    const s = await paidSession();
    const { id } = await startPaying(me, s.id);
    await t.deps.db.kysely.deleteFrom('booking').where('sessionId', '=', s.id).execute();
    const paid = await t.request(me, { method: 'POST', url: `/api/payments/test-checkouts/${enc(id)}/pay` });
    expect(paid.statusCode).toBe(404);
  });

  it('lets only the paying student see and pay their test payment', async () => {
    await runMatrix(t, actors, [
      {
        name: 'GET /api/payments/test-checkouts/{id}',
        request: async (a) => ({ method: 'GET', url: `/api/payments/test-checkouts/${enc((await startPaying(a.student, (await paidSession()).id)).id)}` }),
        expect: { anonymous: 401, student: 200, otherStudent: 404, tutor: 404, otherTutor: 404, admin: 404 },
      },
      {
        name: 'POST /api/payments/test-checkouts/{id}/pay',
        request: async (a) => ({ method: 'POST', url: `/api/payments/test-checkouts/${enc((await startPaying(a.student, (await paidSession()).id)).id)}/pay` }),
        expect: { anonymous: 401, student: 200, otherStudent: 404, tutor: 403, otherTutor: 403, admin: 403 },
      },
    ]);
  });
});

describe('where test payments are off', () => {
  it('answers 404 for a test payment, and paid sessions cannot be booked', async () => {
    const off = await createTestApp();
    try {
      const me = await off.actor({ role: 'student' });
      expect((await off.request(null, { method: 'GET', url: '/api/config' })).json()).toMatchObject({ payments: false, testPayments: false });
      const s = await createStudySession(off.deps, (await off.actor({ role: 'tutor' })).user!, { registrationFeeCents: 500 });
      expect((await off.request(me, { method: 'POST', url: '/api/book-session', ...json({ sessionId: s.id }) })).statusCode).toBe(409);
      expect((await off.request(me, { method: 'GET', url: '/api/payments/test-checkouts/test_x_0123456789abcdef' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('is on for npm start with demo data, off in production unless TEST_PAYMENTS=true, and never beside Stripe', () => {
    const base = { DATA_DIR: '/tmp/studynest-config-test', AUTH_SECRET: 'x'.repeat(40) };
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).testPayments).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'development', DEMO_DATA: 'false' }).testPayments).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).testPayments).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', TEST_PAYMENTS: 'true' }).testPayments).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'development', TEST_PAYMENTS: 'false' }).testPayments).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', TEST_PAYMENTS: 'true', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).testPayments).toBe(false);
  });
});
