import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewPage } from '#contract/reviews.ts';
import { createBooking, createStudySession, type StudySessionOverrides } from '#tests/factories.ts';
import { createAppWithActors, runMatrix, type Actors } from '#tests/helpers/permission-matrix.ts';
import type { Actor, TestApp } from '#tests/helpers/test-app.ts';
import { HOUR, iso, json } from '#tests/helpers/request-helpers.ts';

let t: TestApp;
let actors: Actors;

beforeAll(async () => ({ t, actors } = await createAppWithActors()));
afterAll(async () => t?.close());

/** Class started an hour ago (reviews are open). */
const startedSession = (overrides: StudySessionOverrides = {}) =>
  createStudySession(t.deps, actors.tutor.user!, { classStartDate: iso(Date.now() - HOUR), classEndDate: iso(Date.now() + HOUR), ...overrides });
const review = (who: Actor, body: Record<string, unknown>) => t.request(who, { method: 'POST', url: '/api/review', ...json(body) });
const sessionRow = (id: string) => t.deps.db.kysely.selectFrom('study_session').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const reviewsOf = (sessionId: string) => t.deps.db.kysely.selectFrom('review').selectAll().where('sessionId', '=', sessionId).execute();

/** A started session the matrix's student booked. */
async function bookedByStudent() {
  const s = await startedSession();
  await createBooking(t.deps, s, actors.student.user!);
  return s;
}

describe('review routes: permission matrix', () => {
  it('lets only a student who booked review, the author change it, anyone read', async () => {
    await runMatrix(t, actors, [
      {
        name: 'POST /api/review on a session the student booked',
        request: async () => ({ method: 'POST', url: '/api/review', ...json({ sessionId: (await bookedByStudent()).id, review: 'Great', rating: 5 }) }),
        expect: { anonymous: 401, student: 201, otherStudent: 403, tutor: 403, otherTutor: 403, admin: 403 },
      },
      {
        name: "PUT /api/review/{student's review}",
        request: async () => {
          const s = await bookedByStudent();
          const created = await review(actors.student, { sessionId: s.id, review: 'Fine', rating: 3 });
          return { method: 'PUT', url: `/api/review/${created.json().id}`, ...json({ review: 'Better', rating: 4 }) };
        },
        expect: { anonymous: 401, student: 200, otherStudent: 403, tutor: 403, otherTutor: 403, admin: 403 },
      },
      {
        name: 'GET /api/sessions/{id}/reviews',
        request: async () => ({ method: 'GET', url: `/api/sessions/${(await bookedByStudent()).id}/reviews` }),
        expect: { anonymous: 200, student: 200, otherStudent: 200, tutor: 200, otherTutor: 200, admin: 200 },
      },
      {
        name: 'GET /api/sessions/{id}/my-review',
        request: async () => ({ method: 'GET', url: `/api/sessions/${(await bookedByStudent()).id}/my-review` }),
        expect: { anonymous: 401, student: 200, otherStudent: 200, tutor: 200, otherTutor: 200, admin: 200 },
      },
    ]);
  });
});

describe('reviewing a session', () => {
  it('refuses a student who did not book with 403 and writes nothing', async () => {
    const s = await startedSession();
    const res = await review(actors.otherStudent, { sessionId: s.id, review: 'Never went', rating: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only students who booked this session can review it.');
    expect(await reviewsOf(s.id)).toHaveLength(0);
    expect(await sessionRow(s.id)).toMatchObject({ ratingSum: 0, ratingCount: 0 });
  });

  it('refuses before class has started with 409', async () => {
    const s = await createStudySession(t.deps, actors.tutor.user!, { classStartDate: iso(Date.now() + 2 * HOUR) });
    await createBooking(t.deps, s, actors.student.user!);
    const res = await review(actors.student, { sessionId: s.id, review: 'Too early', rating: 4 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You can review this session once class has started.');
    expect(await reviewsOf(s.id)).toHaveLength(0);
  });

  it('enforces an integer rating from 1 to 5 and a non-empty review', async () => {
    const s = await bookedByStudent();
    for (const rating of [0, 6, 3.5, '4', null]) {
      const res = await review(actors.student, { sessionId: s.id, review: 'Text', rating });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.rating).toBe('Rating must be a whole number from 1 to 5');
    }
    const empty = await review(actors.student, { sessionId: s.id, review: '   ', rating: 4 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.review).toBe('Review is required');
    expect(await reviewsOf(s.id)).toHaveLength(0);
  });

  it('keeps one review per student: a second POST updates it, and the average follows', async () => {
    const s = await startedSession();
    const [a, b] = await Promise.all([t.actor({ role: 'student', name: 'Alice Able' }), t.actor({ role: 'student', name: 'Bob Baker' })]);
    await createBooking(t.deps, s, a.user!);
    await createBooking(t.deps, s, b.user!);

    const first = await review(a, { sessionId: s.id, review: 'Good', rating: 4, userEmail: 'someone@else.example' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ sessionId: s.id, studentName: 'Alice Able', rating: 4, review: 'Good' });
    expect((await review(b, { sessionId: s.id, review: 'Meh', rating: 1 })).statusCode).toBe(201);
    const again = await review(a, { sessionId: s.id, review: 'Great after all', rating: 5 });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);

    expect(await reviewsOf(s.id)).toHaveLength(2);
    expect(await sessionRow(s.id)).toMatchObject({ ratingSum: 6, ratingCount: 2 });
    const page = (await t.request(null, { method: 'GET', url: `/api/sessions/${s.id}/reviews` })).json() as ReviewPage;
    expect(page).toMatchObject({ average: 3, count: 2, nextCursor: null });
    expect(page.items.map((r) => [r.studentName, r.rating, r.review])).toEqual([['Bob Baker', 1, 'Meh'], ['Alice Able', 5, 'Great after all']]);
    expect(JSON.stringify(page)).not.toContain(a.user!.email);

    const put = await t.request(b, { method: 'PUT', url: `/api/review/${page.items[0]!.id}`, ...json({ review: 'Okay', rating: 2 }) });
    expect(put.statusCode).toBe(200);
    expect(await sessionRow(s.id)).toMatchObject({ ratingSum: 7, ratingCount: 2 });
    const mine = (await t.request(b, { method: 'GET', url: `/api/sessions/${s.id}/my-review` })).json();
    expect(mine.review).toMatchObject({ rating: 2, review: 'Okay' });
    const someoneElses = await t.request(a, { method: 'PUT', url: `/api/review/${page.items[0]!.id}`, ...json({ review: 'Hijack', rating: 5 }) });
    expect(someoneElses.statusCode).toBe(403);
    expect((await reviewsOf(s.id)).find((r) => r.studentId === b.user!.id)).toMatchObject({ review: 'Okay', rating: 2 });
  });

  it('pages reviews newest first', async () => {
    const s = await startedSession();
    const crowd = await Promise.all(Array.from({ length: 3 }, () => t.actor({ role: 'student' })));
    for (const [i, who] of crowd.entries()) {
      await createBooking(t.deps, s, who.user!);
      expect((await review(who, { sessionId: s.id, review: `Review ${i}`, rating: i + 1 })).statusCode).toBe(201);
    }
    const p1 = (await t.request(null, { method: 'GET', url: `/api/sessions/${s.id}/reviews?limit=2` })).json() as ReviewPage;
    const p2 = (await t.request(null, { method: 'GET', url: `/api/sessions/${s.id}/reviews?limit=2&cursor=${encodeURIComponent(p1.nextCursor!)}` })).json() as ReviewPage;
    expect([...p1.items, ...p2.items].map((r) => r.review)).toEqual(['Review 2', 'Review 1', 'Review 0']);
    expect(p2).toMatchObject({ nextCursor: null, average: 2, count: 3 });
  });

  it('answers 404 for the reviews of a missing or unapproved session', async () => {
    expect((await t.request(null, { method: 'GET', url: '/api/sessions/nope/reviews' })).statusCode).toBe(404);
    const pending = await createStudySession(t.deps, actors.tutor.user!, { status: 'pending' });
    expect((await t.request(null, { method: 'GET', url: `/api/sessions/${pending.id}/reviews` })).statusCode).toBe(404);
  });
});
