// Reviews come only from students whose class took place: a class called off before it started,
// or a booking the student cancelled before class, gives no review once the class's time has
// passed, and the averages on the public pages (the session's, its reviews', its tutor's) stay
// as they were. The app's clock moves (deps.now): the class is cancelled while still ahead, then
// its start passes. One app per file; runs on SQLite and on PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBooking, createStudySession } from '#tests/factories.ts';
import type { Actor, TestApp } from '#tests/helpers/test-app.ts';
import { createTestApp } from '#tests/helpers/test-app.ts';
import { DAY, HOUR, iso, json } from '#tests/helpers/request-helpers.ts';

let t: TestApp;
let clock = Date.now();
let tutor: Actor;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(clock) });
  tutor = await t.actor({ role: 'tutor' });
  admin = await t.actor({ role: 'admin' });
});
afterAll(async () => t?.close());
// Each case starts at the real time: a week ahead, the purge of expired sign-ins (run on the app's
// clock) would remove the actors' sessions.
beforeEach(() => {
  clock = Date.now();
});

/** An approved session of the tutor, registration open now, class in two days for an hour. */
const upcomingSession = () =>
  createStudySession(t.deps, tutor.user!, {
    registrationStartDate: iso(clock - DAY),
    registrationEndDate: iso(clock + DAY),
    classStartDate: iso(clock + 2 * DAY),
    classEndDate: iso(clock + 2 * DAY + HOUR),
  });

const review = (who: Actor, sessionId: string, rating: number) => t.request(who, { method: 'POST', url: '/api/review', ...json({ sessionId, review: 'Rated after the fact.', rating }) });

/** What the public pages show of the session's and its tutor's ratings, and the stored reviews. */
async function ratingsShown(sessionId: string) {
  const details = (await t.request(null, { method: 'GET', url: `/api/session/${sessionId}` })).json();
  const reviews = (await t.request(null, { method: 'GET', url: `/api/sessions/${sessionId}/reviews` })).json();
  const tutorPage = (await t.request(null, { method: 'GET', url: `/api/tutors/${tutor.user!.id}` })).json();
  const stored = await t.deps.db.kysely.selectFrom('review').select('rating').where('sessionId', '=', sessionId).execute();
  return {
    details: { average: details.averageRating, count: details.reviewCount },
    reviews: { average: reviews.average, count: reviews.count, items: reviews.items.length },
    tutor: { average: tutorPage.averageRating, count: tutorPage.reviewCount },
    stored: stored.length,
  };
}

describe('no review of a class that did not take place for the student', () => {
  it('refuses a review of a cancelled class after its start time (409), and the averages stay', async () => {
    const session = await upcomingSession();
    const student = await t.actor({ role: 'student' });
    expect((await t.request(student, { method: 'POST', url: '/api/book-session', ...json({ sessionId: session.id }) })).statusCode).toBe(201);
    const cancelled = await t.request(tutor, { method: 'POST', url: `/api/sessions/${session.id}/cancel`, ...json({ reason: 'The tutor is ill.' }) });
    expect(cancelled.statusCode).toBe(200);
    const before = await ratingsShown(session.id);

    clock += 3 * DAY; // the class's start (and end) has passed
    const res = await review(student, session.id, 1);
    expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 409, message: 'This class was cancelled, so it cannot be reviewed.' });
    // The same in Spanish, from the server's catalogue.
    const es = await t.request(student, { method: 'POST', url: '/api/review', headers: { 'content-type': 'application/json', 'accept-language': 'es' }, payload: JSON.stringify({ sessionId: session.id, review: 'x', rating: 1 }) });
    expect({ status: es.statusCode, message: es.json().message }).toEqual({ status: 409, message: 'Esta clase se canceló, así que no se puede reseñar.' });

    expect(await ratingsShown(session.id)).toEqual(before);
    expect(before).toMatchObject({ details: { average: null, count: 0 }, reviews: { average: null, count: 0, items: 0 }, stored: 0 });
  });

  it('refuses a review on a booking the student cancelled before class, and the averages stay', async () => {
    const session = await upcomingSession();
    const [stayed, left] = await Promise.all([t.actor({ role: 'student' }), t.actor({ role: 'student' })]);
    await createBooking(t.deps, session, stayed.user!);
    expect((await t.request(left, { method: 'POST', url: '/api/book-session', ...json({ sessionId: session.id }) })).statusCode).toBe(201);
    expect((await t.request(left, { method: 'DELETE', url: `/api/booked-sessions/${encodeURIComponent(left.user!.email)}/${session.id}` })).statusCode).toBe(204);

    clock += 3 * DAY;
    expect((await review(stayed, session.id, 4)).statusCode).toBe(201);
    const before = await ratingsShown(session.id);
    expect(before).toMatchObject({ details: { average: 4, count: 1 }, reviews: { average: 4, count: 1, items: 1 }, stored: 1 });

    const res = await review(left, session.id, 1);
    expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 403, message: 'Only students who booked this session can review it.' });
    expect(await ratingsShown(session.id)).toEqual(before);
  });

  it('refuses to change a review into one of a cancelled class (PUT /api/review/:id)', async () => {
    // A review written before this rule existed stays as it is: nobody can re-rate it.
    const session = await upcomingSession();
    const student = await t.actor({ role: 'student' });
    await createBooking(t.deps, session, student.user!);
    expect((await t.request(admin, { method: 'POST', url: `/api/sessions/${session.id}/cancel`, ...json({ reason: 'No room.' }) })).statusCode).toBe(200);
    clock += 3 * DAY;
    const now = new Date(clock).toISOString();
    await t.deps.db.kysely.insertInto('review').values({ id: `r-${session.id}`, sessionId: session.id, studentId: student.user!.id, studentName: student.user!.name, rating: 5, review: 'Old', createdAt: now, updatedAt: now }).execute();
    const res = await t.request(student, { method: 'PUT', url: `/api/review/r-${session.id}`, ...json({ review: 'New', rating: 1 }) });
    expect(res.statusCode).toBe(409);
    expect(await t.deps.db.kysely.selectFrom('review').select(['rating', 'review']).where('id', '=', `r-${session.id}`).executeTakeFirstOrThrow()).toEqual({ rating: 5, review: 'Old' });
  });
});
