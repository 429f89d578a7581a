// Each person's private calendar feed. Read with a real parser (ical.js).
// Runs on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeed } from '#contract/calendar-feed.ts';
import { createBooking, createStudySession } from '#tests/factories.ts';
import { parseCalendar } from '#tests/helpers/ical.ts';
import { createAppWithActors, runMatrix, type Actors } from '#tests/helpers/permission-matrix.ts';
import { DAY, HOUR, enc, iso, json } from '#tests/helpers/request-helpers.ts';
import type { Actor, TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
let actors: Actors;

beforeAll(async () => ({ t, actors } = await createAppWithActors()));
afterAll(async () => t?.close());

const newLink = async (who: Actor) => (await t.request(who, { method: 'POST', url: '/api/me/calendar-feed' })).json<CalendarFeed>();
/** The feed as a calendar app asks for it: no cookie. */
const poll = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: new URL(url).pathname, headers });
const book = (who: Actor, sessionId: string) => t.request(who, { method: 'POST', url: '/api/book-session', ...json({ sessionId }) });

describe('calendar feed: permission matrix', () => {
  it('lets every signed-in user read and renew their own link; the feed itself takes no cookie, only its token', async () => {
    const link = await newLink(actors.student);
    await runMatrix(t, actors, [
      { name: 'GET /api/me/calendar-feed', request: () => ({ method: 'GET', url: '/api/me/calendar-feed' }), expect: { anonymous: 401, student: 200, otherStudent: 200, tutor: 200, otherTutor: 200, admin: 200 } },
      { name: 'POST /api/me/calendar-feed', request: () => ({ method: 'POST', url: '/api/me/calendar-feed' }), expect: { anonymous: 401, student: 200, otherStudent: 200, tutor: 200, otherTutor: 200, admin: 200 } },
    ]);
    // The matrix renewed student A's link: the one made before answers 404 to anyone.
    await runMatrix(t, actors, [
      { name: "GET student A's old feed", request: () => ({ method: 'GET', url: new URL(link.url!).pathname }), expect: { anonymous: 404, student: 404, otherStudent: 404, tutor: 404, otherTutor: 404, admin: 404 } },
    ]);
    const current = (await t.request(actors.student, { method: 'GET', url: '/api/me/calendar-feed' })).json<CalendarFeed>();
    await runMatrix(t, actors, [
      { name: "GET student A's feed", request: () => ({ method: 'GET', url: new URL(current.url!).pathname }), expect: { anonymous: 200, student: 200, otherStudent: 200, tutor: 200, otherTutor: 200, admin: 200 } },
    ]);
  });
});

describe('calendar feed', () => {
  it('has no link until asked for one; then an https URL and its webcal:// twin, different for each user', async () => {
    const me = await t.actor({ role: 'student' });
    expect((await t.request(me, { method: 'GET', url: '/api/me/calendar-feed' })).json()).toEqual({ url: null, webcalUrl: null });
    const link = await newLink(me);
    expect(link.url).toMatch(new RegExp(`^${t.deps.config.baseUrl}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(link.webcalUrl).toBe(link.url!.replace(/^https?:/, 'webcal:'));
    expect((await t.request(me, { method: 'GET', url: '/api/me/calendar-feed' })).json()).toEqual(link);
    expect((await newLink(await t.actor({ role: 'student' }))).url).not.toBe(link.url);
  });

  it("lists a student's booked sessions (not those waited for), cancelled ones marked, with the UIDs of their .ics files", async () => {
    const me = await t.actor({ role: 'student' });
    const booked = await createStudySession(t.deps, actors.tutor.user!, { title: 'Booked one' });
    const called = await createStudySession(t.deps, actors.tutor.user!, { title: 'Called off' });
    const full = await createStudySession(t.deps, actors.tutor.user!, { title: 'Waiting for it', maxParticipants: 1 });
    const old = await createStudySession(t.deps, actors.tutor.user!, { title: 'Long ago', registrationStartDate: iso(Date.now() - 90 * DAY), registrationEndDate: iso(Date.now() - 80 * DAY), classStartDate: iso(Date.now() - 60 * DAY) });
    for (const s of [booked, called]) expect((await book(me, s.id)).statusCode).toBe(201);
    await createBooking(t.deps, old, me.user!);
    await createBooking(t.deps, full, await t.createUser({ role: 'student' }));
    expect((await t.request(me, { method: 'POST', url: `/api/sessions/${full.id}/waitlist` })).statusCode).toBe(201);
    expect((await t.request(actors.tutor, { method: 'POST', url: `/api/sessions/${called.id}/cancel`, ...json({ reason: 'Snow day.' }) })).statusCode).toBe(200);

    const res = await poll((await newLink(me)).url!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const feed = parseCalendar(res.body);
    expect(feed.method).toBeNull();
    expect(feed.events.map((e) => [e.summary, e.status])).toEqual([
      ['Booked one', 'CONFIRMED'],
      ['Cancelled: Called off', 'CANCELLED'],
    ]);
    const download = parseCalendar((await t.request(me, { method: 'GET', url: `/api/booked-sessions/${enc(me.user!.email)}/${booked.id}/calendar.ics` })).body);
    expect(feed.events[0]!.uid).toBe(download.events[0]!.uid);
    expect(feed.events[0]!.alarms).toEqual([-3600]);
  });

  it("lists a tutor's approved and cancelled sessions, not pending or rejected ones", async () => {
    const tutor = await t.actor({ role: 'tutor' });
    await createStudySession(t.deps, tutor.user!, { title: 'Teaching it' });
    await createStudySession(t.deps, tutor.user!, { title: 'Still pending', status: 'pending' });
    await createStudySession(t.deps, tutor.user!, { title: 'Turned down', status: 'rejected' });
    const feed = parseCalendar((await poll((await newLink(tutor)).url!)).body);
    expect(feed.events.map((e) => e.summary)).toEqual(['Teaching it']);
    expect(feed.events[0]!.attendees).toEqual([]);
  });

  it('answers 404 to a guessed, malformed or renewed token and to a blocked account, the same way', async () => {
    const me = await t.actor({ role: 'student' });
    const link = await newLink(me);
    const token = /calendar\/(.+)\.ics$/.exec(link.url!)![1]!;
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    const answers = await Promise.all([`/calendar/${flipped}.ics`, `/calendar/${token}`, `/calendar/${token}.ICS`, '/calendar/x.ics', `/calendar/${me.user!.id}.ics`].map((url) => t.app.inject({ method: 'GET', url })));
    for (const res of answers) expect([res.statusCode, res.json()]).toEqual([404, { message: 'No calendar feed at this address.' }]);
    expect((await poll(link.url!)).statusCode).toBe(200);
    await t.deps.db.kysely.updateTable('user').set({ blocked: t.deps.config.database.dialect === 'postgres' ? true : 1 }).where('id', '=', me.user!.id).execute();
    expect((await poll(link.url!)).statusCode).toBe(404);
  });

  it('answers 304 while nothing changed (ETag or Last-Modified), and the new content once a class moves or a booking goes', async () => {
    const me = await t.actor({ role: 'student' });
    const start = Math.floor((Date.now() + 10 * DAY) / 60_000) * 60_000;
    const moving = await createStudySession(t.deps, actors.tutor.user!, { title: 'Moving', classStartDate: iso(start), classEndDate: iso(start + HOUR) });
    const dropped = await createStudySession(t.deps, actors.tutor.user!, { title: 'Dropped' });
    for (const s of [moving, dropped]) expect((await book(me, s.id)).statusCode).toBe(201);
    const url = (await newLink(me)).url!;

    const first = await poll(url);
    const etag = first.headers.etag as string;
    const lastModified = first.headers['last-modified'] as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);
    expect((await poll(url)).body).toBe(first.body);
    const notModified = await poll(url, { 'if-none-match': etag });
    expect([notModified.statusCode, notModified.body]).toEqual([304, '']);
    expect((await poll(url, { 'if-modified-since': lastModified })).statusCode).toBe(304);

    // An admin moves the class: the same event, a later SEQUENCE, the new time.
    const before = parseCalendar(first.body).events.find((e) => e.summary === 'Moving')!;
    const res = await t.request(actors.admin, { method: 'PUT', url: `/api/session/${enc(actors.tutor.user!.email)}/${moving.id}`, ...json({ classStartDate: iso(start + DAY), classEndDate: iso(start + DAY + HOUR) }) });
    expect(res.statusCode, res.body).toBe(200);
    const moved = await poll(url, { 'if-none-match': etag });
    expect(moved.statusCode).toBe(200);
    expect(moved.headers.etag).not.toBe(etag);
    const after = parseCalendar(moved.body).events.find((e) => e.summary === 'Moving')!;
    expect(after).toMatchObject({ uid: before.uid, sequence: before.sequence + 1, start: iso(start + DAY) });

    // The student cancels a booking: its event leaves the feed, and Last-Modified moves on.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const tag = moved.headers.etag as string;
    expect((await t.request(me, { method: 'DELETE', url: `/api/booked-sessions/${enc(me.user!.email)}/${dropped.id}` })).statusCode).toBe(204);
    const gone = await poll(url, { 'if-modified-since': moved.headers['last-modified'] as string });
    expect(gone.statusCode).toBe(200);
    expect(gone.headers.etag).not.toBe(tag);
    expect(parseCalendar(gone.body).events.map((e) => e.summary)).toEqual(['Moving']);
  });
});
