// A tutor's public page (/api/tutors/{id}) and the bio they edit in Settings.
// Runs on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TutorProfile } from '#contract/sessions.ts';
import { createBooking, createStudySession } from '#tests/factories.ts';
import { createAppWithActors, runMatrix, type Actors } from '#tests/helpers/permission-matrix.ts';
import { DAY, iso, json } from '#tests/helpers/request-helpers.ts';
import type { TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
let actors: Actors;

beforeAll(async () => ({ t, actors } = await createAppWithActors()));
afterAll(async () => t?.close());

const profile = (id: string) => t.request(null, { method: 'GET', url: `/api/tutors/${id}` });

describe('tutor profile: permission matrix', () => {
  it('shows a tutor page to anyone; only a tutor reads and writes their own bio', async () => {
    await runMatrix(t, actors, [
      { name: 'GET /api/tutors/{tutor}', request: (a) => ({ method: 'GET', url: `/api/tutors/${a.tutor.user!.id}` }), expect: { anonymous: 200, student: 200, otherStudent: 200, tutor: 200, otherTutor: 200, admin: 200 } },
      { name: 'GET /api/tutors/{student}', request: (a) => ({ method: 'GET', url: `/api/tutors/${a.student.user!.id}` }), expect: { anonymous: 404, student: 404, otherStudent: 404, tutor: 404, otherTutor: 404, admin: 404 } },
      { name: 'GET /api/me/tutor-profile', request: () => ({ method: 'GET', url: '/api/me/tutor-profile' }), expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 200, otherTutor: 200, admin: 403 } },
      { name: 'PUT /api/me/tutor-profile', request: () => ({ method: 'PUT', url: '/api/me/tutor-profile', ...json({ bio: 'Mine.' }) }), expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 200, otherTutor: 200, admin: 403 } },
    ]);
  });
});

describe('tutor profile', () => {
  it("lists the tutor's approved sessions, upcoming and past, their rating and bio; never an email", async () => {
    const tutor = await t.actor({ role: 'tutor', name: 'Maria Tutor' });
    const upcoming = await createStudySession(t.deps, tutor.user!, { title: 'Next week' });
    const later = await createStudySession(t.deps, tutor.user!, { title: 'In a month', classStartDate: iso(Date.now() + 30 * DAY) });
    const past = await createStudySession(t.deps, tutor.user!, { title: 'Last week', registrationStartDate: iso(Date.now() - 20 * DAY), registrationEndDate: iso(Date.now() - 10 * DAY), classStartDate: iso(Date.now() - 7 * DAY) });
    await createStudySession(t.deps, tutor.user!, { title: 'Pending one', status: 'pending' });
    await createStudySession(t.deps, tutor.user!, { title: 'Rejected one', status: 'rejected' });
    const [a, b] = await Promise.all([t.actor({ role: 'student' }), t.actor({ role: 'student' })]);
    for (const who of [a, b]) await createBooking(t.deps, past, who!.user!);
    for (const [who, rating] of [[a, 5], [b, 2]] as const) {
      expect((await t.request(who!, { method: 'POST', url: '/api/review', ...json({ sessionId: past.id, review: 'Ok.', rating }) })).statusCode).toBe(201);
    }
    expect((await t.request(tutor, { method: 'PUT', url: '/api/me/tutor-profile', ...json({ bio: '  Chemist; ten years of lab classes.  ' }) })).json()).toEqual({ bio: 'Chemist; ten years of lab classes.' });

    const res = await profile(tutor.user!.id);
    expect(res.statusCode).toBe(200);
    const body = res.json<TutorProfile>();
    expect(body).toMatchObject({ id: tutor.user!.id, name: 'Maria Tutor', bio: 'Chemist; ten years of lab classes.', averageRating: 3.5, reviewCount: 2 });
    expect(body.upcoming.map((s) => s.id)).toEqual([upcoming.id, later.id]);
    expect(body.past.map((s) => s.id)).toEqual([past.id]);
    expect(res.body).not.toContain(tutor.user!.email);
    expect((await t.request(tutor, { method: 'GET', url: '/api/me/tutor-profile' })).json()).toEqual({ bio: 'Chemist; ten years of lab classes.' });
  });

  it('has no bio until written, refuses one too long, and is not found once the tutor is blocked', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    expect((await profile(tutor.user!.id)).json<TutorProfile>()).toMatchObject({ bio: null, averageRating: null, reviewCount: 0, upcoming: [], past: [] });
    expect((await t.request(tutor, { method: 'GET', url: '/api/me/tutor-profile' })).json()).toEqual({ bio: '' });
    const long = await t.request(tutor, { method: 'PUT', url: '/api/me/tutor-profile', ...json({ bio: 'x'.repeat(1001) }) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ fields: { bio: 'The bio is too long (1000 characters at most)' } });
    await t.deps.db.kysely.updateTable('user').set({ blocked: t.deps.config.database.dialect === 'postgres' ? true : 1 }).where('id', '=', tutor.user!.id).execute();
    expect((await profile(tutor.user!.id)).statusCode).toBe(404);
    expect((await profile('no-such-id')).statusCode).toBe(404);
  });
});
