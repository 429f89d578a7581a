import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppWithActors, runMatrix, type Actors } from '#tests/helpers/permission-matrix.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';
import { json } from '#tests/helpers/request-helpers.ts';

let t: TestApp;
let actors: Actors;

beforeAll(async () => ({ t, actors } = await createAppWithActors()));
afterAll(async () => t?.close());

type UserItem = { id: string; name: string; email: string; role: string; status: string; image: string | null; lastSeen: string | null };

async function listUsers(query: string, who: Actor = actors.admin) {
  const res = await t.request(who, { method: 'GET', url: `/api/users${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: UserItem[]; nextCursor: string | null };
}

const patch = (who: Actor, id: string, body: unknown) => t.request(who, { method: 'PATCH', url: `/api/users/${id}`, ...json(body) });
const me = (who: Actor) => t.request(who, { method: 'GET', url: '/api/me' });

describe('admin users routes: permission matrix', () => {
  it('lets only admins list and change users', async () => {
    await runMatrix(t, actors, [
      { name: 'GET /api/users', request: () => ({ method: 'GET', url: '/api/users' }), expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 403, otherTutor: 403, admin: 200 } },
      {
        name: 'PATCH /api/users/{id} role',
        request: async () => ({ method: 'PATCH', url: `/api/users/${(await t.createUser()).id}`, ...json({ role: 'tutor' }) }),
        expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 403, otherTutor: 403, admin: 200 },
      },
      {
        name: 'PATCH /api/users/{id} blocked',
        request: async () => ({ method: 'PATCH', url: `/api/users/${(await t.createUser()).id}`, ...json({ blocked: true }) }),
        expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 403, otherTutor: 403, admin: 200 },
      },
      {
        name: 'PATCH /api/users/{unknown}',
        request: () => ({ method: 'PATCH', url: '/api/users/nobody', ...json({ role: 'tutor' }) }),
        expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 403, otherTutor: 403, admin: 404 },
      },
    ]);
  });

  it('leaves the user unchanged when a non-admin tries', async () => {
    const target = await t.createUser({ role: 'student' });
    const res = await patch(actors.tutor, target.id, { role: 'admin', blocked: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'This is only for admins.' });
    const [row] = (await listUsers(`?q=${encodeURIComponent(target.email)}`)).items;
    expect(row).toMatchObject({ id: target.id, role: 'student', status: 'Verified' });
  });
});

describe('listing users', () => {
  it('shows name, email, role, status, image and last seen', async () => {
    const never = await t.createUser({ name: 'Quincy Neverseen', verified: false });
    const seen = await t.actor({ name: 'Quincy Seen', role: 'tutor' });
    const blocked = await t.createUser({ name: 'Quincy Blocked', blocked: true });
    const items = (await listUsers('?q=quincy')).items;
    expect(items.map((u) => u.name)).toEqual(['Quincy Blocked', 'Quincy Neverseen', 'Quincy Seen']);
    expect(items[0]).toMatchObject({ id: blocked.id, status: 'Blocked', role: 'student' });
    expect(items[1]).toMatchObject({ id: never.id, email: never.email, status: 'Unverified', lastSeen: null, image: null });
    expect(items[2]).toMatchObject({ id: seen.user!.id, role: 'tutor', status: 'Verified' });
    expect(Date.now() - new Date(items[2]!.lastSeen!).getTime()).toBeLessThan(60_000);
  });

  it('searches by part of the name or the email in any case, and filters by role', async () => {
    const a = await t.createUser({ name: 'Zelda Fitzgerald', role: 'tutor' });
    const b = await t.createUser({ name: 'Scott Person', email: 'zeldafan@example.org', role: 'student' });
    await t.createUser({ name: 'Unrelated Person' });
    expect((await listUsers('?q=ZELDA')).items.map((u) => u.id).sort()).toEqual([a.id, b.id].sort());
    expect((await listUsers('?q=zeldafan@EXAMPLE')).items.map((u) => u.id)).toEqual([b.id]);
    expect((await listUsers('?q=zelda&role=tutor')).items.map((u) => u.id)).toEqual([a.id]);
    expect((await listUsers('?role=admin&limit=100')).items.every((u) => u.role === 'admin')).toBe(true);
    // LIKE wildcards in the search are taken literally.
    expect((await listUsers('?q=%25')).items).toEqual([]);
    expect((await listUsers('?q=_')).items).toEqual([]);
    const bad = await t.request(actors.admin, { method: 'GET', url: '/api/users?role=superuser' });
    expect(bad.statusCode).toBe(400);
  });

  it('pages with a keyset cursor without gaps or repeats', async () => {
    const made = [];
    for (const n of ['Pagey Delta', 'Pagey Alpha', 'Pagey Echo', 'Pagey Charlie', 'Pagey Bravo']) made.push((await t.createUser({ name: n })).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await listUsers(`?q=pagey&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...page.items.map((u) => u.name));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(['Pagey Alpha', 'Pagey Bravo', 'Pagey Charlie', 'Pagey Delta', 'Pagey Echo']);
    expect((await t.request(actors.admin, { method: 'GET', url: '/api/users?cursor=%%%' })).statusCode).toBe(400);
  });
});

describe('changing roles', () => {
  it("makes a student a tutor; their next /api/me shows it", async () => {
    const student = await t.actor({ role: 'student' });
    expect((await me(student)).json().role).toBe('student');
    const res = await patch(actors.admin, student.user!.id, { role: 'tutor' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: student.user!.id, role: 'tutor', status: 'Verified' });
    expect((await me(student)).json().role).toBe('tutor');
  });

  it('validates the body', async () => {
    const u = await t.createUser();
    expect((await patch(actors.admin, u.id, {})).statusCode).toBe(400);
    expect((await patch(actors.admin, u.id, { role: 'superuser' })).statusCode).toBe(400);
    expect((await patch(actors.admin, u.id, { blocked: 'yes' })).statusCode).toBe(400);
  });
});

describe('the last admin', () => {
  let solo: TestApp;
  beforeAll(async () => {
    solo = await createTestApp();
  });
  afterAll(async () => solo?.close());

  it('cannot demote themselves (409) until another admin exists', async () => {
    const a = await solo.actor({ role: 'admin' });
    const refused = await solo.request(a, { method: 'PATCH', url: `/api/users/${a.user!.id}`, ...json({ role: 'student' }) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'You are the last admin: make another user an admin first.' });
    expect((await solo.request(a, { method: 'GET', url: '/api/me' })).json().role).toBe('admin');

    const b = await solo.actor({ role: 'student' });
    expect((await solo.request(a, { method: 'PATCH', url: `/api/users/${b.user!.id}`, ...json({ role: 'admin' }) })).statusCode).toBe(200);
    const demoted = await solo.request(a, { method: 'PATCH', url: `/api/users/${a.user!.id}`, ...json({ role: 'tutor' }) });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json().role).toBe('tutor');

    // Now b is the last admin.
    const again = await solo.request(b, { method: 'PATCH', url: `/api/users/${b.user!.id}`, ...json({ role: 'student' }) });
    expect(again.statusCode).toBe(409);
    expect((await solo.request(a, { method: 'PATCH', url: `/api/users/${b.user!.id}`, ...json({ role: 'student' }) })).statusCode).toBe(403);
    expect((await solo.request(b, { method: 'GET', url: '/api/me' })).json().role).toBe('admin');
  });
});

describe('blocking', () => {
  it('signs the user out everywhere, refuses their sign-in, and unblocking lets them back', async () => {
    const u = await t.createUser({ role: 'student' });
    const phone = await t.signIn(u);
    const laptop = await t.signIn(u);
    expect((await me(phone)).statusCode).toBe(200);

    const res = await patch(actors.admin, u.id, { blocked: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: u.id, status: 'Blocked' });

    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(401);
    const sessions = await t.deps.db.kysely.selectFrom('session').select('id').where('userId', '=', u.id).execute();
    expect(sessions).toEqual([]);
    await expect(t.signIn(u)).rejects.toThrow(/403/);

    const unblocked = await patch(actors.admin, u.id, { blocked: false });
    expect(unblocked.json()).toMatchObject({ status: 'Verified' });
    const back = await t.signIn(u);
    expect((await me(back)).statusCode).toBe(200);
  });

  it('does not let an admin block themselves', async () => {
    const res = await patch(actors.admin, actors.admin.user!.id, { blocked: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'You cannot block your own account.' });
    expect((await me(actors.admin)).statusCode).toBe(200);
  });

  it('lets an admin block another admin while one remains', async () => {
    const other = await t.actor({ role: 'admin' });
    const res = await patch(actors.admin, other.user!.id, { blocked: true });
    expect(res.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
  });
});
