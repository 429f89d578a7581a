// Where a class happens. In person (a place's name and address, public) or
// online (a meeting URL that only booked students, the tutor and admins ever receive). Runs on
// SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookedSession, BookedSessionPage } from '#contract/bookings.ts';
import type { Session, SessionDetails } from '#contract/sessions.ts';
import { createBooking } from '#tests/factories.ts';
import { calendarAttachment, parseCalendar } from '#tests/helpers/ical.ts';
import { enc, json } from '#tests/helpers/request-helpers.ts';
import { approvedSessionAs, createSessionAs } from '#tests/helpers/sessions-through-api.ts';
import { createTestAppWithTutorAndAdmin, type Actor, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
let tutor: Actor;
let admin: Actor;

beforeAll(async () => ({ t, tutor, admin } = await createTestAppWithTutorAndAdmin()));
afterAll(async () => t?.close());

const MEETING = 'https://meet.example.com/abc-defg-hij?pwd=s3cret';
const create = (place: Record<string, unknown>) => createSessionAs(t, tutor, { title: 'Placed class', description: 'Somewhere.', ...place });

/** A tutor's session, approved (free, 1 seat unless said) through the API. */
const approvedSession = (place: Record<string, unknown>, maxParticipants = 1) =>
  approvedSessionAs(t, tutor, admin, { title: 'Placed class', description: 'Somewhere.', ...place }, { registrationFee: 0, maxParticipants });
const book = (who: Actor, sessionId: string) => t.request(who, { method: 'POST', url: '/api/book-session', ...json({ sessionId }) });

describe('where a class happens: input', () => {
  it('takes a place with its address, or an http(s) meeting link, and names the missing or bad field', async () => {
    const inPerson = await create({ locationKind: 'in_person', placeName: 'Library, room 4', placeAddress: '1 Main St, Springfield', meetingUrl: MEETING });
    expect(inPerson.statusCode).toBe(201);
    // The other kind's field is dropped.
    expect(inPerson.json<Session>()).toMatchObject({ locationKind: 'in_person', placeName: 'Library, room 4', placeAddress: '1 Main St, Springfield', meetingUrl: null });
    expect((await create({ locationKind: 'online', meetingUrl: MEETING })).json<Session>()).toMatchObject({ locationKind: 'online', placeName: null, meetingUrl: MEETING });
    for (const [body, field] of [
      [{ locationKind: 'online', meetingUrl: 'javascript:alert(1)' }, 'meetingUrl'],
      [{ locationKind: 'online', meetingUrl: 'ftp://files.example.com/x' }, 'meetingUrl'],
      [{ locationKind: 'online' }, 'meetingUrl'],
      [{ locationKind: 'in_person', placeName: 'Library' }, 'placeAddress'],
      [{ locationKind: 'somewhere' }, 'locationKind'],
    ] as const) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json<{ fields: Record<string, string> }>().fields)).toContain(field);
    }
  });
});

describe('where a class happens: who sees the meeting link', () => {
  it('shows it to the booked student, the tutor and admins; never to the public, a student who did not book or one waiting', async () => {
    const s = await approvedSession({ locationKind: 'online', meetingUrl: MEETING });
    const booked = await t.actor({ role: 'student' });
    const waiting = await t.actor({ role: 'student' });
    const other = await t.actor({ role: 'student' });
    expect((await book(booked, s.id)).statusCode).toBe(201);
    expect((await t.request(waiting, { method: 'POST', url: `/api/sessions/${s.id}/waitlist` })).statusCode).toBe(201);

    const details = async (who: Actor | null) => (await t.request(who, { method: 'GET', url: `/api/session/${s.id}` })).json<SessionDetails>();
    expect((await details(booked)).meetingUrl).toBe(MEETING);
    expect((await details(tutor)).meetingUrl).toBe(MEETING);
    expect((await details(admin)).meetingUrl).toBe(MEETING);
    for (const who of [null, other, waiting]) expect(await details(who)).toMatchObject({ locationKind: 'online', meetingUrl: null });

    // Not anywhere in what the public or another student reads.
    for (const url of ['/api/sessions?limit=100', '/api/approved-sessions?limit=100', `/api/session/${s.id}`, `/api/sessions/${s.id}/reviews`]) {
      for (const who of [null, other, waiting]) expect((await t.request(who, { method: 'GET', url })).body).not.toContain('meet.example.com');
    }
    const page = await t.app.inject({ method: 'GET', url: `/session/${s.id}` });
    expect(page.body).not.toContain('meet.example.com');

    // The booked student's own lists carry it; a waiting student's do not.
    const mine = (await t.request(booked, { method: 'GET', url: `/api/booked-sessions/${enc(booked.user!.email)}` })).json<BookedSessionPage>();
    expect(mine.items.find((i) => i.sessionId === s.id)?.meetingUrl).toBe(MEETING);
    expect((await t.request(waiting, { method: 'GET', url: `/api/view-booked-session/${s.id}` })).json<BookedSession>()).toMatchObject({ status: 'waitlisted', meetingUrl: null });
    expect((await t.request(waiting, { method: 'GET', url: `/api/booked-sessions/${enc(waiting.user!.email)}` })).body).not.toContain('meet.example.com');
  });

  it('puts the link in the confirmation email and the .ics (LOCATION and URL); an in-person place goes into LOCATION', async () => {
    const online = await approvedSession({ locationKind: 'online', meetingUrl: MEETING });
    const student = await t.actor({ role: 'student' });
    expect((await book(student, online.id)).statusCode).toBe(201);
    const mail = await t.mail.waitFor(student.user!.email, /^Booking confirmed: Placed class$/);
    expect(mail.text).toContain(`Where: Online: ${MEETING}`);
    const event = parseCalendar(calendarAttachment(mail.raw)).events[0]!;
    expect(event).toMatchObject({ location: MEETING, url: MEETING });

    const placed = await approvedSession({ locationKind: 'in_person', placeName: 'Library, room 4', placeAddress: '1 Main St, Springfield' });
    expect((await book(student, placed.id)).statusCode).toBe(201);
    const ics = parseCalendar((await t.request(student, { method: 'GET', url: `/api/booked-sessions/${enc(student.user!.email)}/${placed.id}/calendar.ics` })).body);
    expect(ics.events[0]!.location).toBe('Library, room 4\n1 Main St, Springfield');
  });
});

describe('where a class happens: a change', () => {
  it('a new place emails booked students (the link, an updated event) and waiting ones (no link)', async () => {
    const s = await approvedSession({ locationKind: 'in_person', placeName: 'Library, room 4', placeAddress: '1 Main St' });
    const booked = await t.actor({ role: 'student' });
    const waiting = await t.actor({ role: 'student' });
    expect((await book(booked, s.id)).statusCode).toBe(201);
    expect((await t.request(waiting, { method: 'POST', url: `/api/sessions/${s.id}/waitlist` })).statusCode).toBe(201);
    const before = parseCalendar((await t.request(booked, { method: 'GET', url: `/api/booked-sessions/${enc(booked.user!.email)}/${s.id}/calendar.ics` })).body).events[0]!;

    // The tutor may change the place of an approved session (not its dates).
    const res = await t.request(tutor, { method: 'PUT', url: `/api/session/${enc(tutor.user!.email)}/${s.id}`, ...json({ locationKind: 'online', meetingUrl: MEETING }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Session>()).toMatchObject({ locationKind: 'online', placeName: null, placeAddress: null, meetingUrl: MEETING });

    const toBooked = await t.mail.waitFor(booked.user!.email, /^Changed: Placed class$/);
    expect(toBooked.text).toContain(`Where: Online: ${MEETING} (it was Library, room 4, 1 Main St).`);
    const event = parseCalendar(calendarAttachment(toBooked.raw)).events[0]!;
    expect(event).toMatchObject({ uid: before.uid, sequence: before.sequence + 1, location: MEETING });
    const toWaiting = await t.mail.waitFor(waiting.user!.email, /^Changed: Placed class$/);
    expect(toWaiting.text).toContain('Where: Online (the link is sent to booked students)');
    expect(toWaiting.raw).not.toContain('meet.example.com');
    expect(toWaiting.raw).not.toContain('text/calendar');

    const incomplete = await t.request(tutor, { method: 'PUT', url: `/api/session/${enc(tutor.user!.email)}/${s.id}`, ...json({ locationKind: 'in_person', placeName: 'Hall' }) });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toMatchObject({ fields: { placeAddress: 'Address is required for a class in person' } });
  });

  it('keeps the meeting link out of a student who holds a booking made by the factories but was not confirmed', async () => {
    const s = await approvedSession({ locationKind: 'online', meetingUrl: MEETING }, 5);
    const holder = await t.createUser({ role: 'student' });
    await createBooking(t.deps, s, holder, { status: 'pending_payment', amountCents: 500 });
    const signedIn = await t.signIn(holder);
    expect((await t.request(signedIn, { method: 'GET', url: `/api/session/${s.id}` })).json<SessionDetails>().meetingUrl).toBeNull();
    // Nor through the calendar file of a booking it does not have yet.
    expect((await t.request(signedIn, { method: 'GET', url: `/api/booked-sessions/${enc(holder.email)}/${s.id}/calendar.ics` })).statusCode).toBe(404);
  });
});

describe('where a class happens: to be announced', () => {
  const approve = (id: string, language = 'en') => {
    const body = json({ registrationFee: 0 });
    return t.request(admin, { method: 'POST', url: `/api/sessions/${id}/approve`, ...body, headers: { ...body.headers, 'accept-language': language } });
  };
  const edit = (id: string, body: Record<string, unknown>) => t.request(tutor, { method: 'PUT', url: `/api/session/${enc(tutor.user!.email)}/${id}`, ...json(body) });

  it('may be chosen explicitly, but an admin cannot approve the class until its tutor gives a place or a link (the refusal names the field, in both languages)', async () => {
    const res = await create({ locationKind: 'tba', placeName: 'dropped', meetingUrl: MEETING });
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json<Session>();
    expect(s).toMatchObject({ locationKind: 'tba', placeName: null, placeAddress: null, meetingUrl: null });

    const refused = await approve(s.id);
    expect(refused.statusCode).toBe(409);
    const why = 'Where the class happens is still “to be announced”: its tutor must give a place or a meeting link before it can be approved.';
    expect(refused.json()).toEqual({ message: why, fields: { locationKind: why } });
    const enEspañol = await approve(s.id, 'es');
    expect(enEspañol.statusCode).toBe(409);
    expect(enEspañol.json()).toMatchObject({ fields: { locationKind: 'El lugar de la clase sigue «por anunciar»: su tutor debe indicar un lugar o un enlace de reunión antes de que se pueda aprobar.' } });
    // Still pending, nobody told, nothing in the public lists.
    expect((await t.request(tutor, { method: 'GET', url: `/api/session/${s.id}` })).json<SessionDetails>().status).toBe('pending');

    expect((await edit(s.id, { locationKind: 'in_person', placeName: 'Library, room 4', placeAddress: '1 Main St' })).statusCode).toBe(200);
    const approved = await approve(s.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Session>()).toMatchObject({ status: 'approved', locationKind: 'in_person', placeName: 'Library, room 4' });
  });

  it('an approved class never goes back to "to be announced", by an edit or a reschedule', async () => {
    const s = await approvedSession({ locationKind: 'online', meetingUrl: MEETING });
    const back = await edit(s.id, { locationKind: 'tba' });
    expect(back.statusCode).toBe(400);
    expect(back.json()).toMatchObject({ fields: { locationKind: 'Where the class happens cannot go back to “to be announced” once it is approved: give a place or a meeting link.' } });
    const start = Date.now() + 20 * 24 * 3600_000;
    const moved = await t.request(tutor, {
      method: 'POST',
      url: `/api/sessions/${s.id}/reschedule`,
      ...json({ classStartDate: new Date(start).toISOString(), classEndDate: new Date(start + 3600_000).toISOString(), locationKind: 'tba', message: 'Moved.' }),
    });
    expect(moved.statusCode).toBe(400);
    expect(Object.keys(moved.json<{ fields: Record<string, string> }>().fields)).toContain('locationKind');
    expect((await t.request(tutor, { method: 'GET', url: `/api/session/${s.id}` })).json<SessionDetails>()).toMatchObject({ locationKind: 'online', meetingUrl: MEETING });
  });

  it('a pending class may be set back to "to be announced" by its tutor', async () => {
    const s = (await create({ locationKind: 'in_person', placeName: 'Hall', placeAddress: '2 Side St' })).json<Session>();
    const res = await edit(s.id, { locationKind: 'tba' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Session>()).toMatchObject({ locationKind: 'tba', placeName: null, placeAddress: null });
  });
});
