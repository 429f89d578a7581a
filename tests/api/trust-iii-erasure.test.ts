// Erasing an account is one transaction that cannot collide: the bookings it releases, the refunds
// it owes (jobs written in it) and the emptied user row commit together or not at all; an address
// already holding `deleted-<id>@deleted.invalid` does not stop it; and it never refunds more than
// cancelling would (inside the cutoff the seat goes to the waitlist unrefunded), which the owner
// can read before confirming (GET /api/me/deletion). Runs on SQLite and on PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BookSessionResult } from '#contract/bookings.ts';
import type { AccountDeleted, AccountDeletionPreview } from '#contract/my-data.ts';
import { newId } from '#server/ids.ts';
import { createStudySession, createWaitlistEntry, type CreatedUser } from '#tests/factories.ts';
import type { FakeStripe } from '#tests/helpers/fake-stripe.ts';
import { createStripeAppWithActors, type Actors } from '#tests/helpers/permission-matrix.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';
import { HOUR, iso, json } from '#tests/helpers/request-helpers.ts';

let t: TestApp & { stripe: FakeStripe };
let stripe: FakeStripe;
let actors: Actors;

beforeAll(async () => ({ t, stripe, actors } = await createStripeAppWithActors()));
afterAll(async () => t?.close());

const db = () => t.deps.db.kysely;
const deleteMine = (who: Actor) => t.request(who, { method: 'DELETE', url: '/api/me', ...json({ password: who.user!.password }) });
const deleteUser = (id: string) => t.request(actors.admin, { method: 'DELETE', url: `/api/users/${id}` });
const preview = (who: Actor) => t.request(who, { method: 'GET', url: '/api/me/deletion' });
const userRow = (id: string) => db().selectFrom('user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const bookingsOf = (sessionId: string) => db().selectFrom('booking').select(['studentId', 'status', 'amountCents']).where('sessionId', '=', sessionId).orderBy('createdAt').execute();
const bookedCount = async (sessionId: string) => Number((await db().selectFrom('study_session').select('bookedCount').where('id', '=', sessionId).executeTakeFirstOrThrow()).bookedCount);
const refundJobs = () => db().selectFrom('job').select(['payload', 'status']).where('kind', '=', 'bookings.refund').execute();

/** A paid booking of `me`, through Checkout and the signed webhook; the payment intent it made. */
async function payForSeat(me: Actor, sessionId: string): Promise<string> {
  const booked = await t.request(me, { method: 'POST', url: '/api/book-session', ...json({ sessionId }) });
  expect(booked.statusCode, booked.body).toBe(201);
  const checkoutId = /\/checkout\/([^/?#]+)$/.exec(booked.json<BookSessionResult>().checkoutUrl!)![1]!;
  stripe.markPaid(checkoutId);
  const { payload, signature } = stripe.completedEvent(checkoutId);
  expect((await t.app.inject({ method: 'POST', url: '/api/payments/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } })).statusCode).toBe(200);
  return stripe.sessions.get(checkoutId)!.payment_intent!;
}

/** A full paid session (one seat, 24 h cutoff) booked and paid by `me`, with `waiting` in line. */
async function paidFullSession(me: Actor, waiting: CreatedUser) {
  const tutor = await t.createUser({ role: 'tutor' });
  const session = await createStudySession(t.deps, tutor, { registrationFeeCents: 2500, maxParticipants: 1, cancellationCutoffHours: 24 });
  const intent = await payForSeat(me, session.id);
  await createWaitlistEntry(t.deps, session, waiting);
  return { session, intent };
}

const refundsOf = (intent: string) => stripe.refunds.filter((r) => r.payment_intent === intent);

/** Makes every write of a `.invalid` address to the user table fail: an erasure failing after it released the bookings. */
async function failErasures(on: boolean): Promise<void> {
  if (t.deps.db.dialect === 'postgres') {
    if (on) {
      await sql`create or replace function erasure_fails() returns trigger language plpgsql as $$ begin raise exception 'forced failure'; end $$`.execute(db());
      await sql`create trigger erasure_fails before update of email on "user" for each row when (new.email like '%@deleted.invalid') execute function erasure_fails()`.execute(db());
    } else {
      await sql`drop trigger erasure_fails on "user"`.execute(db());
    }
  } else if (on) {
    await sql`create trigger erasure_fails before update of email on "user" when new.email like '%@deleted.invalid' begin select raise(abort, 'forced failure'); end`.execute(db());
  } else {
    await sql`drop trigger erasure_fails`.execute(db());
  }
}

/** A row holding `email`, inserted directly into the user table (as an attacker's sign-up once could). */
async function squat(email: string): Promise<string> {
  const model = await userRow(actors.otherStudent.user!.id);
  const id = newId();
  await db().insertInto('user').values({ ...model, id, email, name: 'Squatter' }).execute();
  return id;
}

describe('an erasure that cannot collide', () => {
  it("erases the owner's account although another row holds deleted-<id>@deleted.invalid, refunding through a job", async () => {
    const me = await t.actor({ role: 'student' });
    const waiting = await t.createUser({ role: 'student' });
    const { session, intent } = await paidFullSession(me, waiting);
    const squatter = await squat(`deleted-${me.user!.id}@deleted.invalid`);

    const res = await deleteMine(me);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AccountDeleted>()).toMatchObject({ cancelledBookings: 1, refundedBookings: 1 });
    const row = await userRow(me.user!.id);
    expect(row.email).toMatch(new RegExp(`^deleted-${me.user!.id}\\.[0-9a-f]{24}@deleted\\.invalid$`));
    expect((await userRow(squatter)).email).toBe(`deleted-${me.user!.id}@deleted.invalid`);
    // The seat went to the first in line (a hold to pay), and the refund reached the payment service.
    expect(await bookingsOf(session.id)).toEqual([{ studentId: waiting.id, status: 'pending_payment', amountCents: 2500 }]);
    await vi.waitFor(() => expect(refundsOf(intent)).toEqual([expect.objectContaining({ amount: 2500 })]), { timeout: 10_000 });
    await vi.waitFor(async () => expect(await refundJobs()).toEqual([]));
  });

  it("lets an admin erase a user whose deleted address another row holds", async () => {
    const victim = await t.createUser({ role: 'student' });
    await squat(`deleted-${victim.id}@deleted.invalid`);
    const res = await deleteUser(victim.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await userRow(victim.id)).email).toMatch(/@deleted\.invalid$/);
    expect((await userRow(victim.id)).email).not.toBe(`deleted-${victim.id}@deleted.invalid`);
  });
});

describe('a failed erasure changes nothing', () => {
  it('keeps the bookings, the seat, the waitlist, the money and the user row when the erasure fails after releasing the bookings', async () => {
    const me = await t.actor({ role: 'student', name: 'Staying Student' });
    const waiting = await t.createUser({ role: 'student' });
    const { session, intent } = await paidFullSession(me, waiting);
    const before = { user: await userRow(me.user!.id), bookings: await bookingsOf(session.id), seats: await bookedCount(session.id) };
    const refundsBefore = stripe.refunds.length;

    await failErasures(true);
    try {
      const failed = await deleteMine(me);
      expect(failed.statusCode).toBe(500);
      expect(failed.body).not.toContain('forced failure');
      const adminFailed = await deleteUser(me.user!.id);
      expect(adminFailed.statusCode).toBe(500);
    } finally {
      await failErasures(false);
    }

    expect(await userRow(me.user!.id)).toEqual(before.user);
    expect(await bookingsOf(session.id)).toEqual(before.bookings);
    expect(await bookedCount(session.id)).toBe(before.seats);
    expect(await db().selectFrom('waitlist_entry').select('studentId').where('sessionId', '=', session.id).execute()).toEqual([{ studentId: waiting.id }]);
    expect(await refundJobs()).toEqual([]);
    expect(await db().selectFrom('audit_log').select('action').where('targetId', '=', me.user!.id).where('action', '=', 'user.deleted').execute()).toEqual([]);
    // Still signed in, still theirs; and no refund was asked of the payment service.
    expect((await t.request(me, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    await t.deps.jobs.runDue();
    expect(stripe.refunds.length).toBe(refundsBefore);
    expect(refundsOf(intent)).toEqual([]);

    // Once nothing stands in the way, the same deletion goes through whole.
    const res = await deleteMine(me);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AccountDeleted>()).toMatchObject({ cancelledBookings: 1, refundedBookings: 1 });
    await vi.waitFor(() => expect(refundsOf(intent)).toEqual([expect.objectContaining({ amount: 2500 })]), { timeout: 10_000 });
  });
});

describe('deleting an account never refunds more than cancelling would', () => {
  it('inside the cutoff: releases the paid seat to the waitlist without a refund, as said beforehand', async () => {
    const me = await t.actor({ role: 'student' });
    const waiting = await t.createUser({ role: 'student' });
    const { session, intent } = await paidFullSession(me, waiting);
    // Before the cutoff, deleting would refund the booking, as cancelling would.
    await expect(preview(me).then((r) => r.json<AccountDeletionPreview>())).resolves.toEqual({ cancelledBookings: 1, refundedBookings: 1, notRefundedBookings: 0 });
    // Time passes: the class starts in 2 hours, inside its 24-hour cutoff; cancelling is refused.
    await db().updateTable('study_session').set({ classStartDate: iso(Date.now() + 2 * HOUR), classEndDate: iso(Date.now() + 4 * HOUR) }).where('id', '=', session.id).execute();
    const cancel = await t.request(me, { method: 'DELETE', url: `/api/booked-sessions/${encodeURIComponent(me.user!.email)}/${session.id}` });
    expect(cancel.statusCode).toBe(409);

    const said = await preview(me);
    expect(said.statusCode, said.body).toBe(200);
    expect(said.json<AccountDeletionPreview>()).toEqual({ cancelledBookings: 1, refundedBookings: 0, notRefundedBookings: 1 });

    const res = await deleteMine(me);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AccountDeleted>()).toMatchObject({ cancelledBookings: 1, refundedBookings: 0 });
    expect(await bookingsOf(session.id)).toEqual([{ studentId: waiting.id, status: 'pending_payment', amountCents: 2500 }]);
    expect(await refundJobs()).toEqual([]);
    await t.deps.jobs.runDue();
    expect(refundsOf(intent)).toEqual([]);
  });

  it('says what deletion would do only to the signed-in owner', async () => {
    expect((await t.request(null, { method: 'GET', url: '/api/me/deletion' })).statusCode).toBe(401);
    const fresh = await t.actor({ role: 'student' });
    expect((await preview(fresh)).json()).toEqual({ cancelledBookings: 0, refundedBookings: 0, notRefundedBookings: 0 });
  });
});

// The built-in test payments (TEST_PAYMENTS=true) keep no state of their own: a test checkout is
// known by its seat hold, which the erasure releases before its refund job runs. The job carries
// the checkout and its amount, and the provider refunds from them.
describe('an erasure refunds through the built-in test payments too', () => {
  let tp: TestApp;
  const logs: string[] = [];
  beforeAll(async () => {
    tp = await createTestApp({ TEST_PAYMENTS: 'true', LOG_LEVEL: 'info' }, { logStream: { write: (line) => void logs.push(line) } });
  });
  afterAll(async () => tp?.close());

  const refundJobsOf = () => tp.deps.db.kysely.selectFrom('job').select(['status', 'lastError']).where('kind', '=', 'bookings.refund').execute();
  const refundedPayments = () => logs.map((line) => JSON.parse(line) as { msg?: string; payment?: string }).filter((l) => l.msg === 'test payment refunded (no money moved)').map((l) => l.payment);

  /** A booking of a paid session (1250 cents, class in 14 days) paid on the test payment page; its checkout id. */
  async function paidTestBooking(me: Actor): Promise<string> {
    const tutor = await tp.createUser({ role: 'tutor' });
    const session = await createStudySession(tp.deps, tutor, { registrationFeeCents: 1250, maxParticipants: 3 });
    const booked = await tp.request(me, { method: 'POST', url: '/api/book-session', ...json({ sessionId: session.id }) });
    expect(booked.statusCode, booked.body).toBe(201);
    const checkoutId = decodeURIComponent(/\/payment\/test\/([^/?#]+)$/.exec(booked.json<BookSessionResult>().checkoutUrl!)![1]!);
    const paid = await tp.request(me, { method: 'POST', url: `/api/payments/test-checkouts/${encodeURIComponent(checkoutId)}/pay` });
    expect(paid.statusCode, paid.body).toBe(200);
    return checkoutId;
  }

  const erasures = {
    'the owner (DELETE /api/me)': (me: Actor) => tp.request(me, { method: 'DELETE', url: '/api/me', ...json({ password: me.user!.password }) }),
    "an admin (DELETE /api/users/{id})": async (me: Actor) => tp.request(await tp.actor({ role: 'admin' }), { method: 'DELETE', url: `/api/users/${me.user!.id}` }),
  };
  for (const [who, erase] of Object.entries(erasures)) {
    it(`erased by ${who}: the refund job succeeds and the payment is refunded`, async () => {
      const me = await tp.actor({ role: 'student' });
      const checkoutId = await paidTestBooking(me);

      const res = await erase(me);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<AccountDeleted>()).toMatchObject({ cancelledBookings: 1, refundedBookings: 1 });
      await tp.deps.jobs.runDue();
      // Done (a job that succeeded is removed), never left to retry with "not found at the payment service".
      await vi.waitFor(async () => expect(await refundJobsOf()).toEqual([]), { timeout: 10_000 });
      expect(refundedPayments()).toContain(checkoutId);
    });
  }
});
