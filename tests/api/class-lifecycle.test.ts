// Calling a class off and calendars that follow every change (docs/decisions/024-class-lifecycle.md). Every
// .ics is read with a real parser (ical.js, tests/helpers/ical.ts). Runs on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookedSessionPage, BookSessionResult } from '#contract/bookings.ts';
import type { PublicSessionPage, Session, SessionDetails } from '#contract/sessions.ts';
import { createBooking, createStudySession, type StudySessionOverrides } from '#tests/factories.ts';
import type { FakeStripe } from '#tests/helpers/fake-stripe.ts';
import { calendarAttachment, parseCalendar } from '#tests/helpers/ical.ts';
import { createStripeAppWithActors, runMatrix, type Actors } from '#tests/helpers/permission-matrix.ts';
import { DAY, HOUR, enc, iso, json } from '#tests/helpers/request-helpers.ts';
import type { Actor, TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp & { stripe: FakeStripe };
let stripe: FakeStripe;
let actors: Actors;

beforeAll(async () => ({ t, stripe, actors } = await createStripeAppWithActors()));
afterAll(async () => t?.close());

const sessionOfTutor = (overrides: StudySessionOverrides = {}) => createStudySession(t.deps, actors.tutor.user!, overrides);
const students = (n: number) => Promise.all(Array.from({ length: n }, () => t.actor({ role: 'student' })));
const cancelSession = (who: Actor, id: string, reason = 'The tutor is ill.') => t.request(who, { method: 'POST', url: `/api/sessions/${id}/cancel`, ...json({ reason }) });
const book = (who: Actor, sessionId: string) => t.request(who, { method: 'POST', url: '/api/book-session', ...json({ sessionId }) });
const downloadIcs = (who: Actor, sessionId: string) => t.request(who, { method: 'GET', url: `/api/booked-sessions/${enc(who.user!.email)}/${sessionId}/calendar.ics` });
const mailTo = (who: Actor, subject: RegExp) => t.mail.waitFor(who.user!.email, subject);
const noMailTo = (who: Actor, subject: RegExp) => t.mail.messages.filter((m) => m.to.includes(who.user!.email.toLowerCase()) && subject.test(m.subject));

/** A session with one seat taken by `booked` and `waiting` in line. */
async function fullSessionWithLine(booked: Actor, waiting: Actor, overrides: StudySessionOverrides = {}) {
  const s = await sessionOfTutor({ maxParticipants: 1, title: 'Organic chemistry', ...overrides });
  expect((await book(booked, s.id)).statusCode).toBe(201);
  expect((await t.request(waiting, { method: 'POST', url: `/api/sessions/${s.id}/waitlist` })).statusCode).toBe(201);
  return s;
}

/** Books a paid session through the fake Stripe and delivers the signed webhook. */
async function bookAndPay(who: Actor, sessionId: string) {
  const res = await book(who, sessionId);
  expect(res.statusCode, res.body).toBe(201);
  const checkoutId = /\/checkout\/([^/?#]+)$/.exec(res.json<BookSessionResult>().checkoutUrl!)![1]!;
  stripe.markPaid(checkoutId);
  const { payload, signature } = stripe.completedEvent(checkoutId);
  const delivered = await t.app.inject({ method: 'POST', url: '/api/payments/webhook', payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature } });
  expect(delivered.statusCode, delivered.body).toBe(200);
  return checkoutId;
}

describe('calling a class off: permission matrix', () => {
  it('lets the owning tutor and admins cancel an approved session; refuses everyone else', async () => {
    await runMatrix(t, actors, [
      {
        name: "POST /api/sessions/{tutor's approved session}/cancel",
        request: async () => {
          const s = await sessionOfTutor();
          await createBooking(t.deps, s, await t.createUser({ role: 'student' }));
          return { method: 'POST', url: `/api/sessions/${s.id}/cancel`, ...json({ reason: 'Room flooded.' }) };
        },
        expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 200, otherTutor: 403, admin: 200 },
      },
      {
        name: "POST /api/sessions/{tutor's pending session}/cancel",
        request: async () => ({ method: 'POST', url: `/api/sessions/${(await sessionOfTutor({ status: 'pending' })).id}/cancel`, ...json({ reason: 'x' }) }),
        // Pending sessions are not public: other tutors get the same answer as for a missing one.
        expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 409, otherTutor: 404, admin: 409 },
      },
    ]);
  });

  it('refuses a tutor once a student has paid (an admin cancels and refunds), a class that started, an empty reason and a second cancel', async () => {
    const [payer] = await students(1);
    const paid = await sessionOfTutor({ registrationFeeCents: 900 });
    await bookAndPay(payer!, paid.id);
    const byTutor = await cancelSession(actors.tutor, paid.id);
    expect(byTutor.statusCode).toBe(409);
    expect(byTutor.json()).toEqual({ message: 'Students have paid for this session, so only an admin can cancel it (and refund them). Please contact an admin.' });

    const started = await sessionOfTutor({ registrationStartDate: iso(Date.now() - 3 * DAY), registrationEndDate: iso(Date.now() - 2 * DAY), classStartDate: iso(Date.now() - HOUR), classEndDate: iso(Date.now() + HOUR) });
    expect((await cancelSession(actors.admin, started.id)).json()).toEqual({ message: 'This class has already started, so it cannot be cancelled.' });

    const s = await sessionOfTutor();
    const empty = await cancelSession(actors.tutor, s.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ fields: { reason: 'A reason is required' } });
    expect((await cancelSession(actors.tutor, s.id)).statusCode).toBe(200);
    const again = await cancelSession(actors.admin, s.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Only an approved session can be cancelled; this one is cancelled.' });
  });
});

describe('calling a class off', () => {
  it('keeps the session as "Cancelled" with its reason, emails booked and waiting students, and never takes a booking again', async () => {
    const [booked, waiting, late] = await students(3);
    const s = await fullSessionWithLine(booked!, waiting!, { title: 'Organic chemistry' });
    const before = parseCalendar((await downloadIcs(booked!, s.id)).body).events[0]!;

    const res = await cancelSession(actors.tutor, s.id, 'The tutor is ill.');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Session>()).toMatchObject({ status: 'cancelled', cancellationReason: 'The tutor is ill.', isOpen: false });

    // Kept for history, readable where it was shared; gone from the public lists.
    const page = await t.request(actors.anonymous, { method: 'GET', url: `/api/session/${s.id}` });
    expect(page.json<SessionDetails>()).toMatchObject({ status: 'cancelled', cancellationReason: 'The tutor is ill.' });
    const list = await t.request(actors.anonymous, { method: 'GET', url: `/api/sessions?q=${encodeURIComponent('Organic chemistry')}&limit=100` });
    expect(list.json<PublicSessionPage>().items.map((i) => i.id)).not.toContain(s.id);
    // The booked student still sees it, cancelled.
    const mine = await t.request(booked!, { method: 'GET', url: `/api/booked-sessions/${enc(booked!.user!.email)}` });
    expect(mine.json<BookedSessionPage>().items.find((i) => i.sessionId === s.id)?.session).toMatchObject({ status: 'cancelled' });

    // Emails: the booked student's takes the event out of their calendar (same UID, METHOD:CANCEL).
    const toBooked = await mailTo(booked!, /^Cancelled: Organic chemistry$/);
    expect(toBooked.text).toContain('Reason: The tutor is ill.');
    const ics = parseCalendar(calendarAttachment(toBooked.raw));
    expect(ics.method).toBe('CANCEL');
    expect(ics.events).toHaveLength(1);
    expect(ics.events[0]).toMatchObject({ uid: before.uid, status: 'CANCELLED', start: before.start, alarms: [] });
    expect(ics.events[0]!.sequence).toBeGreaterThan(before.sequence);
    const toWaiting = await mailTo(waiting!, /^Cancelled: Organic chemistry$/);
    expect(toWaiting.text).toContain('its waitlist is closed');
    expect(toWaiting.raw).not.toContain('text/calendar');

    // Never bookable again.
    const again = await book(late!, s.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This session was cancelled, so it can no longer be booked.' });
    expect((await t.request(late!, { method: 'POST', url: `/api/sessions/${s.id}/waitlist` })).statusCode).toBe(409);
    // The waitlist was closed; the downloaded file now says cancelled too.
    expect(await t.deps.db.kysely.selectFrom('waitlist_entry').select('id').where('sessionId', '=', s.id).execute()).toEqual([]);
    expect(parseCalendar((await downloadIcs(booked!, s.id)).body).events[0]).toMatchObject({ uid: before.uid, status: 'CANCELLED' });
    // Nothing left for the student to cancel.
    expect((await t.request(booked!, { method: 'DELETE', url: `/api/booked-sessions/${enc(booked!.user!.email)}/${s.id}` })).statusCode).toBe(409);
  });

  it('lets an admin cancel a paid session: every paid booking is refunded in full and the email says so', async () => {
    const [payer] = await students(1);
    const s = await sessionOfTutor({ registrationFeeCents: 1250, title: 'Paid and called off' });
    const checkoutId = await bookAndPay(payer!, s.id);
    const res = await cancelSession(actors.admin, s.id, 'Venue closed.');
    expect(res.statusCode, res.body).toBe(200);
    const intent = stripe.sessions.get(checkoutId)!.payment_intent;
    expect(stripe.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(1);
    const mail = await mailTo(payer!, /^Cancelled: Paid and called off$/);
    expect(mail.text).toContain('Your payment of $12.50 has been refunded in full');
    const audit = await t.deps.db.kysely.selectFrom('audit_log').selectAll().where('targetId', '=', s.id).where('action', '=', 'session.cancelled').execute();
    expect(audit).toHaveLength(1);
  });
});

describe('calendars follow every change', () => {
  it('the downloaded .ics parses, with a stable UID and an alarm an hour before', async () => {
    const [me] = await students(1);
    const s = await sessionOfTutor({ title: 'Calculus, part 2', classStartDate: '2030-05-06T07:00:00.000Z', classEndDate: '2030-05-06T09:30:00.000Z' });
    expect((await book(me!, s.id)).statusCode).toBe(201);
    const first = parseCalendar((await downloadIcs(me!, s.id)).body);
    expect(first.method).toBe('PUBLISH');
    expect(first.events).toEqual([
      expect.objectContaining({ summary: 'Calculus, part 2', start: '2030-05-06T07:00:00.000Z', end: '2030-05-06T09:30:00.000Z', status: 'CONFIRMED', alarms: [-3600], attendees: [me!.user!.email.toLowerCase()] }),
    ]);
    expect(parseCalendar((await downloadIcs(me!, s.id)).body).events[0]!.uid).toBe(first.events[0]!.uid);
  });

  it('a student who cancels gets an .ics that removes the class from their calendar', async () => {
    const [me] = await students(1);
    const s = await sessionOfTutor({ title: 'Cancelled by the student' });
    expect((await book(me!, s.id)).statusCode).toBe(201);
    const confirmation = parseCalendar(calendarAttachment((await mailTo(me!, /^Booking confirmed: Cancelled by the student$/)).raw)).events[0]!;
    expect((await t.request(me!, { method: 'DELETE', url: `/api/booked-sessions/${enc(me!.user!.email)}/${s.id}` })).statusCode).toBe(204);
    const mail = await mailTo(me!, /^Booking cancelled: Cancelled by the student$/);
    const ics = parseCalendar(calendarAttachment(mail.raw));
    expect(ics.method).toBe('CANCEL');
    expect(ics.events[0]).toMatchObject({ uid: confirmation.uid, status: 'CANCELLED' });
    expect(ics.events[0]!.sequence).toBeGreaterThan(confirmation.sequence);
  });

  it('an admin who deletes a session emails its booked students an .ics that cancels the event, and its waiting students the news', async () => {
    const [booked, waiting] = await students(2);
    const s = await fullSessionWithLine(booked!, waiting!, { title: 'Deleted by an admin' });
    const uid = parseCalendar((await downloadIcs(booked!, s.id)).body).events[0]!.uid;
    const res = await t.request(actors.admin, { method: 'DELETE', url: `/api/session/${enc(actors.tutor.user!.email)}/${s.id}` });
    expect(res.statusCode).toBe(204);
    const ics = parseCalendar(calendarAttachment((await mailTo(booked!, /^Cancelled: Deleted by an admin$/)).raw));
    expect(ics).toMatchObject({ method: 'CANCEL', events: [expect.objectContaining({ uid, status: 'CANCELLED' })] });
    expect((await mailTo(waiting!, /^Cancelled: Deleted by an admin$/)).text).toContain('its waitlist is closed');
  });

  it('a new class time moves the event students have (same UID, higher SEQUENCE) and tells those waiting', async () => {
    const [booked, waiting] = await students(2);
    const s = await fullSessionWithLine(booked!, waiting!, { title: 'Moved class' });
    const before = parseCalendar((await downloadIcs(booked!, s.id)).body).events[0]!;
    // Whole minutes: calendar times carry no milliseconds.
    const start = Math.floor(Date.parse(s.classStartDate) / 60_000) * 60_000 + DAY;
    const [classStartDate, classEndDate] = [iso(start), iso(start + 2 * HOUR)];
    const res = await t.request(actors.admin, { method: 'PUT', url: `/api/session/${enc(actors.tutor.user!.email)}/${s.id}`, ...json({ classStartDate, classEndDate }) });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await mailTo(booked!, /^Changed: Moved class$/);
    const ics = parseCalendar(calendarAttachment(mail.raw));
    expect(ics.method).toBe('PUBLISH');
    expect(ics.events[0]).toMatchObject({ uid: before.uid, status: 'CONFIRMED', start: classStartDate, end: classEndDate, alarms: [-3600] });
    expect(ics.events[0]!.sequence).toBe(before.sequence + 1);
    // Emails write a moment dd/MM/yyyy with its weekday, in UTC (through Intl, in the recipient's language).
    const weekday = new Intl.DateTimeFormat('en', { weekday: 'short', timeZone: 'UTC' }).format(new Date(classStartDate));
    expect((await mailTo(waiting!, /^Changed: Moved class$/)).text).toContain(`${weekday} ${classStartDate.slice(8, 10)}/${classStartDate.slice(5, 7)}/${classStartDate.slice(0, 4)}, ${classStartDate.slice(11, 16)} UTC`);
    // A change of title alone moves nothing: no email.
    await t.request(actors.admin, { method: 'PUT', url: `/api/session/${enc(actors.tutor.user!.email)}/${s.id}`, ...json({ title: 'Moved class' }) });
    expect(noMailTo(booked!, /^Changed: /)).toHaveLength(1);
  });
});
