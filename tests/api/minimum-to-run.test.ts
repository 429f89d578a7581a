// A minimum to run (docs/decisions/060-minimum-to-run.md) with a controllable clock: a class short
// of its minimum at its decision time is called off by the system through "Cancel session"'s path
// (emails to everyone booked, holding or waiting; a paid booking refunded; the calendar entry
// cancelled; the audit entry by the system); one that reached it is confirmed, one email per booked
// student, once even if the job runs twice; a moved class takes its decision time along; and the
// contract's fields are refused naming the field. Runs on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookSessionResult } from '#contract/bookings.ts';
import type { PublicSessionPage, Session, SessionDetails } from '#contract/sessions.ts';
import { MINIMUM_TO_RUN_JOB, minimumToRun } from '#server/features/sessions/minimum-to-run.ts';
import { createWaitlistEntry } from '#tests/factories.ts';
import type { FakeStripe } from '#tests/helpers/fake-stripe.ts';
import { calendarAttachment, parseCalendar } from '#tests/helpers/ical.ts';
import { DAY, HOUR, enc, iso, json } from '#tests/helpers/request-helpers.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp & { stripe: FakeStripe };
// Moved forward only, and by less than a week in all: the expired sign-ins' purge reads this clock.
let clock = new Date();
const setClock = (ms: number) => (clock = new Date(ms));
let tutor: Actor;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp({}, { stripe: true, now: () => clock });
  tutor = await t.actor({ role: 'tutor' });
  admin = await t.actor({ role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

/** Whole minutes: the class times a tutor types. */
const minute = (ms: number) => Math.floor(ms / 60_000) * 60_000;
const students = (n: number) => Promise.all(Array.from({ length: n }, () => t.actor({ role: 'student' })));
const speaks = (who: Actor, language: 'en' | 'es') => t.deps.db.kysely.updateTable('user').set({ language }).where('id', '=', who.user!.id).execute();
const book = (who: Actor, sessionId: string) => t.request(who, { method: 'POST', url: '/api/book-session', ...json({ sessionId }) });
const mailsTo = (who: Actor, subject: RegExp) => t.mail.messages.filter((m) => m.to.includes(who.user!.email.toLowerCase()) && subject.test(m.subject));
const downloadIcs = (who: Actor, sessionId: string) => t.request(who, { method: 'GET', url: `/api/booked-sessions/${enc(who.user!.email)}/${sessionId}/calendar.ics` });
const sessionPage = async (id: string) => (await t.request(null, { method: 'GET', url: `/api/session/${id}` })).json<SessionDetails>();

/** The captured text's bytes as UTF-8 (the capture undoes quoted-printable byte by byte). */
const utf8 = (text: string) => Buffer.from(text, 'latin1').toString('utf8');
/** A mail's subject: its header unfolded, its MIME encoded words (=?UTF-8?Q?…?= or B) as text. */
const subjectOf = (mail: { raw: string }) => {
  const header = (/^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(mail.raw)?.[1] ?? '').replace(/\r?\n[ \t]/g, ' ').replace(/\?=\s+=\?/g, '?==?');
  // Each word's bytes first, then the whole as UTF-8: a character may be split between two words.
  const bytes = header.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('latin1') : text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );
  return utf8(bytes);
};
/** The emails to `who` whose body (as UTF-8) says `words`. */
const mailsSaying = (who: Actor, words: string) => t.mail.messages.filter((m) => m.to.includes(who.user!.email.toLowerCase()) && utf8(m.text).includes(words));
/** Waits for an email to `who` whose body says `words`. */
async function mailSaying(who: Actor, words: string) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = mailsSaying(who, words)[0];
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No email to ${who.user!.email} saying ${words}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every job due now has run (the worker's own runs included), and their emails have arrived. */
async function settle() {
  await t.deps.jobs.runDue();
  await new Promise((resolve) => setTimeout(resolve, 300));
  await t.deps.jobs.runDue();
  await new Promise((resolve) => setTimeout(resolve, 100));
}

/** The body of Create Session: a class starting `startsIn` from the clock, two hours long, open for booking until then. */
function createBody(title: string, startsIn: number, extra: Record<string, unknown> = {}) {
  const start = minute(clock.getTime() + startsIn);
  return {
    title,
    description: 'A class that needs enough students to run.',
    registrationStartDate: iso(minute(clock.getTime()) - HOUR),
    registrationEndDate: iso(start),
    classStartDate: iso(start),
    classEndDate: iso(start + 2 * HOUR),
    timeZone: 'UTC',
    locationKind: 'online',
    meetingUrl: 'https://meet.example.com/minimum',
    ...extra,
  };
}
const create = (who: Actor, body: Record<string, unknown>) => t.request(who, { method: 'POST', url: `/api/create-session/${enc(who.user!.email)}`, ...json(body) });

/** A class created by the tutor through the API and approved by the admin (fee in dollars). */
async function approvedClass(title: string, startsIn: number, extra: Record<string, unknown>, registrationFee = 0) {
  const res = await create(tutor, createBody(title, startsIn, extra));
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json<Session>();
  const approved = await t.request(admin, { method: 'POST', url: `/api/sessions/${id}/approve`, ...json({ registrationFee }) });
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json<Session>();
}

/** Books a paid session through the fake Stripe and delivers the signed webhook. */
async function bookAndPay(who: Actor, sessionId: string) {
  const res = await book(who, sessionId);
  expect(res.statusCode, res.body).toBe(201);
  const checkoutId = /\/checkout\/([^/?#]+)$/.exec(res.json<BookSessionResult>().checkoutUrl!)![1]!;
  t.stripe.markPaid(checkoutId);
  const { payload, signature } = t.stripe.completedEvent(checkoutId);
  const delivered = await t.app.inject({ method: 'POST', url: '/api/payments/webhook', payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature } });
  expect(delivered.statusCode, delivered.body).toBe(200);
  return checkoutId;
}

describe('the fields of a minimum to run', () => {
  it('are refused naming the field: a minimum below 1 or not whole, above the seats, a decision time below an hour, too far, or already past', async () => {
    const refused = async (extra: Record<string, unknown>, startsIn = 5 * DAY) => {
      const res = await create(tutor, createBody('Refused minimum', startsIn, extra));
      expect(res.statusCode, res.body).toBe(400);
      return res.json<{ message: string; fields: Record<string, string> }>().fields;
    };
    expect(await refused({ minimumStudents: 0 })).toEqual({ minimumStudents: 'Minimum students must be at least 1' });
    expect(await refused({ minimumStudents: 2.5 })).toEqual({ minimumStudents: 'Minimum students must be a whole number' });
    expect(await refused({ minimumStudents: 5, maxParticipants: 3 })).toEqual({ minimumStudents: 'Minimum students cannot be more than Max participants.' });
    expect(await refused({ minimumStudents: 3, decisionHoursBefore: 0 })).toEqual({ decisionHoursBefore: 'Decision time must be at least 1 hour before class starts' });
    expect(await refused({ minimumStudents: 3, decisionHoursBefore: 721 })).toEqual({ decisionHoursBefore: 'Decision time can be at most 720 hours before class' });
    // A class in a day, decided 48 hours before it: that moment has passed.
    expect(await refused({ minimumStudents: 3, decisionHoursBefore: 48 }, DAY)).toEqual({ decisionHoursBefore: 'The decision time (that many hours before Class Start) has already passed: choose fewer hours or a later class.' });
    // Without hours the default (48) is checked the same way.
    expect(await refused({ minimumStudents: 3 }, DAY)).toEqual({ decisionHoursBefore: 'The decision time (that many hours before Class Start) has already passed: choose fewer hours or a later class.' });
  });

  it('are refused in the tutor’s language', async () => {
    const spanish = await t.actor({ role: 'tutor' });
    await speaks(spanish, 'es');
    const res = await create(spanish, createBody('Mínimo', 5 * DAY, { minimumStudents: 4, maxParticipants: 2 }));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fields: Record<string, string> }>().fields).toEqual({ minimumStudents: 'El mínimo de estudiantes no puede ser mayor que el máximo de participantes.' });
  });

  it('are kept, with the decision time they make and "needs N more"; an edit holds them to the seats; an approved class’s minimum is locked for its tutor', async () => {
    const res = await create(tutor, createBody('Kept minimum', 5 * DAY, { minimumStudents: 3, decisionHoursBefore: 72, maxParticipants: 10 }));
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json<Session>();
    expect(s).toMatchObject({ minimumStudents: 3, decisionHoursBefore: 72, decisionAt: iso(Date.parse(s.classStartDate) - 72 * HOUR), minimumStatus: 'undecided', studentsNeeded: 3 });
    // Without hours: 48.
    const plain = (await create(tutor, createBody('Default hours', 5 * DAY, { minimumStudents: 2 }))).json<Session>();
    expect(plain).toMatchObject({ minimumStudents: 2, decisionHoursBefore: 48, decisionAt: iso(Date.parse(plain.classStartDate) - 48 * HOUR) });
    // No minimum: nothing to decide.
    const none = (await create(tutor, createBody('No minimum', 5 * DAY))).json<Session>();
    expect(none).toMatchObject({ minimumStudents: null, decisionHoursBefore: null, decisionAt: null, minimumStatus: null, studentsNeeded: 0 });

    const edit = (body: Record<string, unknown>) => t.request(tutor, { method: 'PUT', url: `/api/session/${enc(tutor.user!.email)}/${s.id}`, ...json(body) });
    const fewerSeats = await edit({ maxParticipants: 2 });
    expect(fewerSeats.statusCode).toBe(400);
    expect(fewerSeats.json<{ fields: Record<string, string> }>().fields).toEqual({ minimumStudents: 'Minimum students cannot be more than Max participants.' });
    const tooLate = await edit({ decisionHoursBefore: 200 });
    expect(tooLate.json<{ fields: Record<string, string> }>().fields).toEqual({ decisionHoursBefore: 'The decision time (that many hours before Class Start) has already passed: choose fewer hours or a later class.' });
    const changed = await edit({ minimumStudents: 4, decisionHoursBefore: 24 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Session>()).toMatchObject({ minimumStudents: 4, decisionHoursBefore: 24, studentsNeeded: 4 });

    // Approving with fewer seats than the minimum names the seats.
    const fewer = await t.request(admin, { method: 'POST', url: `/api/sessions/${s.id}/approve`, ...json({ registrationFee: 0, maxParticipants: 3 }) });
    expect(fewer.statusCode).toBe(400);
    expect(fewer.json<{ fields: Record<string, string> }>().fields).toEqual({ maxParticipants: "Max participants cannot be fewer than the session's minimum of students." });
    expect((await t.request(admin, { method: 'POST', url: `/api/sessions/${s.id}/approve`, ...json({ registrationFee: 0 }) })).statusCode).toBe(200);
    const locked = await edit({ minimumStudents: 2 });
    expect(locked.statusCode).toBe(409);
  });
});

describe('the decision at the decision time', () => {
  it('calls off a class short of its minimum: everyone booked, holding or waiting is emailed, the paid booking refunded, the calendar entry cancelled, the audit entry by the system', async () => {
    const [payer, holder, waiting, late] = await students(4);
    await speaks(waiting!, 'es');
    const s = await approvedClass('Short of students', 3 * DAY, { minimumStudents: 2, decisionHoursBefore: 48, maxParticipants: 2 }, 12.5);
    const decisionAt = Date.parse(s.decisionAt!);
    const checkoutId = await bookAndPay(payer!, s.id);
    const before = parseCalendar((await downloadIcs(payer!, s.id)).body).events[0]!;

    // Until the decision: "needs 1 more" on the card and the page; nothing decided.
    expect(await sessionPage(s.id)).toMatchObject({ status: 'approved', minimumStatus: 'undecided', studentsNeeded: 1 });
    const list = await t.request(null, { method: 'GET', url: `/api/sessions?q=${encodeURIComponent('Short of students')}` });
    expect(list.json<PublicSessionPage>().items.find((i) => i.id === s.id)).toMatchObject({ minimumStatus: 'undecided', studentsNeeded: 1 });

    // Two minutes before it, a second student takes the last seat but has not paid (a held seat is
    // not a booking), and a third waits for a seat.
    setClock(decisionAt - 2 * 60_000);
    await settle();
    expect((await sessionPage(s.id)).status).toBe('approved');
    expect((await book(holder!, s.id)).statusCode).toBe(201);
    expect((await t.request(waiting!, { method: 'POST', url: `/api/sessions/${s.id}/waitlist` })).statusCode).toBe(201);

    setClock(decisionAt + 1000);
    await settle();

    const page = await sessionPage(s.id);
    expect(page).toMatchObject({
      status: 'cancelled',
      minimumStatus: 'called_off',
      studentsNeeded: 0,
      isOpen: false,
      cancellationReason: 'Fewer than 2 students had booked by the decision time, so the class was called off automatically.',
    });
    // The payer's email: the class, why, the refund, and the .ics that removes the event.
    const toPayer = await t.mail.waitFor(payer!.user!.email, /^Cancelled: Short of students$/);
    expect(toPayer.text).toContain('Reason: Fewer than 2 students had booked by the decision time, so the class was called off automatically.');
    expect(toPayer.text).toContain('Your payment of $12.50 has been refunded in full');
    const ics = parseCalendar(calendarAttachment(toPayer.raw));
    expect(ics.method).toBe('CANCEL');
    expect(ics.events[0]).toMatchObject({ uid: before.uid, status: 'CANCELLED' });
    expect(ics.events[0]!.sequence).toBeGreaterThan(before.sequence);
    const intent = t.stripe.sessions.get(checkoutId)!.payment_intent;
    expect(t.stripe.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(1);
    // The held seat and the waitlist: told, in their language, without a calendar file.
    expect((await t.mail.waitFor(holder!.user!.email, /^Cancelled: Short of students$/)).text).toContain('the seat held for you is released');
    const toWaiting = await mailSaying(waiting!, 'Motivo: Menos de 2 estudiantes habían reservado a la hora de decisión, así que la clase se canceló automáticamente.');
    expect(subjectOf(toWaiting)).toBe('Cancelada: Short of students');
    expect(toWaiting.raw).not.toContain('text/calendar');
    // The downloaded event says cancelled too (the feed reads the same rows).
    expect(parseCalendar((await downloadIcs(payer!, s.id)).body).events[0]).toMatchObject({ uid: before.uid, status: 'CANCELLED' });
    // No longer bookable; the seat holds and the waitlist are gone.
    expect((await book(late!, s.id)).statusCode).toBe(409);
    expect(await t.deps.db.kysely.selectFrom('waitlist_entry').select('id').where('sessionId', '=', s.id).execute()).toEqual([]);
    expect(await t.deps.db.kysely.selectFrom('booking').select('studentId').where('sessionId', '=', s.id).execute()).toEqual([{ studentId: payer!.user!.id }]);

    // The audit log: called off by the system, with what it decided on.
    const audit = await t.deps.db.kysely.selectFrom('audit_log').selectAll().where('targetId', '=', s.id).where('action', '=', 'session.cancelled').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'system (scheduled job)', actorId: null, ip: null });
    expect(JSON.parse(audit[0]!.details)).toMatchObject({ minimumStudents: 2, decisionHoursBefore: 48, refundedBookings: 1, bookedCount: 2, waitlisted: 1 });

    // Again: nothing more is sent or refunded.
    await t.deps.jobs.runScheduleNow(MINIMUM_TO_RUN_JOB);
    await settle();
    expect(mailsTo(payer!, /^Cancelled: Short of students$/)).toHaveLength(1);
    expect(t.stripe.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(1);
  });

  it('confirms a class that reached its minimum: one email per booked student, in their language, once even when the job runs twice; the cards stop saying "needs N more"', async () => {
    const [first, second, third, waiting] = await students(4);
    await speaks(second!, 'es');
    const s = await approvedClass('Enough students', 2 * DAY, { minimumStudents: 2, decisionHoursBefore: 24 });
    expect((await book(first!, s.id)).statusCode).toBe(201);
    expect(await sessionPage(s.id)).toMatchObject({ minimumStatus: 'undecided', studentsNeeded: 1 });
    expect((await book(second!, s.id)).statusCode).toBe(201);
    expect((await book(third!, s.id)).statusCode).toBe(201);
    // Reached before the decision: nothing needed, not yet confirmed.
    expect(await sessionPage(s.id)).toMatchObject({ minimumStatus: 'undecided', studentsNeeded: 0 });
    // Somebody merely waiting is not confirmed a seat (placed directly: the class has seats).
    await createWaitlistEntry(t.deps, s, waiting!.user!);

    setClock(Date.parse(s.decisionAt!) + 1000);
    await settle();
    // The job runs twice more (as after a crash, or in two processes).
    await t.deps.jobs.runScheduleNow(MINIMUM_TO_RUN_JOB);
    await t.deps.jobs.runScheduleNow(MINIMUM_TO_RUN_JOB);
    await settle();

    const toFirst = await t.mail.waitFor(first!.user!.email, /^Confirmed: Enough students will run$/);
    expect(toFirst.text).toContain('Enough students have booked "Enough students"');
    expect(toFirst.text).toContain(`/dashboard/view-booked-session/${s.id}`);
    const toSecond = await mailSaying(second!, 'Ya hay suficientes estudiantes en "Enough students"');
    expect(subjectOf(toSecond)).toBe('Confirmada: Enough students se celebrará');
    expect(utf8(toSecond.text)).toContain('la clase está confirmada y se celebrará como estaba previsto');
    await t.mail.waitFor(third!.user!.email, /^Confirmed: Enough students will run$/);
    expect(mailsTo(first!, /Enough students will run/)).toHaveLength(1);
    expect(mailsSaying(second!, 'Ya hay suficientes estudiantes')).toHaveLength(1);
    expect(mailsTo(third!, /Enough students will run/)).toHaveLength(1);
    expect(mailsTo(waiting!, /Enough students/)).toEqual([]);

    expect(await sessionPage(s.id)).toMatchObject({ status: 'approved', minimumStatus: 'confirmed', studentsNeeded: 0 });
    const list = await t.request(null, { method: 'GET', url: `/api/sessions?q=${encodeURIComponent('Enough students')}` });
    expect(list.json<PublicSessionPage>().items.find((i) => i.id === s.id)).toMatchObject({ minimumStatus: 'confirmed', studentsNeeded: 0 });
    // A confirmed minimum stays what it was decided on.
    const edit = await t.request(admin, { method: 'PUT', url: `/api/session/${enc(tutor.user!.email)}/${s.id}`, ...json({ minimumStudents: 3 }) });
    expect(edit.statusCode).toBe(409);
  });

  it('two runs deciding at the same moment (two processes) confirm once and send each email once', async () => {
    const [first, second] = await students(2);
    const s = await approvedClass('Decided twice', 2 * DAY, { minimumStudents: 2, decisionHoursBefore: 24 });
    for (const who of [first!, second!]) expect((await book(who, s.id)).statusCode).toBe(201);
    setClock(Date.parse(s.decisionAt!) + 1000);
    // Both runs read the class undecided; only one records the decision and queues its emails.
    const { handler } = minimumToRun(t.deps);
    await Promise.all([handler.run(null, { id: 'one', attempt: 1 }), handler.run(null, { id: 'two', attempt: 1 })]);
    await settle();
    await t.mail.waitFor(first!.user!.email, /^Confirmed: Decided twice will run$/);
    await t.mail.waitFor(second!.user!.email, /^Confirmed: Decided twice will run$/);
    await settle();
    expect(mailsTo(first!, /^Confirmed: Decided twice will run$/)).toHaveLength(1);
    expect(mailsTo(second!, /^Confirmed: Decided twice will run$/)).toHaveLength(1);
  });

  it('moves the decision time with the class: nothing at the old time, the decision at the new one', async () => {
    const [me] = await students(1);
    const s = await approvedClass('Moved minimum', 3 * DAY, { minimumStudents: 2, decisionHoursBefore: 48 });
    expect((await book(me!, s.id)).statusCode).toBe(201);
    const oldDecision = Date.parse(s.decisionAt!);
    const newStart = minute(Date.parse(s.classStartDate) + DAY);
    const moved = await t.request(tutor, { method: 'POST', url: `/api/sessions/${s.id}/reschedule`, ...json({ classStartDate: iso(newStart), classEndDate: iso(newStart + 2 * HOUR), message: 'A day later, sorry.' }) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Session>()).toMatchObject({ decisionAt: iso(newStart - 48 * HOUR), minimumStatus: 'undecided', studentsNeeded: 1 });

    setClock(oldDecision + 1000);
    await settle();
    expect(await sessionPage(s.id)).toMatchObject({ status: 'approved', minimumStatus: 'undecided' });
    expect(mailsTo(me!, /^Cancelled: Moved minimum$/)).toEqual([]);

    setClock(newStart - 48 * HOUR + 1000);
    await settle();
    expect(await sessionPage(s.id)).toMatchObject({ status: 'cancelled', minimumStatus: 'called_off' });
    await t.mail.waitFor(me!.user!.email, /^Cancelled: Moved minimum$/);
  });

  it('a class moved so close that its decision time has passed is decided at once', async () => {
    const [me, other] = await students(2);
    const s = await approvedClass('Brought forward', 5 * DAY, { minimumStudents: 2, decisionHoursBefore: 48 });
    expect((await book(me!, s.id)).statusCode).toBe(201);
    expect((await book(other!, s.id)).statusCode).toBe(201);
    const newStart = minute(clock.getTime() + DAY);
    const moved = await t.request(tutor, { method: 'POST', url: `/api/sessions/${s.id}/reschedule`, ...json({ classStartDate: iso(newStart), classEndDate: iso(newStart + HOUR), message: 'Tomorrow instead.' }) });
    expect(moved.statusCode, moved.body).toBe(200);
    // The job's next run, within 30 seconds.
    setClock(clock.getTime() + 30_000);
    await settle();
    expect(await sessionPage(s.id)).toMatchObject({ status: 'approved', minimumStatus: 'confirmed' });
    await t.mail.waitFor(me!.user!.email, /^Confirmed: Brought forward will run$/);
  });
});
