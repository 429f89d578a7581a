import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookedSession, BookedSessionPage, Roster } from '#contract/bookings.ts';
import { createBooking, createStudySession, type StudySessionOverrides } from '#tests/factories.ts';
import { createAppWithActors, runMatrix, type Actors } from '#tests/helpers/permission-matrix.ts';
import type { Actor, TestApp } from '#tests/helpers/test-app.ts';
import { DAY, HOUR, enc, iso, json } from '#tests/helpers/request-helpers.ts';

let t: TestApp;
let actors: Actors;

beforeAll(async () => ({ t, actors } = await createAppWithActors()));
afterAll(async () => t?.close());

/** A session of the matrix's tutor (approved, free, open now unless overridden). */
const sessionOfTutor = (overrides: StudySessionOverrides = {}) => createStudySession(t.deps, actors.tutor.user!, overrides);
const book = (who: Actor, sessionId: string, extra: Record<string, unknown> = {}) =>
  t.request(who, { method: 'POST', url: '/api/book-session', ...json({ sessionId, ...extra }) });
const sessionRow = (id: string) => t.deps.db.kysely.selectFrom('study_session').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const bookingsOf = (sessionId: string) => t.deps.db.kysely.selectFrom('booking').selectAll().where('sessionId', '=', sessionId).execute();
const students = (n: number) => Promise.all(Array.from({ length: n }, () => t.actor({ role: 'student' })));

/** The decoded text/calendar attachment of a captured mail (nodemailer sends it base64). */
function calendarAttachment(raw: string): string {
  const part = /Content-Type: text\/calendar[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw)?.[1];
  if (!part) throw new Error('no text/calendar attachment');
  return Buffer.from(part.replace(/\s/g, ''), 'base64').toString('utf8');
}

/** A session with `seats` seats, all taken by fresh students. */
async function fullSession(seats = 1, overrides: StudySessionOverrides = {}) {
  const s = await sessionOfTutor({ maxParticipants: seats, ...overrides });
  for (const u of await Promise.all(Array.from({ length: seats }, () => t.createUser({ role: 'student' })))) await createBooking(t.deps, s, u);
  return s;
}

describe('booking routes: permission matrix', () => {
  it('lets only students book, only the owner (or an admin, reading) see bookings, only the tutor and admins see the roster', async () => {
    const student = () => actors.student.user!;
    await runMatrix(t, actors, [
      {
        name: 'POST /api/book-session',
        request: async () => ({ method: 'POST', url: '/api/book-session', ...json({ sessionId: (await sessionOfTutor()).id }) }),
        expect: { anonymous: 401, student: 201, otherStudent: 201, tutor: 403, otherTutor: 403, admin: 403 },
      },
      {
        name: "GET /api/booked-sessions/{student's email}",
        request: () => ({ method: 'GET', url: `/api/booked-sessions/${enc(student().email)}` }),
        expect: { anonymous: 401, student: 200, otherStudent: 403, tutor: 403, otherTutor: 403, admin: 200 },
      },
      {
        name: "GET /api/view-booked-session/{student's session}",
        request: async () => {
          const s = await sessionOfTutor();
          await createBooking(t.deps, s, student());
          return { method: 'GET', url: `/api/view-booked-session/${s.id}` };
        },
        expect: { anonymous: 401, student: 200, otherStudent: 404, tutor: 403, otherTutor: 403, admin: 403 },
      },
      {
        name: "DELETE /api/booked-sessions/{student's email}/{session}",
        request: async () => {
          const s = await sessionOfTutor();
          await createBooking(t.deps, s, student());
          return { method: 'DELETE', url: `/api/booked-sessions/${enc(student().email)}/${s.id}` };
        },
        expect: { anonymous: 401, student: 204, otherStudent: 403, tutor: 403, otherTutor: 403, admin: 403 },
      },
      {
        name: "GET /api/booked-sessions/{student's email}/{session}/calendar.ics",
        request: async () => {
          const s = await sessionOfTutor();
          await createBooking(t.deps, s, student());
          return { method: 'GET', url: `/api/booked-sessions/${enc(student().email)}/${s.id}/calendar.ics` };
        },
        expect: { anonymous: 401, student: 200, otherStudent: 403, tutor: 403, otherTutor: 403, admin: 403 },
      },
      {
        name: 'POST /api/sessions/{full session}/waitlist',
        request: async () => ({ method: 'POST', url: `/api/sessions/${(await fullSession()).id}/waitlist` }),
        expect: { anonymous: 401, student: 201, otherStudent: 201, tutor: 403, otherTutor: 403, admin: 403 },
      },
      {
        name: 'DELETE /api/sessions/{session the student waits for}/waitlist',
        request: async () => {
          const s = await fullSession();
          expect((await t.request(actors.student, { method: 'POST', url: `/api/sessions/${s.id}/waitlist` })).statusCode).toBe(201);
          return { method: 'DELETE', url: `/api/sessions/${s.id}/waitlist` };
        },
        expect: { anonymous: 401, student: 204, otherStudent: 404, tutor: 403, otherTutor: 403, admin: 403 },
      },
      {
        name: "GET /api/sessions/{tutor's session}/roster",
        request: async () => ({ method: 'GET', url: `/api/sessions/${(await sessionOfTutor()).id}/roster` }),
        expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 200, otherTutor: 403, admin: 200 },
      },
    ]);
  });

  it('refuses a tutor or admin with "You cannot book a session", whatever the body claims', async () => {
    const s = await sessionOfTutor();
    for (const who of [actors.tutor, actors.admin]) {
      const res = await book(who, s.id, { role: 'student', studentEmail: actors.student.user!.email, tutorEmail: 'x@example.com', sessionTitle: 'x' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You cannot book a session' });
    }
    expect(await bookingsOf(s.id)).toHaveLength(0);
    expect((await sessionRow(s.id)).bookedCount).toBe(0);
  });
});

describe('booking a session', () => {
  it('books the caller (never the studentEmail of the body), takes a seat and returns the booking with the session', async () => {
    const [me, other] = await students(2);
    const s = await sessionOfTutor({ maxParticipants: 5, title: 'Thermodynamics' });
    const res = await book(me!, s.id, { studentEmail: other!.user!.email, role: 'student' });
    expect(res.statusCode).toBe(201);
    const booked = res.json() as BookedSession;
    expect(booked).toMatchObject({ sessionId: s.id, sessionTitle: 'Thermodynamics', tutorEmail: actors.tutor.user!.email, studentEmail: me!.user!.email, status: 'booked', placeInLine: null, canCancel: true });
    expect(booked.session).toMatchObject({ id: s.id, seatsTaken: 1, maxParticipants: 5 });
    const rows = await bookingsOf(s.id);
    expect(rows.map((r) => r.studentId)).toEqual([me!.user!.id]);
    // The answer is the booking as it is stored: the same as reading it back.
    const readBack = await t.request(me!, { method: 'GET', url: `/api/view-booked-session/${s.id}` });
    expect({ ...booked, checkoutUrl: undefined }).toEqual({ ...(readBack.json() as BookedSession), checkoutUrl: undefined });
  });

  it('refuses a second booking by the same student with 409 and keeps one row', async () => {
    const [me] = await students(1);
    const s = await sessionOfTutor();
    expect((await book(me!, s.id)).statusCode).toBe(201);
    const again = await book(me!, s.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'You have already booked this session.' });
    expect(await bookingsOf(s.id)).toHaveLength(1);
    expect((await sessionRow(s.id)).bookedCount).toBe(1);
  });

  it('turns concurrent double bookings by one student into one booking and 409s', async () => {
    const [me] = await students(1);
    const s = await sessionOfTutor({ maxParticipants: 10 });
    const codes = (await Promise.all(Array.from({ length: 5 }, () => book(me!, s.id)))).map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
    expect(await bookingsOf(s.id)).toHaveLength(1);
    expect((await sessionRow(s.id)).bookedCount).toBe(1);
  });

  it('refuses sessions that are not approved (404) or outside their registration window (409)', async () => {
    const [me] = await students(1);
    const now = Date.now();
    for (const status of ['pending', 'rejected'] as const) {
      const res = await book(me!, (await sessionOfTutor({ status })).id);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Session not found.');
    }
    const ended = await sessionOfTutor({ registrationStartDate: iso(now - 5 * DAY), registrationEndDate: iso(now - DAY) });
    const notYet = await sessionOfTutor({ registrationStartDate: iso(now + DAY), registrationEndDate: iso(now + 2 * DAY) });
    for (const s of [ended, notYet]) {
      const res = await book(me!, s.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Registration for this session is closed.');
      expect(await bookingsOf(s.id)).toHaveLength(0);
    }
    expect((await book(me!, 'no-such-session')).statusCode).toBe(404);
  });

  it('refuses a paid session with a clear message while payments are not configured', async () => {
    const [me] = await students(1);
    const s = await sessionOfTutor({ registrationFeeCents: 1250 });
    const res = await book(me!, s.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Payments are not configured: this paid session cannot be booked yet.');
    expect(await bookingsOf(s.id)).toHaveLength(0);
  });

  it('refuses a full session with 409 "This session is full."', async () => {
    const [me] = await students(1);
    const s = await fullSession(2);
    const res = await book(me!, s.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This session is full.' });
    expect((await sessionRow(s.id)).bookedCount).toBe(2);
  });

  it('validates the body', async () => {
    const [me] = await students(1);
    const res = await t.request(me!, { method: 'POST', url: '/api/book-session', ...json({}) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('sessionId');
  });

  it('emails the student a confirmation with the .ics attached and the tutor a new-booking notice', async () => {
    const [me] = await students(1);
    const tutor = await t.createUser({ role: 'tutor' });
    const s = await createStudySession(t.deps, tutor, { title: 'Mail; test, session' });
    expect((await book(me!, s.id)).statusCode).toBe(201);
    const confirmation = await t.mail.waitFor(me!.user!.email, /Booking confirmed: Mail; test, session/);
    expect(calendarAttachment(confirmation.raw)).toContain('SUMMARY:Mail\\; test\\, session\r\n');
    expect(confirmation.raw).toMatch(/filename="?studynest-mail-test-session\.ics/);
    const notice = await t.mail.waitFor(tutor.email, /New booking: Mail; test, session/);
    expect(notice.text).toContain(me!.user!.email);
  });
});

describe('capacity under concurrency', () => {
  it('12 students booking a 3-seat session at once: exactly 3 bookings, 9 refusals, never beyond capacity', async () => {
    const crowd = await students(12);
    const s = await sessionOfTutor({ maxParticipants: 3 });
    const results = await Promise.all(crowd.map((who) => book(who, s.id)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().message).toBe('This session is full.');
    expect((await sessionRow(s.id)).bookedCount).toBe(3);
    const rows = await bookingsOf(s.id);
    expect(rows).toHaveLength(3);
    const winners = results.flatMap((r, i) => (r.statusCode === 201 ? [crowd[i]!.user!.id] : []));
    expect(rows.map((r) => r.studentId).sort()).toEqual(winners.sort());
  });

  it('the database itself refuses a seat count above capacity', async () => {
    const s = await fullSession(1);
    await expect(t.deps.db.kysely.updateTable('study_session').set({ bookedCount: 2 }).where('id', '=', s.id).execute()).rejects.toThrow();
    expect((await sessionRow(s.id)).bookedCount).toBe(1);
  });
});

describe('booked sessions list and view', () => {
  it('lists own bookings and waitlist entries newest first, in pages, with the session fields', async () => {
    const [me] = await students(1);
    const a = await sessionOfTutor({ title: 'First' });
    const b = await sessionOfTutor({ title: 'Second' });
    const c = await fullSession(1, { title: 'Third (full)' });
    expect((await book(me!, a.id)).statusCode).toBe(201);
    expect((await book(me!, b.id)).statusCode).toBe(201);
    expect((await t.request(me!, { method: 'POST', url: `/api/sessions/${c.id}/waitlist` })).statusCode).toBe(201);

    const url = `/api/booked-sessions/${enc(me!.user!.email)}`;
    const first = (await t.request(me!, { method: 'GET', url: `${url}?limit=2` })).json() as BookedSessionPage;
    expect(first.items.map((i) => [i.sessionTitle, i.status, i.placeInLine])).toEqual([['Third (full)', 'waitlisted', 1], ['Second', 'booked', null]]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await t.request(me!, { method: 'GET', url: `${url}?limit=2&cursor=${enc(first.nextCursor!)}` })).json() as BookedSessionPage;
    expect(second.items.map((i) => i.sessionTitle)).toEqual(['First']);
    expect(second.nextCursor).toBeNull();
    expect(second.items[0]!.session).toMatchObject({ id: a.id, title: 'First', tutorName: actors.tutor.user!.name, registrationFee: 0 });

    const asAdmin = (await t.request(actors.admin, { method: 'GET', url })).json() as BookedSessionPage;
    expect(asAdmin.items).toHaveLength(3);
    expect(asAdmin.items[0]!.studentEmail).toBe(me!.user!.email);

    const bad = await t.request(me!, { method: 'GET', url: `${url}?cursor=not-a-cursor` });
    expect(bad.statusCode).toBe(400);
  });

  it('shows one booking by session id, or 404 when the student has none', async () => {
    const [me] = await students(1);
    const s = await sessionOfTutor({ title: 'Viewable' });
    const none = await t.request(me!, { method: 'GET', url: `/api/view-booked-session/${s.id}` });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('You have not booked this session.');
    await book(me!, s.id);
    const res = await t.request(me!, { method: 'GET', url: `/api/view-booked-session/${s.id}` });
    expect(res.json()).toMatchObject({ sessionId: s.id, sessionTitle: 'Viewable', status: 'booked', placeInLine: null, canCancel: true });
  });
});

describe('waitlist and cancellation', () => {
  it('joins only when full, once; books the first in line on cancel and emails them', async () => {
    const [booked1, booked2, first, second] = await students(4);
    const s = await sessionOfTutor({ maxParticipants: 2, title: 'Popular' });

    const early = await t.request(first!, { method: 'POST', url: `/api/sessions/${s.id}/waitlist` });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('This session still has free seats: book it instead.');

    expect((await book(booked1!, s.id)).statusCode).toBe(201);
    expect((await book(booked2!, s.id)).statusCode).toBe(201);
    const full = await book(first!, s.id);
    expect(full.json().message).toBe('This session is full.');

    const joined = await t.request(first!, { method: 'POST', url: `/api/sessions/${s.id}/waitlist` });
    expect(joined.statusCode).toBe(201);
    expect(joined.json()).toMatchObject({ status: 'waitlisted', placeInLine: 1, canCancel: false });
    const twice = await t.request(first!, { method: 'POST', url: `/api/sessions/${s.id}/waitlist` });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('You are already on the waitlist for this session.');
    const bookedOne = await t.request(booked1!, { method: 'POST', url: `/api/sessions/${s.id}/waitlist` });
    expect(bookedOne.json().message).toBe('You have already booked this session.');
    expect((await t.request(second!, { method: 'POST', url: `/api/sessions/${s.id}/waitlist` })).json().placeInLine).toBe(2);

    const roster = (await t.request(actors.tutor, { method: 'GET', url: `/api/sessions/${s.id}/roster` })).json() as Roster;
    expect(roster.items.map((e) => [e.email, e.status, e.placeInLine])).toEqual([
      [booked1!.user!.email, 'booked', null],
      [booked2!.user!.email, 'booked', null],
      [first!.user!.email, 'waitlisted', 1],
      [second!.user!.email, 'waitlisted', 2],
    ]);
    expect(roster).toMatchObject({ bookedCount: 2, waitlistCount: 2, maxParticipants: 2 });

    const cancel = await t.request(booked1!, { method: 'DELETE', url: `/api/booked-sessions/${enc(booked1!.user!.email)}/${s.id}` });
    expect(cancel.statusCode).toBe(204);

    const mail = await t.mail.waitFor(first!.user!.email, /A seat opened up: you are booked for Popular/);
    expect(calendarAttachment(mail.raw)).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*SUMMARY:Popular\r\n[\s\S]*END:VCALENDAR\r\n$/);
    const promoted = (await t.request(first!, { method: 'GET', url: `/api/view-booked-session/${s.id}` })).json() as BookedSession;
    expect(promoted).toMatchObject({ status: 'booked', placeInLine: null });
    expect((await t.request(second!, { method: 'GET', url: `/api/view-booked-session/${s.id}` })).json()).toMatchObject({ status: 'waitlisted', placeInLine: 1 });
    expect((await sessionRow(s.id)).bookedCount).toBe(2);
    expect((await bookingsOf(s.id)).map((b) => b.studentId).sort()).toEqual([booked2!.user!.id, first!.user!.id].sort());
    expect((await t.request(booked1!, { method: 'GET', url: `/api/view-booked-session/${s.id}` })).statusCode).toBe(404);

    // Pages of the roster keep the place numbers of the waitlist.
    const page1 = (await t.request(actors.admin, { method: 'GET', url: `/api/sessions/${s.id}/roster?limit=2` })).json() as Roster;
    const page2 = (await t.request(actors.admin, { method: 'GET', url: `/api/sessions/${s.id}/roster?limit=2&cursor=${enc(page1.nextCursor!)}` })).json() as Roster;
    expect([...page1.items, ...page2.items].map((e) => [e.status, e.placeInLine])).toEqual([['booked', null], ['booked', null], ['waitlisted', 1]]);
  });

  it('a waitlisted student who books a seat that opened up directly leaves the line, in the same step', async () => {
    const [waiting, behind] = await students(2);
    const s = await fullSession(1);
    expect((await t.request(waiting!, { method: 'POST', url: `/api/sessions/${s.id}/waitlist` })).statusCode).toBe(201);
    expect((await t.request(behind!, { method: 'POST', url: `/api/sessions/${s.id}/waitlist` })).statusCode).toBe(201);
    // A seat opens without a cancellation (the capacity is raised): nobody is promoted automatically.
    await t.deps.db.kysely.updateTable('study_session').set({ maxParticipants: 2 }).where('id', '=', s.id).execute();
    const res = await book(waiting!, s.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'booked', placeInLine: null, session: { seatsTaken: 2 } });
    const line = await t.deps.db.kysely.selectFrom('waitlist_entry').select('studentId').where('sessionId', '=', s.id).execute();
    expect(line.map((r) => r.studentId)).toEqual([behind!.user!.id]);
    expect((await t.request(behind!, { method: 'GET', url: `/api/view-booked-session/${s.id}` })).json()).toMatchObject({ status: 'waitlisted', placeInLine: 1 });
    // Full again: the next one is refused and stays in line.
    expect((await book(behind!, s.id)).json()).toEqual({ message: 'This session is full.' });
    expect(await t.deps.db.kysely.selectFrom('waitlist_entry').select('studentId').where('sessionId', '=', s.id).execute()).toHaveLength(1);
  });

  it('leaving the waitlist moves the others up', async () => {
    const [a, b] = await students(2);
    const s = await fullSession(1);
    await t.request(a!, { method: 'POST', url: `/api/sessions/${s.id}/waitlist` });
    await t.request(b!, { method: 'POST', url: `/api/sessions/${s.id}/waitlist` });
    expect((await t.request(a!, { method: 'DELETE', url: `/api/sessions/${s.id}/waitlist` })).statusCode).toBe(204);
    expect((await t.request(b!, { method: 'GET', url: `/api/view-booked-session/${s.id}` })).json().placeInLine).toBe(1);
    const again = await t.request(a!, { method: 'DELETE', url: `/api/sessions/${s.id}/waitlist` });
    expect(again.statusCode).toBe(404);
  });

  it('refuses cancelling after the cutoff and keeps the booking', async () => {
    const [me] = await students(1);
    const now = Date.now();
    const s = await sessionOfTutor({ classStartDate: iso(now + 10 * HOUR), cancellationCutoffHours: 24 });
    expect((await book(me!, s.id)).json()).toMatchObject({ canCancel: false, cancelUntil: iso(now + 10 * HOUR - 24 * HOUR) });
    const res = await t.request(me!, { method: 'DELETE', url: `/api/booked-sessions/${enc(me!.user!.email)}/${s.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This booking can no longer be cancelled: bookings can be cancelled until 24 hours before class starts.');
    expect(await bookingsOf(s.id)).toHaveLength(1);
    expect((await sessionRow(s.id)).bookedCount).toBe(1);
  });

  it('cancels before a per-session cutoff and frees the seat; another student can book it', async () => {
    const [me, other] = await students(2);
    const s = await sessionOfTutor({ maxParticipants: 1, classStartDate: iso(Date.now() + 10 * HOUR), cancellationCutoffHours: 2 });
    await book(me!, s.id);
    expect((await book(other!, s.id)).statusCode).toBe(409);
    expect((await t.request(me!, { method: 'DELETE', url: `/api/booked-sessions/${enc(me!.user!.email.toUpperCase())}/${s.id}` })).statusCode).toBe(204);
    expect((await sessionRow(s.id)).bookedCount).toBe(0);
    expect((await book(other!, s.id)).statusCode).toBe(201);
    const gone = await t.request(me!, { method: 'DELETE', url: `/api/booked-sessions/${enc(me!.user!.email)}/${s.id}` });
    expect(gone.statusCode).toBe(404);
  });
});

describe('calendar file', () => {
  it('serves a valid RFC 5545 file for a booked session', async () => {
    const [me] = await students(1);
    const s = await sessionOfTutor({ title: 'Calculus, part 2', classStartDate: '2030-05-06T07:00:00.000Z', classEndDate: '2030-05-06T09:30:00.000Z' });
    await book(me!, s.id);
    const res = await t.request(me!, { method: 'GET', url: `/api/booked-sessions/${enc(me!.user!.email)}/${s.id}/calendar.ics` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="studynest-calculus-part-2.ics"');
    const body = res.body;
    expect(body.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const unfolded = body.replace(/\r\n /g, '');
    expect(unfolded).toContain('\r\nDTSTART:20300506T070000Z\r\n');
    expect(unfolded).toContain('\r\nDTEND:20300506T093000Z\r\n');
    expect(unfolded).toContain('\r\nSUMMARY:Calculus\\, part 2\r\n');
    expect(unfolded).toMatch(new RegExp(`\\r\\nUID:${s.id}\\.${me!.user!.id}@studynest\\.test\\r\\n`));
    expect(unfolded).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
  });

  it('answers 404 when the student has not booked the session', async () => {
    const [me] = await students(1);
    const s = await sessionOfTutor();
    const res = await t.request(me!, { method: 'GET', url: `/api/booked-sessions/${enc(me!.user!.email)}/${s.id}/calendar.ics` });
    expect(res.statusCode).toBe(404);
  });
});
