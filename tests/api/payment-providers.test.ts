// Payments are provider-neutral (docs/decisions/045-payment-providers.md): the installation's
// currency is a setting (CURRENCY, ISO 4217, default USD) that checkouts are created in and that
// every amount is written in, and each booking records the provider its payment went through.
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookSessionResult } from '#contract/bookings.ts';
import { migrations } from '#migrations/index.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { createDb, migrateToLatest } from '#server/db/database.ts';
import { createStudySession } from '#tests/factories.ts';
import type { FakeStripe } from '#tests/helpers/fake-stripe.ts';
import { createTestDatabase } from '#tests/helpers/test-database.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';
import { enc, json } from '#tests/helpers/request-helpers.ts';
import { runScript } from '#tests/helpers/run-script.ts';

const checkoutIdOf = (url: string) => /\/checkout\/([^/?#]+)$/.exec(url)![1]!;

describe('an installation charging euros (CURRENCY=EUR)', () => {
  let t: TestApp & { stripe: FakeStripe };
  beforeAll(async () => {
    t = await createTestApp({ CURRENCY: 'EUR' }, { stripe: true });
  });
  afterAll(async () => t?.close());

  const book = (who: Actor, sessionId: string) => t.request(who, { method: 'POST', url: '/api/book-session', ...json({ sessionId }) });

  it('says so to the web app and to API clients', async () => {
    const res = await t.request(null, { method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({ payments: true, testPayments: false, paymentProvider: 'Stripe', currency: 'EUR' });
  });

  it('creates the checkout in euros, books on the payment, records Stripe as the provider, and writes the refund as €', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const me = await t.actor({ role: 'student' });
    const s = await createStudySession(t.deps, tutor.user!, { registrationFeeCents: 1250, title: 'Linear Algebra' });
    const res = await book(me, s.id);
    expect(res.statusCode, res.body).toBe(201);
    const checkoutId = checkoutIdOf(res.json<BookSessionResult>().checkoutUrl!);
    expect(t.stripe.sessions.get(checkoutId)).toMatchObject({ amount_total: 1250, currency: 'eur' });

    t.stripe.markPaid(checkoutId);
    const { payload, signature } = t.stripe.completedEvent(checkoutId);
    const hook = await t.app.inject({ method: 'POST', url: '/api/payments/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
    expect(hook.statusCode).toBe(200);
    const booked = await t.deps.db.kysely.selectFrom('booking').selectAll().where('sessionId', '=', s.id).executeTakeFirstOrThrow();
    expect(booked).toMatchObject({ status: 'confirmed', amountCents: 1250, paymentRef: checkoutId, paymentProvider: 'stripe' });

    const cancel = await t.request(me, { method: 'DELETE', url: `/api/booked-sessions/${enc(me.user!.email)}/${s.id}` });
    expect(cancel.statusCode).toBe(204);
    expect(t.stripe.refunds).toEqual([expect.objectContaining({ amount: 1250 })]);
    const mail = await t.mail.waitFor(me.user!.email, /Booking cancelled: Linear Algebra/);
    // The capture undoes quoted-printable byte by byte: read those bytes as UTF-8.
    const text = Buffer.from(mail.text, 'latin1').toString('utf8');
    expect(text).toContain('Your payment of €12.50 has been refunded in full');
    expect(text).not.toContain('$');
  });
});

describe('the built-in test payments', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TEST_PAYMENTS: 'true' });
  });
  afterAll(async () => t?.close());

  it('record the test provider on the booking they pay for', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const me = await t.actor({ role: 'student' });
    const s = await createStudySession(t.deps, tutor.user!, { registrationFeeCents: 900 });
    const res = await t.request(me, { method: 'POST', url: '/api/book-session', ...json({ sessionId: s.id }) });
    expect(res.statusCode, res.body).toBe(201);
    const id = decodeURIComponent(/\/payment\/test\/([^/?#]+)$/.exec(res.json<BookSessionResult>().checkoutUrl!)![1]!);
    expect((await t.request(me, { method: 'POST', url: `/api/payments/test-checkouts/${enc(id)}/pay` })).statusCode).toBe(200);
    const booked = await t.deps.db.kysely.selectFrom('booking').selectAll().where('sessionId', '=', s.id).executeTakeFirstOrThrow();
    expect(booked).toMatchObject({ status: 'confirmed', paymentRef: id, paymentProvider: 'test' });
    expect((await t.request(null, { method: 'GET', url: '/api/config' })).json()).toMatchObject({ payments: true, testPayments: true, paymentProvider: null, currency: 'USD' });
  });
});

describe('CURRENCY', () => {
  const base = { DATA_DIR: '/tmp/studynest-config-test', AUTH_SECRET: 'x'.repeat(40) };

  it('defaults to USD and takes any ISO 4217 code of a currency in hundredths, in either case', () => {
    expect(loadConfig(base).currency).toBe('USD');
    expect(loadConfig({ ...base, CURRENCY: 'EUR' }).currency).toBe('EUR');
    expect(loadConfig({ ...base, CURRENCY: 'gbp' }).currency).toBe('GBP');
  });

  it('stops the start with a message naming the variable for a code that is not ISO 4217, or not in hundredths', () => {
    expect(() => loadConfig({ ...base, CURRENCY: 'EURO' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, CURRENCY: 'EURO' })).toThrow(/CURRENCY: must be an ISO 4217 currency code such as USD or EUR/);
    expect(() => loadConfig({ ...base, CURRENCY: 'XYZ' })).toThrow(/CURRENCY: must be an ISO 4217 currency code such as USD or EUR/);
    expect(() => loadConfig({ ...base, CURRENCY: 'JPY' })).toThrow(/CURRENCY: JPY has 0 decimal places; StudyNest keeps amounts in hundredths/);
  });

  it('an invalid CURRENCY stops the server at start, before anything else, with that message', async () => {
    const run = await runScript(['server/main.ts'], { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: '/tmp/studynest-currency-start', CURRENCY: 'dollars' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Invalid environment configuration:\n  CURRENCY: must be an ISO 4217 currency code such as USD or EUR');
    // A new tsx process compiles the server first: beside the browser suite on two cores, over 30 s.
  }, 120_000);
});

// Bookings paid before a booking recorded its provider: the provider their reference shows.
it('migration 0025 records the provider of the bookings already paid or being paid', async () => {
  const database = await createTestDatabase();
  const db = createDb(database.database);
  try {
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0025'));
    expect((await new Migrator({ db: db.kysely, provider: { getMigrations: async () => before } }).migrateToLatest()).error).toBeUndefined();
    const at = '2026-01-01T00:00:00.000Z';
    for (const id of ['tutor', 's1', 's2', 's3', 's4']) {
      await sql`insert into "user" ("id", "name", "email", "createdAt", "updatedAt", "role") values (${id}, ${id}, ${`${id}@example.com`}, ${at}, ${at}, ${id === 'tutor' ? 'tutor' : 'student'})`.execute(db.kysely);
    }
    await sql`insert into "study_session" ("id", "title", "description", "tutorId", "tutorName", "tutorEmail", "registrationStartDate", "registrationEndDate", "classStartDate", "classEndDate", "durationMinutes", "registrationFeeCents", "status", "bookedCount", "createdAt", "updatedAt")
      values ('sess', 't', 'd', 'tutor', 'tutor', 'tutor@example.com', ${at}, ${at}, ${at}, ${at}, 60, 1250, 'approved', 4, ${at}, ${at})`.execute(db.kysely);
    const add = (id: string, student: string, status: string, amountCents: number, paymentRef: string | null) =>
      sql`insert into "booking" ("id", "sessionId", "studentId", "studentEmail", "status", "amountCents", "paymentRef", "createdAt") values (${id}, 'sess', ${student}, ${`${student}@example.com`}, ${status}, ${amountCents}, ${paymentRef}, ${at})`.execute(db.kysely);
    await add('b1', 's1', 'confirmed', 1250, 'cs_test_a1b2c3');
    await add('b2', 's2', 'pending_payment', 1250, 'test_b2_0123456789abcdef');
    await add('b3', 's3', 'confirmed', 0, null);
    await add('b4', 's4', 'pending_payment', 1250, null);

    await migrateToLatest(db.kysely);

    const rows = await sql<{ id: string; paymentProvider: string | null }>`select "id", "paymentProvider" from "booking" order by "id"`.execute(db.kysely);
    expect(rows.rows).toEqual([
      { id: 'b1', paymentProvider: 'stripe' },
      { id: 'b2', paymentProvider: 'test' },
      { id: 'b3', paymentProvider: null },
      { id: 'b4', paymentProvider: null },
    ]);
  } finally {
    await db.destroy();
    await database.drop();
  }
});
