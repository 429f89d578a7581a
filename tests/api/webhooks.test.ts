// Webhooks: endpoints registered by admins (every session's events) and tutors (their own
// sessions'), each delivery a job written with its cause, signed as Standard Webhooks sign
// (verified here with the reference library, standardwebhooks), tried again after a failure,
// shown with its last answer, and never sent to a private or loopback address unless
// WEBHOOK_ALLOW_PRIVATE allows it. Every event is sent by its cause: a reschedule, a paid booking
// once its payment is seen (never at its hold), a refund, an erasure's releases and refunds.
// Runs on SQLite and PostgreSQL.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookSessionResult } from '#contract/bookings.ts';
import type { CreatedWebhook, WebhookDeliveryList, WebhookEvent } from '#contract/webhooks.ts';
import { createStudySession } from '#tests/factories.ts';
import { movableClock, until } from '#tests/helpers/jobs.ts';
import { createActors, runMatrix, type Actors } from '#tests/helpers/permission-matrix.ts';
import { DAY, enc, HOUR, iso, json } from '#tests/helpers/request-helpers.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local receiver: records every POST; a path answers the statuses queued for it, then 200. */
async function startReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, number[]>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = answers.get(req.url ?? '')?.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'thanks' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    at: (path: string) => received.filter((r) => r.path === path),
    failNext: (path: string, ...statuses: number[]) => answers.set(path, statuses),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const clock = movableClock();
let t: TestApp;
let actors: Actors;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: '1', METRICS_TOKEN: 'metrics-token-for-webhooks', TEST_PAYMENTS: 'true' }, { now: clock.now });
  actors = await createActors(t);
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const register = (who: Actor, path: string, events: WebhookEvent[], on: TestApp = t) => on.request(who, { method: 'POST', url: '/api/webhooks', ...json({ url: `${receiver.base}${path}`, events }) });
const registered = async (who: Actor, path: string, events: WebhookEvent[]) => {
  const res = await register(who, path, events);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedWebhook>();
};
const deliveries = async (who: Actor, id: string, on: TestApp = t) => (await on.request(who, { method: 'GET', url: `/api/webhooks/${id}/deliveries` })).json<WebhookDeliveryList>().items;
/** What the receiver got at `path`, each verified with the endpoint's secret by the reference library. */
const verified = (path: string, secret: string) =>
  receiver.at(path).map((r) => new Webhook(secret).verify(r.body, { 'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']) }) as { type: string; data: Record<string, unknown> });

describe('webhooks: permission matrix', () => {
  it('lets admins and tutors manage their own endpoints only', async () => {
    const tutors = await registered(actors.tutor, '/matrix', ['booking.created']);
    await runMatrix(t, actors, [
      { name: 'POST /api/webhooks', request: () => ({ method: 'POST', url: '/api/webhooks', ...json({ url: `${receiver.base}/matrix`, events: ['booking.created'] }) }), expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 201, otherTutor: 201, admin: 201 } },
      { name: 'GET /api/webhooks', request: () => ({ method: 'GET', url: '/api/webhooks' }), expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 200, otherTutor: 200, admin: 200 } },
      {
        name: "GET the tutor's endpoint's deliveries",
        request: () => ({ method: 'GET', url: `/api/webhooks/${tutors.id}/deliveries` }),
        expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 200, otherTutor: 404, admin: 404 },
      },
      {
        name: "DELETE the tutor's endpoint",
        request: async (a) => ({ method: 'DELETE', url: `/api/webhooks/${(await registered(a.tutor, '/matrix', ['booking.created'])).id}` }),
        expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 204, otherTutor: 404, admin: 404 },
      },
    ]);
    const unverified = await t.actor({ role: 'tutor', verified: false });
    expect((await register(unverified, '/matrix', ['booking.created'])).statusCode).toBe(403);
  });
});

describe('webhooks: delivery', () => {
  it("sends a booking and its cancellation, signed and in order, to the admin's endpoint and the session's tutor's, not another tutor's", async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const student = await t.actor({ role: 'student' });
    const mine = await registered(tutor, '/tutor', ['booking.created', 'booking.cancelled']);
    const school = await registered(actors.admin, '/school', ['booking.created', 'booking.cancelled', 'session.approved']);
    await registered(actors.otherTutor, '/other-tutor', ['booking.created', 'booking.cancelled']);
    const session = await createStudySession(t.deps, tutor.user!, { title: 'Hooked class' });
    expect((await t.request(student, { method: 'POST', url: '/api/book-session', ...json({ sessionId: session.id }) })).statusCode).toBe(201);
    expect((await t.request(student, { method: 'DELETE', url: `/api/booked-sessions/${enc(student.user!.email)}/${session.id}` })).statusCode).toBe(204);
    await until(() => receiver.at('/tutor').length >= 2 && receiver.at('/school').length >= 2);
    for (const [path, secret] of [['/tutor', mine.secret], ['/school', school.secret]] as const) {
      const events = verified(path, secret);
      expect(events.map((e) => e.type)).toEqual(['booking.created', 'booking.cancelled']);
      expect(events.map((e) => e.data)).toEqual([expect.objectContaining({ sessionId: session.id, studentId: student.user!.id }), expect.objectContaining({ sessionId: session.id, studentId: student.user!.id })]);
      const [first, second] = receiver.at(path);
      expect(first!.headers['webhook-id']).not.toBe(second!.headers['webhook-id']);
      expect(first!.headers['content-type']).toBe('application/json');
    }
    // Another secret does not verify them.
    expect(() => verified('/tutor', school.secret)).toThrow();
    expect(receiver.at('/other-tutor')).toEqual([]);
    await until(async () => (await deliveries(tutor, mine.id)).length === 2);
    expect((await deliveries(tutor, mine.id)).map((d) => [d.event, d.status, d.attempts, d.lastStatus, d.lastBody])).toEqual([
      ['booking.cancelled', 'delivered', 1, 200, 'thanks'],
      ['booking.created', 'delivered', 1, 200, 'thanks'],
    ]);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-token-for-webhooks' } });
    expect(Number(/^studynest_webhook_deliveries\{outcome="delivered"\} (\d+)$/m.exec(metrics.body)?.[1])).toBeGreaterThanOrEqual(4);
  });

  it('tries again after a 500, with the same webhook-id, and shows the last answer meanwhile', async () => {
    const admin = await t.actor({ role: 'admin' });
    const hook = await registered(admin, '/flaky', ['session.approved']);
    receiver.failNext('/flaky', 500);
    const pending = await createStudySession(t.deps, actors.tutor.user!, { title: 'Waiting for approval', status: 'pending' });
    expect((await t.request(admin, { method: 'POST', url: `/api/sessions/${pending.id}/approve`, ...json({ registrationFee: 0 }) })).statusCode).toBe(200);
    await until(async () => (await deliveries(admin, hook.id))[0]?.status === 'retrying');
    expect((await deliveries(admin, hook.id)).map((d) => [d.event, d.status, d.attempts, d.lastStatus, d.lastBody])).toEqual([['session.approved', 'retrying', 1, 500, 'receiver is down']]);
    // Not before its back-off (5 s on the app's clock).
    clock.advance(6_000);
    t.deps.jobs.wake();
    await until(async () => (await deliveries(admin, hook.id))[0]?.status === 'delivered');
    expect((await deliveries(admin, hook.id)).map((d) => [d.status, d.attempts, d.lastStatus])).toEqual([['delivered', 2, 200]]);
    const tries = receiver.at('/flaky');
    expect(tries).toHaveLength(2);
    expect(tries[0]!.headers['webhook-id']).toBe(tries[1]!.headers['webhook-id']);
    expect(verified('/flaky', hook.secret).map((e) => [e.type, e.data.sessionId])).toEqual([
      ['session.approved', pending.id],
      ['session.approved', pending.id],
    ]);
  });
});

describe('webhooks: a reschedule, a paid booking and an erasure', () => {
  /** The test payment page's checkout of a paid booking's answer. */
  const checkoutOf = (booked: BookSessionResult) => decodeURIComponent(/\/payment\/test\/([^/?#]+)$/.exec(booked.checkoutUrl!)![1]!);
  const pay = (who: Actor, checkoutId: string) => t.request(who, { method: 'POST', url: `/api/payments/test-checkouts/${enc(checkoutId)}/pay` });
  const book = async (who: Actor, sessionId: string) => {
    const res = await t.request(who, { method: 'POST', url: '/api/book-session', ...json({ sessionId }) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<BookSessionResult>();
  };
  /** Every delivery written so far has been sent (a delivered one leaves the jobs table; every receiver here answers 200). */
  const allSent = () => until(async () => (await t.deps.db.kysely.selectFrom('job').select('id').where('kind', '=', 'webhook.delivery').execute()).length === 0);

  it('sends session.rescheduled with the new times (and the old ones) when a class is moved', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const hook = await registered(tutor, '/moved', ['session.rescheduled']);
    const session = await createStudySession(t.deps, tutor.user!, { title: 'Moved class' });
    const start = Math.floor((clock.now().getTime() + 12 * DAY) / 60_000) * 60_000;
    const moved = { classStartDate: iso(start), classEndDate: iso(start + 90 * 60_000), message: 'The room is taken that day, sorry.' };
    const res = await t.request(tutor, { method: 'POST', url: `/api/sessions/${session.id}/reschedule`, ...json(moved) });
    expect(res.statusCode, res.body).toBe(200);
    // A move refused (its end before its start) sends nothing.
    const refused = await t.request(tutor, { method: 'POST', url: `/api/sessions/${session.id}/reschedule`, ...json({ ...moved, classStartDate: iso(start + DAY), classEndDate: iso(start + DAY - HOUR) }) });
    expect(refused.statusCode).toBe(400);
    await allSent();
    expect(verified('/moved', hook.secret)).toEqual([
      {
        type: 'session.rescheduled',
        timestamp: clock.now().toISOString(),
        data: {
          sessionId: session.id,
          title: 'Moved class',
          tutorId: tutor.user!.id,
          tutorEmail: tutor.user!.email,
          classStartDate: moved.classStartDate,
          classEndDate: moved.classEndDate,
          status: 'approved',
          previousClassStartDate: session.classStartDate,
          previousClassEndDate: session.classEndDate,
          message: moved.message,
        },
      },
    ]);
  });

  it('sends booking.created for a paid booking once, when its payment is seen, never when its seat is held', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const student = await t.actor({ role: 'student' });
    const hook = await registered(tutor, '/paid', ['booking.created']);
    const session = await createStudySession(t.deps, tutor.user!, { title: 'Paid hooked class', registrationFeeCents: 1250 });
    const checkoutId = checkoutOf(await book(student, session.id));
    await allSent();
    expect(receiver.at('/paid')).toEqual([]);

    const paid = await pay(student, checkoutId);
    expect(paid.statusCode, paid.body).toBe(200);
    // The success page asks again after the payment (as the provider's own webhook would): booked already, nothing more is sent.
    const confirmed = await t.request(student, { method: 'POST', url: '/api/payments/confirm', ...json({ checkoutSessionId: checkoutId }) });
    expect(confirmed.json()).toMatchObject({ status: 'booked', sessionId: session.id });
    await allSent();
    expect(verified('/paid', hook.secret).map((e) => [e.type, e.data])).toEqual([
      ['booking.created', { sessionId: session.id, title: 'Paid hooked class', studentId: student.user!.id, studentEmail: student.user!.email, amountCents: 1250 }],
    ]);
  });

  it("sends an erasure's release and refund of a paid booking (booking.cancelled, payment.refunded), without the erased address", async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const student = await t.actor({ role: 'student' });
    const hook = await registered(tutor, '/erased', ['booking.cancelled', 'payment.refunded']);
    const session = await createStudySession(t.deps, tutor.user!, { title: 'Paid, then erased', registrationFeeCents: 2000 });
    const booked = await book(student, session.id);
    expect((await pay(student, checkoutOf(booked))).statusCode).toBe(200);

    const res = await t.request(student, { method: 'DELETE', url: '/api/me', ...json({ password: student.user!.password }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ cancelledBookings: 1, refundedBookings: 1 });
    await allSent();
    // Written in one unit of work: their order is not promised.
    const events = verified('/erased', hook.secret).map((e) => [e.type, e.data]).sort(([a], [b]) => String(a).localeCompare(String(b)));
    expect(events).toEqual([
      ['booking.cancelled', { sessionId: session.id, title: 'Paid, then erased', studentId: student.user!.id }],
      ['payment.refunded', { sessionId: session.id, title: 'Paid, then erased', studentId: student.user!.id, bookingId: booked.id, amountCents: 2000 }],
    ]);
    expect(receiver.at('/erased').map((r) => r.body).join('\n')).not.toContain(student.user!.email);
  });
});

describe('webhooks: private addresses (SSRF)', () => {
  let closed: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    closed = await createTestApp();
    admin = await closed.actor({ role: 'admin' });
  });
  afterAll(async () => closed?.close());

  it('refuses http, loopback and localhost addresses by default', async () => {
    for (const url of ['https://127.0.0.1/hook', 'https://[::1]/hook', 'https://10.1.2.3/hook', 'https://169.254.169.254/latest', 'https://localhost/hook', 'http://hooks.example.com/hook']) {
      const res = await closed.request(admin, { method: 'POST', url: '/api/webhooks', ...json({ url, events: ['session.approved'] }) });
      expect(res.statusCode, url).toBe(400);
    }
    expect((await closed.request(admin, { method: 'POST', url: '/api/webhooks', ...json({ url: 'https://hooks.example.com/hook', events: ['session.approved'] }) })).statusCode).toBe(201);
  });

  it('sends nothing to 127.0.0.1, literal or by a name that resolves to it, when the address is checked at connection time', async () => {
    // Endpoints whose address became private after registration (a name rebound to 127.0.0.1).
    const port = new URL(receiver.base).port;
    const ids = ['literal', 'named'];
    for (const [i, url] of [`http://127.0.0.1:${port}/closed-literal`, `http://localhost:${port}/closed-named`].entries()) {
      await closed.deps.db.kysely.insertInto('webhook_endpoint').values({ id: ids[i]!, ownerId: admin.user!.id, url, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', events: 'session.approved', createdAt: new Date().toISOString() }).execute();
    }
    const pending = await createStudySession(closed.deps, (await closed.actor({ role: 'tutor' })).user!, { title: 'Private hooks', status: 'pending' });
    expect((await closed.request(admin, { method: 'POST', url: `/api/sessions/${pending.id}/approve`, ...json({ registrationFee: 0 }) })).statusCode).toBe(200);
    for (const id of ids) {
      await until(async () => (await deliveries(admin, id, closed)).length === 1);
      const [delivery] = await deliveries(admin, id, closed);
      expect(delivery).toMatchObject({ status: 'retrying', lastStatus: null });
      expect(delivery!.lastBody).toMatch(/refused: .* is a private, loopback or link-local address/);
    }
    expect(receiver.at('/closed-literal')).toEqual([]);
    expect(receiver.at('/closed-named')).toEqual([]);
  });
});
