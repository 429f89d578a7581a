// Attacks on what was added on 24/11/2026: the meeting link of an online class
// (only the tutor, admins and students whose seat is confirmed), the private calendar feed, the
// test payment page, attendance and the roster CSV. Runs on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookSessionResult } from '#contract/bookings.ts';
import type { TestCheckout } from '#contract/payments.ts';
import { createBooking, createStudySession } from '#tests/factories.ts';
import { DAY, enc, iso, json } from '#tests/helpers/request-helpers.ts';
import { approvedSessionAs } from '#tests/helpers/sessions-through-api.ts';
import { createTestApp, createTestAppWithTutorAndAdmin, type Actor, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
let tutor: Actor;
let admin: Actor;

beforeAll(async () => ({ t, tutor, admin } = await createTestAppWithTutorAndAdmin()));
afterAll(async () => t?.close());

const MEETING = 'https://meet.example.com/paid-class?pwd=s3cret';

const onlineSession = () =>
  approvedSessionAs(t, tutor, admin, { title: 'Paid online class', description: 'Online.', locationKind: 'online', meetingUrl: MEETING }, { registrationFee: 0, maxParticipants: 5 });

describe('the meeting link never reaches a student whose seat is only held (unpaid)', () => {
  it("the booking's .ics download answers 404 to a seat hold, and carries the link once the seat is confirmed", async () => {
    const s = await onlineSession();
    const holder = await t.createUser({ role: 'student' });
    await createBooking(t.deps, s, holder, { status: 'pending_payment', amountCents: 500 });
    const signedIn = await t.signIn(holder);
    const ics = await t.request(signedIn, { method: 'GET', url: `/api/booked-sessions/${enc(holder.email)}/${s.id}/calendar.ics` });
    expect(ics.body).not.toContain('meet.example.com');
    expect(ics.statusCode).toBe(404);

    const payer = await t.createUser({ role: 'student' });
    await createBooking(t.deps, s, payer, { status: 'confirmed', amountCents: 500 });
    const paid = await t.request(await t.signIn(payer), { method: 'GET', url: `/api/booked-sessions/${enc(payer.email)}/${s.id}/calendar.ics` });
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('meet.example.com');
  });
});

describe('the test payment page pays only a seat hold that is still running', () => {
  let paying: TestApp;
  beforeAll(async () => {
    paying = await createTestApp({ TEST_PAYMENTS: 'true' });
  });
  afterAll(async () => paying?.close());

  it('refuses (409) to pay, and says expired for, a hold whose time is up though the sweep has not removed it yet', async () => {
    const tutorOf = await paying.actor({ role: 'tutor' });
    const s = await createStudySession(paying.deps, tutorOf.user!, { registrationFeeCents: 1250, maxParticipants: 3 });
    const me = await paying.actor({ role: 'student' });
    const res = await paying.request(me, { method: 'POST', url: '/api/book-session', ...json({ sessionId: s.id }) });
    expect(res.statusCode, res.body).toBe(201);
    const id = decodeURIComponent(/\/payment\/test\/([^/?#]+)$/.exec(res.json<BookSessionResult>().checkoutUrl!)![1]!);
    // The hold ran out a minute ago; the recurring sweep has not run yet.
    await paying.deps.db.kysely.updateTable('booking').set({ holdExpiresAt: iso(Date.now() - 60_000) }).where('sessionId', '=', s.id).execute();

    expect((await paying.request(me, { method: 'GET', url: `/api/payments/test-checkouts/${enc(id)}` })).json<TestCheckout>().status).toBe('expired');
    const paid = await paying.request(me, { method: 'POST', url: `/api/payments/test-checkouts/${enc(id)}/pay` });
    expect(paid.statusCode, paid.body).toBe(409);
    const booking = await paying.deps.db.kysely.selectFrom('booking').select('status').where('sessionId', '=', s.id).executeTakeFirst();
    expect(booking?.status).toBe('pending_payment');
  });
});

describe('calling a paid class off refunds every student who paid, even one who paid while it was being called off', () => {
  let paying: TestApp;
  beforeAll(async () => {
    paying = await createTestApp({ TEST_PAYMENTS: 'true' });
  });
  afterAll(async () => paying?.close());

  /** A paid session (3 seats) of a new tutor: one student has paid, another holds a seat at the test checkout. */
  async function oneStudentPaidOneHolding() {
    const tutorOf = await paying.actor({ role: 'tutor' });
    const adminOf = await paying.actor({ role: 'admin' });
    const s = await createStudySession(paying.deps, tutorOf.user!, { registrationFeeCents: 1250, maxParticipants: 3 });
    const startPaying = async (who: Actor) => {
      const res = await paying.request(who, { method: 'POST', url: '/api/book-session', ...json({ sessionId: s.id }) });
      expect(res.statusCode, res.body).toBe(201);
      return decodeURIComponent(/\/payment\/test\/([^/?#]+)$/.exec(res.json<BookSessionResult>().checkoutUrl!)![1]!);
    };
    const pay = async (who: Actor, id: string) => expect((await paying.request(who, { method: 'POST', url: `/api/payments/test-checkouts/${enc(id)}/pay` })).statusCode).toBe(200);
    const early = await paying.actor({ role: 'student' });
    const late = await paying.actor({ role: 'student' });
    await pay(early, await startPaying(early));
    const lateCheckout = await startPaying(late);
    return { s, tutorOf, adminOf, late, lateCheckout, pay };
  }

  /**
   * Runs `land` (the other student's payment) while the app refunds its first booking: gives the ids
   * of the bookings refunded, and `restore` puts the refund back as it was.
   */
  function landDuringTheFirstRefund(land: () => Promise<void>) {
    const refunded: string[] = [];
    const payments = paying.deps.payments;
    const refundBooking = payments.refundBooking.bind(payments);
    payments.refundBooking = async (booking) => {
      await refundBooking(booking);
      refunded.push(booking.id);
      if (refunded.length === 1) await land();
    };
    const restore = () => {
      payments.refundBooking = refundBooking;
    };
    return { refunded, restore };
  }

  it("an admin's cancel never commits with a paid booking it did not refund", async () => {
    const { s, adminOf, late, lateCheckout, pay } = await oneStudentPaidOneHolding();

    // While the admin's cancel refunds the student who had paid, the other one's payment lands.
    const { refunded, restore } = landDuringTheFirstRefund(() => pay(late, lateCheckout));
    try {
      const first = await paying.request(adminOf, { method: 'POST', url: `/api/sessions/${s.id}/cancel`, ...json({ reason: 'The tutor is ill.' }) });
      // Either the cancel stops (nothing changed) or it refunded everyone it left booked.
      if (first.statusCode === 200) {
        const paid = await paying.deps.db.kysely.selectFrom('booking').select('id').where('sessionId', '=', s.id).where('status', '=', 'confirmed').where('amountCents', '>', 0).execute();
        expect(paid.map((b) => b.id).sort()).toEqual([...refunded].sort());
      } else {
        expect(first.statusCode, first.body).toBe(409);
        const again = await paying.request(adminOf, { method: 'POST', url: `/api/sessions/${s.id}/cancel`, ...json({ reason: 'The tutor is ill.' }) });
        expect(again.statusCode, again.body).toBe(200);
        const paid = await paying.deps.db.kysely.selectFrom('booking').select('id').where('sessionId', '=', s.id).where('status', '=', 'confirmed').where('amountCents', '>', 0).execute();
        expect(paid.every((b) => refunded.includes(b.id))).toBe(true);
        expect(paid).toHaveLength(2);
      }
    } finally {
      restore();
    }
  });

  it("an admin's delete never removes a paid booking it did not refund", async () => {
    const { s, tutorOf, adminOf, late, lateCheckout, pay } = await oneStudentPaidOneHolding();
    const lateBooking = await paying.deps.db.kysely.selectFrom('booking').select('id').where('sessionId', '=', s.id).where('studentId', '=', late.user!.id).executeTakeFirstOrThrow();

    const { refunded, restore } = landDuringTheFirstRefund(() => pay(late, lateCheckout));
    try {
      const remove = () => paying.request(adminOf, { method: 'DELETE', url: `/api/session/${enc(tutorOf.user!.email)}/${s.id}` });
      let res = await remove();
      if (res.statusCode === 409) res = await remove();
      expect(res.statusCode, res.body).toBeLessThan(300);
      // The student who paid while the delete ran got their money back too.
      expect(refunded).toContain(lateBooking.id);
    } finally {
      restore();
    }
  });
});

/**
 * A spreadsheet whose list separator is ';' (Excel in most of Europe opening a .csv): a field
 * opens a quote only at its start, and a ';' outside quotes starts a new cell.
 */
function semicolonCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  let start = true;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && start) quoted = true;
    else if (c === ';') {
      cells.push(cell);
      cell = '';
      start = true;
      continue;
    } else cell += c;
    start = false;
  }
  cells.push(cell);
  return cells;
}

describe('the roster CSV in a spreadsheet that separates with ;', () => {
  it('never gives a cell that starts a formula, whatever a student is called', async () => {
    const s = await createStudySession(t.deps, tutor.user!, {
      registrationStartDate: iso(Date.now() - 10 * DAY),
      registrationEndDate: iso(Date.now() - 2 * DAY),
      classStartDate: iso(Date.now() - 3_600_000),
      classEndDate: iso(Date.now() + 3_600_000),
    });
    const dde = await t.createUser({ role: 'student', name: "Mallory;=cmd|' /C calc'!A0" });
    const link = await t.createUser({ role: 'student', name: 'Eve;@SUM(1+1)*cmd|x' });
    await createBooking(t.deps, s, dde);
    await createBooking(t.deps, s, link);
    const res = await t.request(tutor, { method: 'GET', url: `/api/sessions/${s.id}/roster.csv` });
    expect(res.statusCode).toBe(200);
    const cells = res.body.split('\r\n').filter(Boolean).flatMap(semicolonCells);
    expect(cells.filter((cell) => /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell))).toEqual([]);
  });
});

describe('secrets in URLs stay out of the logs', () => {
  it("writes a request's URL with a calendar feed's, a data export's and a link's token masked", async () => {
    const feed = (await t.request(tutor, { method: 'POST', url: '/api/me/calendar-feed' })).json<{ url: string }>();
    const path = new URL(feed.url).pathname;
    const token = /\/calendar\/(.+)\.ics$/.exec(path)![1]!;
    // Fastify's logger, as the app built it: its serializer of the request in each log line.
    const serializers = (t.app.log as unknown as Record<symbol, { req: (request: unknown) => { url: string } }>)[Symbol.for('pino.serializers')]!;
    const logged = (url: string) => serializers.req({ method: 'GET', url, host: 'localhost', ip: '127.0.0.1', socket: { remotePort: 1 } }).url;
    for (const url of [path, path.toUpperCase().replace('.ICS', '.ics'), `/${path}`, `${path}?x=1`, `/api/notifications/unsubscribe?token=${token}`, `/reset-password?a=1&token=${token}`, `/api/me/data-exports/${token}.zip`,
      // The reset link as better-auth's endpoint receives it, and our check of it that the reset page makes.
      `/api/auth/reset-password/${token}?callbackURL=%2Freset-password`, `//api/auth/reset-password/${token}`, `/api/password-reset/${token}`, `/API/Password-Reset/${token}`,
      `/api/auth/verify-email?token=${token}&callbackURL=%2F`, `/api/auth/callback/google?state=${token}&code=${token}`]) {
      expect(logged(url).toLowerCase(), url).not.toContain(token.slice(0, 20).toLowerCase());
    }
    expect(logged('/api/sessions?limit=10')).toBe('/api/sessions?limit=10');
  });

  it('masks the token of every route the app has with a :token parameter', async () => {
    const serializers = (t.app.log as unknown as Record<symbol, { req: (request: unknown) => { url: string } }>)[Symbol.for('pino.serializers')]!;
    const logged = (url: string) => serializers.req({ method: 'GET', url, host: 'localhost', ip: '127.0.0.1', socket: { remotePort: 1 } }).url;
    const secret = 'Zr8kQ2vXw9LmN4pT7yB1cD6fG3hJ5sA0';
    const withToken = t.routes.filter((route) => /:token\b/.test(route.url));
    expect(withToken.length).toBeGreaterThan(0);
    for (const route of withToken) {
      const url = route.url.replace(/:token\b/, secret).replace(/:[A-Za-z]+/g, 'x');
      expect(logged(url), url).not.toContain(secret.slice(0, 12));
    }
  });

  it('keeps a reset link\'s token out of the log of a real request to each URL that carries it', async () => {
    const lines: string[] = [];
    const secret = 'Qw3eR5tY7uI9oP1aS2dF4gH6jK8lZ0xC';
    const capture = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line: string) => void lines.push(line) } });
    try {
      for (const url of [`/api/password-reset/${secret}`, `/api/auth/reset-password/${secret}?callbackURL=%2Freset-password`, `/api/auth/verify-email?token=${secret}`]) await capture.request(null, { method: 'GET', url });
      expect(lines.join('\n')).toContain('/api/password-reset/[secret]');
      expect(lines.join('\n')).not.toContain(secret.slice(0, 12));
    } finally {
      await capture.close();
    }
  });
});
