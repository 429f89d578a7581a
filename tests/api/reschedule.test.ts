// Moving an approved class (docs/decisions/053-reschedule-and-class-order.md): who may, the rules,
// the emails with the updated calendar entry, the booked students' 48 hours to cancel with a full
// refund whatever the cutoff, and the audit log. Runs on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookedSession, BookSessionResult } from '#contract/bookings.ts';
import type { PublicSessionPage, Session } from '#contract/sessions.ts';
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

type Overrides = Omit<StudySessionOverrides, 'status'> & { status?: StudySessionOverrides['status'] | 'cancelled' };
/** One of the tutor's sessions; a cancelled one is called off after it is written (as the cancel leaves it). */
async function sessionOfTutor({ status, ...overrides }: Overrides = {}) {
  const s = await createStudySession(t.deps, actors.tutor.user!, { ...overrides, ...(status !== 'cancelled' && status && { status }) });
  if (status !== 'cancelled') return s;
  await t.deps.db.kysely.updateTable('study_session').set({ status: 'cancelled', cancellationReason: 'Called off.', cancelledAt: new Date().toISOString() }).where('id', '=', s.id).execute();
  return { ...s, status };
}
const students = (n: number) => Promise.all(Array.from({ length: n }, () => t.actor({ role: 'student' })));
/** Whole minutes: calendar times carry no milliseconds. */
const minute = (ms: number) => Math.floor(ms / 60_000) * 60_000;
/** The class a day later than `s`, same length, and a message. */
const dayLater = (s: { classStartDate: string; classEndDate: string }, message = 'The room is taken that day, sorry.') => ({
  classStartDate: iso(minute(Date.parse(s.classStartDate)) + DAY),
  classEndDate: iso(minute(Date.parse(s.classEndDate)) + DAY),
  message,
});
const reschedule = (who: Actor, id: string, body: unknown) => t.request(who, { method: 'POST', url: `/api/sessions/${id}/reschedule`, ...json(body) });
const book = (who: Actor, sessionId: string) => t.request(who, { method: 'POST', url: '/api/book-session', ...json({ sessionId }) });
const cancelBooking = (who: Actor, sessionId: string) => t.request(who, { method: 'DELETE', url: `/api/booked-sessions/${enc(who.user!.email)}/${sessionId}` });
const downloadIcs = (who: Actor, sessionId: string) => t.request(who, { method: 'GET', url: `/api/booked-sessions/${enc(who.user!.email)}/${sessionId}/calendar.ics` });
const mailTo = (who: Actor, subject: RegExp) => t.mail.waitFor(who.user!.email, subject);

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

describe('rescheduling a class: permission matrix', () => {
  it('lets the owning tutor and admins move an approved class not started; refuses everyone and everything else', async () => {
    const started = () => ({ registrationStartDate: iso(Date.now() - 3 * DAY), registrationEndDate: iso(Date.now() - 2 * DAY), classStartDate: iso(Date.now() - HOUR), classEndDate: iso(Date.now() + HOUR) });
    const caseFor = (overrides: Overrides) => async () => {
      const s = await sessionOfTutor(overrides);
      await createBooking(t.deps, s, await t.createUser({ role: 'student' }));
      return { method: 'POST' as const, url: `/api/sessions/${s.id}/reschedule`, ...json({ ...dayLater(s), classStartDate: iso(minute(Date.now()) + 3 * DAY), classEndDate: iso(minute(Date.now()) + 3 * DAY + HOUR) }) };
    };
    await runMatrix(t, actors, [
      { name: 'approved', request: caseFor({}), expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 200, otherTutor: 403, admin: 200 } },
      // Not public: another tutor gets the answer of a missing session. Their dates are edited, not moved.
      { name: 'pending', request: caseFor({ status: 'pending' }), expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 409, otherTutor: 404, admin: 409 } },
      { name: 'rejected', request: caseFor({ status: 'rejected' }), expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 409, otherTutor: 404, admin: 409 } },
      { name: 'cancelled', request: caseFor({ status: 'cancelled' }), expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 409, otherTutor: 403, admin: 409 } },
      { name: 'past (started)', request: caseFor(started()), expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 409, otherTutor: 403, admin: 409 } },
    ]);
  }, 120_000);

  it('says why: pending, cancelled and started classes, and the PUT still locks an approved class for its tutor', async () => {
    const pending = await sessionOfTutor({ status: 'pending' });
    expect((await reschedule(actors.tutor, pending.id, dayLater(pending))).json()).toEqual({ message: 'Only an approved session can be rescheduled; this one is pending. Edit its dates instead.' });
    const cancelled = await sessionOfTutor({ status: 'cancelled' });
    expect((await reschedule(actors.tutor, cancelled.id, dayLater(cancelled))).json()).toEqual({ message: 'A cancelled session cannot be rescheduled.' });
    const started = await sessionOfTutor({ registrationStartDate: iso(Date.now() - 3 * DAY), registrationEndDate: iso(Date.now() - 2 * DAY), classStartDate: iso(Date.now() - HOUR), classEndDate: iso(Date.now() + HOUR) });
    expect((await reschedule(actors.tutor, started.id, { ...dayLater(started), classStartDate: iso(Date.now() + DAY), classEndDate: iso(Date.now() + DAY + HOUR) })).json()).toEqual({ message: 'This class has already started, so it cannot be rescheduled.' });
    const approved = await sessionOfTutor();
    const put = await t.request(actors.tutor, { method: 'PUT', url: `/api/session/${enc(actors.tutor.user!.email)}/${approved.id}`, ...json({ classStartDate: dayLater(approved).classStartDate, classEndDate: dayLater(approved).classEndDate }) });
    expect(put.statusCode).toBe(409);
  });
});

describe('rescheduling a class: the rules', () => {
  it('refuses a class moved into the past, ending before it starts, registration closing after it starts, no message and no change, each naming its field', async () => {
    const s = await sessionOfTutor();
    const base = dayLater(s);
    const cases: Array<[unknown, string, string]> = [
      [{ ...base, classStartDate: iso(Date.now() - HOUR), classEndDate: iso(Date.now() + HOUR) }, 'classStartDate', 'Class Start Date has passed: a class is moved to a time still to come.'],
      [{ ...base, classEndDate: base.classStartDate }, 'classEndDate', 'Class End Date must be after the Class Start Date.'],
      [{ ...base, registrationEndDate: iso(Date.parse(base.classStartDate) + HOUR) }, 'registrationEndDate', 'Registration End Date cannot be after the Class Start Date.'],
      [{ ...base, message: '   ' }, 'message', 'A message for the students is required'],
      [{ classStartDate: s.classStartDate, classEndDate: s.classEndDate, message: 'Same again' }, 'classStartDate', 'The new time and place are the same as now: change the date, the time or the place.'],
    ];
    for (const [body, field, sentence] of cases) {
      const res = await reschedule(actors.tutor, s.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ fields: Record<string, string> }>().fields[field]).toBe(sentence);
    }
    const unchanged = await t.request(actors.tutor, { method: 'GET', url: `/api/session/${enc(actors.tutor.user!.email)}/${s.id}` });
    expect(unchanged.json<Session>().classStartDate).toBe(s.classStartDate);
  });

  it('answers in Spanish to a Spanish caller', async () => {
    const s = await sessionOfTutor();
    const res = await t.request(actors.tutor, { method: 'POST', url: `/api/sessions/${s.id}/reschedule`, ...json({ ...dayLater(s), classEndDate: dayLater(s).classStartDate }), headers: { 'content-type': 'application/json', 'accept-language': 'es' } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('La fecha de fin de la clase debe ser posterior a la fecha de inicio de la clase.');
  });
});

describe('rescheduling a class: what follows', () => {
  it('moves the class, closes registration by its new start, emails booked and waiting students the update with the message, records it and refreshes the lists', async () => {
    const [booked, waiting] = await students(2);
    const s = await sessionOfTutor({ maxParticipants: 1, title: `Moved by its tutor ${Date.now()}` });
    expect((await book(booked!, s.id)).statusCode).toBe(201);
    expect((await t.request(waiting!, { method: 'POST', url: `/api/sessions/${s.id}/waitlist` })).statusCode).toBe(201);
    const before = parseCalendar((await downloadIcs(booked!, s.id)).body).events[0]!;
    // The public list is read (and cached) before the move.
    const listed = async () => (await t.request(actors.anonymous, { method: 'GET', url: `/api/sessions?q=${encodeURIComponent(s.title)}` })).json<PublicSessionPage>().items[0];
    expect((await listed())?.classStartDate).toBe(s.classStartDate);

    // Brought forward to two days from now: registration (open a week) now closes when it starts.
    const start = minute(Date.now()) + 2 * DAY;
    const body = { classStartDate: iso(start), classEndDate: iso(start + 90 * 60_000), locationKind: 'in_person', placeName: 'Room 12', placeAddress: '1 Main St', message: 'I must travel that week; same room otherwise.' };
    const res = await reschedule(actors.tutor, s.id, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Session>()).toMatchObject({ classStartDate: body.classStartDate, classEndDate: body.classEndDate, registrationEndDate: body.classStartDate, durationMinutes: 90, placeName: 'Room 12', status: 'approved' });
    expect((await listed())?.classStartDate).toBe(body.classStartDate);

    const mail = await mailTo(booked!, new RegExp(`^Changed: ${s.title}$`));
    expect(mail.text).toContain('I must travel that week; same room otherwise.');
    expect(mail.text).toMatch(/you can cancel your booking until .+ and get a full refund/);
    const ics = parseCalendar(calendarAttachment(mail.raw));
    expect(ics.method).toBe('PUBLISH');
    expect(ics.events[0]).toMatchObject({ uid: before.uid, start: body.classStartDate, end: body.classEndDate });
    expect(ics.events[0]!.sequence).toBe(before.sequence + 1);
    const toWaiting = await mailTo(waiting!, new RegExp(`^Changed: ${s.title}$`));
    expect(toWaiting.text).toContain('I must travel that week');
    expect(toWaiting.text).not.toContain('full refund');
    expect(toWaiting.raw).not.toContain('text/calendar');

    const audit = await t.request(actors.admin, { method: 'GET', url: `/api/audit-log?action=session.rescheduled&targetId=${s.id}` });
    const [entry] = audit.json<{ items: Array<{ actor: string; details: Record<string, unknown> }> }>().items;
    expect(entry).toMatchObject({ actor: actors.tutor.user!.email.toLowerCase(), details: { message: body.message, bookedCount: 1, waitlisted: 1 } });
    expect(entry!.details.changes).toMatchObject({ classStartDate: { from: s.classStartDate, to: body.classStartDate } });
  });

  it('lets a student booked before the move cancel with a full refund for 48 hours whatever the cutoff; not one who booked after, nor after the 48 hours', async () => {
    const [early, late, slow] = await students(3);
    const s = await sessionOfTutor({ registrationFeeCents: 1500, cancellationCutoffHours: 24, title: `Paid and moved ${Date.now()}` });
    const checkout = await bookAndPay(early!, s.id);
    await bookAndPay(slow!, s.id);
    // Moved to ten hours from now: inside the 24-hour cutoff.
    const start = minute(Date.now()) + 10 * HOUR;
    expect((await reschedule(actors.tutor, s.id, { classStartDate: iso(start), classEndDate: iso(start + HOUR), message: 'Moved to tonight.' })).statusCode).toBe(200);
    await bookAndPay(late!, s.id);

    const entry = await t.request(early!, { method: 'GET', url: `/api/view-booked-session/${s.id}` });
    expect(entry.json<BookedSession>()).toMatchObject({ canCancel: true });
    const res = await cancelBooking(early!, s.id);
    expect(res.statusCode, res.body).toBe(204);
    const intent = stripe.sessions.get(checkout)!.payment_intent;
    expect(stripe.refunds.filter((r) => r.payment_intent === intent).map((r) => r.amount)).toEqual([1500]);

    // Booked at the new time: the usual cutoff.
    const afterMove = await cancelBooking(late!, s.id);
    expect(afterMove.statusCode).toBe(409);
    // 49 hours after the move (the class was moved again later, so it has not started).
    await t.deps.db.kysely.updateTable('study_session').set({ rescheduledAt: iso(Date.now() - 49 * HOUR) }).where('id', '=', s.id).execute();
    await t.deps.db.kysely.updateTable('booking').set({ createdAt: iso(Date.now() - 50 * HOUR) }).where('sessionId', '=', s.id).where('studentId', '=', slow!.user!.id).execute();
    expect((await cancelBooking(slow!, s.id)).statusCode).toBe(409);
  });
});
