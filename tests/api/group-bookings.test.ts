// Several seats in one booking (docs/decisions/061-group-bookings.md): capacity, the waitlist and
// the race safety count seats; the booker names each attendee, pays fee × seats, and the roster
// and its CSV list each attendee.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookedSession, BookSessionResult, Roster } from '#contract/bookings.ts';
import type { Session } from '#contract/sessions.ts';
import { createBooking, createStudySession, type StudySessionOverrides } from '#tests/factories.ts';
import type { FakeStripe } from '#tests/helpers/fake-stripe.ts';
import { createStripeAppWithActors, type Actors } from '#tests/helpers/permission-matrix.ts';
import type { Actor, TestApp } from '#tests/helpers/test-app.ts';
import { enc, json } from '#tests/helpers/request-helpers.ts';

let t: TestApp & { stripe: FakeStripe };
let stripe: FakeStripe;
let actors: Actors;

beforeAll(async () => ({ t, stripe, actors } = await createStripeAppWithActors()));
afterAll(async () => t?.close());

const sessionOfTutor = (overrides: StudySessionOverrides = {}) => createStudySession(t.deps, actors.tutor.user!, { maxSeatsPerBooking: 3, ...overrides });
const book = (who: Actor, sessionId: string, extra: Record<string, unknown> = {}) => t.request(who, { method: 'POST', url: '/api/book-session', ...json({ sessionId, ...extra }) });
const cancel = (who: Actor, sessionId: string) => t.request(who, { method: 'DELETE', url: `/api/booked-sessions/${enc(who.user!.email)}/${sessionId}` });
const view = async (who: Actor, sessionId: string) => (await t.request(who, { method: 'GET', url: `/api/view-booked-session/${sessionId}` })).json<BookedSession>();
const seatsTaken = async (id: string) => Number((await t.deps.db.kysely.selectFrom('study_session').select('bookedCount').where('id', '=', id).executeTakeFirstOrThrow()).bookedCount);
const roster = async (sessionId: string) => (await t.request(actors.tutor, { method: 'GET', url: `/api/sessions/${sessionId}/roster` })).json<Roster>();
const students = (n: number) => Promise.all(Array.from({ length: n }, () => t.actor({ role: 'student' })));
const group = (...names: string[]) => names.map((name) => ({ name }));

/** A session of `seats` seats with `taken` of them booked by fresh students (actors, so that they can cancel). */
async function sessionWithBooked(seats: number, taken: number, overrides: StudySessionOverrides = {}) {
  const s = await sessionOfTutor({ maxParticipants: seats, ...overrides });
  const booked = await students(taken);
  for (const who of booked) expect((await book(who, s.id)).statusCode).toBe(201);
  return { s, booked };
}

/** RFC 4180 records: CRLF between records, "…" quoting with "" for a quote. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  return records;
}

describe('seats per booking: the tutor sets it', () => {
  it('is 1 unless the tutor says otherwise, and the tutor may change it on Edit', async () => {
    const tutor = actors.tutor;
    const body = {
      title: 'Group study',
      description: 'For families and study groups.',
      registrationStartDate: new Date(Date.now() + 60_000).toISOString(),
      registrationEndDate: new Date(Date.now() + 6 * 86_400_000).toISOString(),
      classStartDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      classEndDate: new Date(Date.now() + 7 * 86_400_000 + 5_400_000).toISOString(),
      locationKind: 'online',
      meetingUrl: 'https://meet.example.com/group',
    };
    const created = await t.request(tutor, { method: 'POST', url: `/api/create-session/${enc(tutor.user!.email)}`, ...json(body) });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Session>().maxSeatsPerBooking).toBe(1);
    const id = created.json<Session>().id;
    const edited = await t.request(tutor, { method: 'PUT', url: `/api/session/${enc(tutor.user!.email)}/${id}`, ...json({ maxSeatsPerBooking: 4 }) });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Session>().maxSeatsPerBooking).toBe(4);
    const tooMany = await t.request(tutor, { method: 'PUT', url: `/api/session/${enc(tutor.user!.email)}/${id}`, ...json({ maxSeatsPerBooking: 11 }) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields).toEqual({ maxSeatsPerBooking: 'Seats per booking must be between 1 and 10' });
  });

  it('refuses more attendees than the session allows, and a nameless attendee', async () => {
    const [me] = await students(1);
    const s = await sessionOfTutor({ maxSeatsPerBooking: 2, maxParticipants: 10 });
    const res = await book(me!, s.id, { attendees: group('Ana', 'Luis', 'Eva') });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This session takes at most 2 seats in one booking.');
    const nameless = await book(me!, s.id, { attendees: [{ name: 'Ana' }, { name: ' ', email: 'luis@example.com' }] });
    expect(nameless.statusCode).toBe(400);
    expect(await seatsTaken(s.id)).toBe(0);
  });
});

describe('a 3-seat booking when 2 seats are left', () => {
  it('is refused when the booker did not choose to wait or take what is free', async () => {
    const [me] = await students(1);
    const { s } = await sessionWithBooked(5, 3);
    const res = await book(me!, s.id, { attendees: group('Ana', 'Luis', 'Eva') });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This session is full.');
    expect(await seatsTaken(s.id)).toBe(3);
    expect((await roster(s.id)).waitlistCount).toBe(0);
  });

  it('waits for all 3 seats when the booker chose to, and is booked once 3 are free, in line order', async () => {
    const [parent, single] = await students(2);
    const { s, booked } = await sessionWithBooked(4, 3);
    // 1 seat left: the group of 3 waits for all of its seats.
    const waiting = await book(parent!, s.id, { attendees: [{ name: 'Ana', email: 'ana@example.com' }, { name: 'Luis' }, { name: 'Eva' }], ifShort: 'wait' });
    expect(waiting.statusCode, waiting.body).toBe(201);
    expect(waiting.json<BookSessionResult>()).toMatchObject({ status: 'waitlisted', seats: 3, placeInLine: 1, checkoutUrl: null });
    expect(await seatsTaken(s.id)).toBe(3);
    // The last seat goes to a student who books it; then the session is full and the next one waits behind the group.
    expect((await book(single!, s.id)).statusCode).toBe(201);
    const [late] = await students(1);
    expect((await t.request(late!, { method: 'POST', url: `/api/sessions/${s.id}/waitlist` })).statusCode).toBe(201);

    // One seat frees: the group needs 3, so nobody moves (not even the one-seat entry behind it).
    expect((await cancel(booked[0]!, s.id)).statusCode).toBe(204);
    expect(await seatsTaken(s.id)).toBe(3);
    expect((await view(parent!, s.id)).status).toBe('waitlisted');
    expect((await view(late!, s.id)).placeInLine).toBe(2);
    // Two free: still not enough.
    expect((await cancel(booked[1]!, s.id)).statusCode).toBe(204);
    expect((await view(parent!, s.id)).status).toBe('waitlisted');
    // Three free: the group is booked, all its seats at once; the one behind waits on.
    expect((await cancel(booked[2]!, s.id)).statusCode).toBe(204);
    const promoted = await view(parent!, s.id);
    expect(promoted).toMatchObject({ status: 'booked', seats: 3, attendees: [{ name: 'Ana', email: 'ana@example.com' }, { name: 'Luis', email: null }, { name: 'Eva', email: null }] });
    expect(await seatsTaken(s.id)).toBe(4);
    expect((await view(late!, s.id)).placeInLine).toBe(1);
  });

  it('takes the 2 free seats for its first 2 attendees when the booker allowed it', async () => {
    const [me] = await students(1);
    const { s } = await sessionWithBooked(5, 3);
    const res = await book(me!, s.id, { attendees: group('Ana', 'Luis', 'Eva'), ifShort: 'takeFree' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<BookSessionResult>()).toMatchObject({ status: 'booked', seats: 2, attendees: [{ name: 'Ana', email: null }, { name: 'Luis', email: null }] });
    expect(await seatsTaken(s.id)).toBe(5);
    // Nothing free at all: refused, not waiting.
    const [other] = await students(1);
    const none = await book(other!, s.id, { attendees: group('Zoe', 'Max'), ifShort: 'takeFree' });
    expect(none.statusCode).toBe(409);
    expect((await roster(s.id)).waitlistCount).toBe(0);
  });

  it('cancelling a group frees all its seats and books the waiting ones', async () => {
    const [parent, waiter] = await students(2);
    const s = await sessionOfTutor({ maxParticipants: 3 });
    expect((await book(parent!, s.id, { attendees: group('Ana', 'Luis', 'Eva') })).statusCode).toBe(201);
    expect(await seatsTaken(s.id)).toBe(3);
    expect((await book(waiter!, s.id, { attendees: group('Zoe', 'Max'), ifShort: 'wait' })).json<BookedSession>().status).toBe('waitlisted');
    expect((await cancel(parent!, s.id)).statusCode).toBe(204);
    expect(await view(waiter!, s.id)).toMatchObject({ status: 'booked', seats: 2 });
    expect(await seatsTaken(s.id)).toBe(2);
    expect((await t.request(parent!, { method: 'GET', url: `/api/view-booked-session/${s.id}` })).statusCode).toBe(404);
  });
});

describe('the roster and its CSV list each attendee', () => {
  it('lists the attendees under their booker, and one CSV line a seat', async () => {
    const [parent, single] = await students(2);
    const s = await sessionOfTutor({ maxParticipants: 10, title: 'Family maths' });
    expect((await book(single!, s.id)).statusCode).toBe(201);
    expect((await book(parent!, s.id, { attendees: [{ name: 'Ana', email: 'Ana@Example.com' }, { name: 'Luis' }] })).statusCode).toBe(201);

    const r = await roster(s.id);
    expect(r.bookedCount).toBe(3);
    expect(r.items.map((e) => [e.email, e.seats, e.attendees])).toEqual([
      [single!.user!.email, 1, []],
      [parent!.user!.email, 2, [{ name: 'Ana', email: 'ana@example.com' }, { name: 'Luis', email: null }]],
    ]);

    const csv = await t.request(actors.tutor, { method: 'GET', url: `/api/sessions/${s.id}/roster.csv` });
    expect(csv.statusCode).toBe(200);
    const records = parseCsv(csv.body);
    expect(records[0]).toEqual(['Name', 'Email', 'Booked at (UTC)', 'Paid', 'Attendance']);
    expect(records.slice(1).map((line) => [line[0], line[1], line[3]])).toEqual([
      [single!.user!.name, single!.user!.email, 'free'],
      [`Ana (booked by ${parent!.user!.name})`, 'ana@example.com', 'free'],
      [`Luis (booked by ${parent!.user!.name})`, parent!.user!.email, 'free'],
    ]);
  });
});

describe('a paid group pays fee × seats through the same checkout', () => {
  it('holds 3 seats for 3 × the fee, and books them once paid', async () => {
    const [me] = await students(1);
    const s = await sessionOfTutor({ registrationFeeCents: 1250, maxParticipants: 5 });
    const res = await book(me!, s.id, { attendees: group('Ana', 'Luis', 'Eva') });
    expect(res.statusCode, res.body).toBe(201);
    const held = res.json<BookSessionResult>();
    expect(held).toMatchObject({ status: 'awaiting_payment', seats: 3 });
    const checkoutId = /\/checkout\/([^/?#]+)$/.exec(held.checkoutUrl!)![1]!;
    expect(stripe.sessions.get(checkoutId)!.amount_total).toBe(3750);
    expect(await seatsTaken(s.id)).toBe(3);

    stripe.markPaid(checkoutId);
    const { payload, signature } = stripe.completedEvent(checkoutId);
    const delivered = await t.app.inject({ method: 'POST', url: '/api/payments/webhook', payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature } });
    expect(delivered.statusCode).toBe(200);
    expect(await view(me!, s.id)).toMatchObject({ status: 'booked', seats: 3 });
    const row = await t.deps.db.kysely.selectFrom('booking').selectAll().where('sessionId', '=', s.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ amountCents: 3750, status: 'confirmed' });
    const csv = parseCsv((await t.request(actors.tutor, { method: 'GET', url: `/api/sessions/${s.id}/roster.csv` })).body);
    expect(csv.slice(1).map((line) => line[3])).toEqual(['12.50', '12.50', '12.50']);
  });

  it('a paid group promoted from the line is held for fee × its seats', async () => {
    const [parent] = await students(1);
    const s = await sessionOfTutor({ registrationFeeCents: 1000, maxParticipants: 2 });
    const [first, second] = await students(2);
    await createBooking(t.deps, s, first!.user!, { amountCents: 0 });
    await createBooking(t.deps, s, second!.user!, { amountCents: 0 });
    expect((await book(parent!, s.id, { attendees: group('Ana', 'Luis'), ifShort: 'wait' })).json<BookedSession>().status).toBe('waitlisted');
    expect((await cancel(first!, s.id)).statusCode).toBe(204);
    expect((await view(parent!, s.id)).status).toBe('waitlisted');
    expect((await cancel(second!, s.id)).statusCode).toBe(204);
    expect(await view(parent!, s.id)).toMatchObject({ status: 'awaiting_payment', seats: 2 });
    const row = await t.deps.db.kysely.selectFrom('booking').selectAll().where('sessionId', '=', s.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ amountCents: 2000, seats: 2, status: 'pending_payment' });
    // Paying for it opens a checkout for both seats.
    const pay = await book(parent!, s.id);
    expect(pay.statusCode, pay.body).toBe(201);
    const checkoutId = /\/checkout\/([^/?#]+)$/.exec(pay.json<BookSessionResult>().checkoutUrl!)![1]!;
    expect(stripe.sessions.get(checkoutId)!.amount_total).toBe(2000);
  });
});

describe('capacity under concurrency, counted in seats', () => {
  it('30 bookings of 1–3 seats at once never take more than the 10 seats', async () => {
    const crowd = await students(30);
    const s = await sessionOfTutor({ maxParticipants: 10 });
    const choices = [undefined, 'refuse', 'wait', 'takeFree'] as const;
    const results = await Promise.all(
      crowd.map((who, i) => {
        const seats = (i % 3) + 1;
        const ifShort = choices[i % 4];
        // Every fifth a one-seat booking of the booker's own (the path of old), the others groups.
        if (i % 5 === 0) return book(who, s.id);
        return book(who, s.id, { attendees: Array.from({ length: seats }, (_, n) => ({ name: `Attendee ${i}-${n + 1}` })), ...(ifShort && { ifShort }) });
      }),
    );
    for (const r of results) expect([201, 409], r.body).toContain(r.statusCode);
    const bookings = await t.deps.db.kysely.selectFrom('booking').select(['studentId', 'seats']).where('sessionId', '=', s.id).execute();
    const seats = bookings.reduce((sum, b) => sum + Number(b.seats), 0);
    expect(seats).toBeLessThanOrEqual(10);
    expect(await seatsTaken(s.id)).toBe(seats);
    // The seats were all taken: someone always asked for what was left.
    expect(seats).toBe(10);
    // Each booked group kept as many attendees as it has seats.
    const attendees = await t.deps.db.kysely.selectFrom('booking_attendee').select(['studentId']).where('sessionId', '=', s.id).execute();
    for (const b of bookings) {
      const named = attendees.filter((a) => a.studentId === b.studentId).length;
      if (named > 0) expect(named).toBe(Number(b.seats));
    }
    // Whoever was answered 201 holds a booking or a place in line, and nobody else does.
    const waiting = await t.deps.db.kysely.selectFrom('waitlist_entry').select('studentId').where('sessionId', '=', s.id).execute();
    const winners = results.flatMap((r, i) => (r.statusCode === 201 ? [crowd[i]!.user!.id] : []));
    expect([...bookings.map((b) => b.studentId), ...waiting.map((w) => w.studentId)].sort()).toEqual(winners.sort());
    // Signing 30 students in (a password hash each) takes most of it on a busy machine.
  }, 180_000);
});
