// The response cache of the public session lists (server/features/sessions/public-list-cache.ts):
// pages are served from memory, yet approve, edit and delete through this process show at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudySession, type CreatedUser } from '#tests/factories.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';
import { json } from '#tests/helpers/request-helpers.ts';

let t: TestApp;
let admin: Actor;
let tutor: Actor;

beforeAll(async () => {
  // Long enough that only an invalidation can change what the lists show during this file.
  t = await createTestApp({ LIST_CACHE_MS: '60000' });
  admin = await t.actor({ role: 'admin' });
  tutor = await t.actor({ role: 'tutor' });
});
afterAll(async () => t?.close());

const titles = async (url: string) => {
  const res = await t.request(null, { method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return (res.json().items as Array<{ title: string }>).map((s) => s.title);
};
const tutorUser = () => tutor.user as CreatedUser;

describe('public list cache', () => {
  it('serves the lists from the cache: a row inserted behind the app is not listed yet', async () => {
    await createStudySession(t.deps, tutorUser(), { title: 'Cached A' });
    expect(await titles('/api/sessions')).toContain('Cached A');
    await createStudySession(t.deps, tutorUser(), { title: 'Behind the back' });
    expect(await titles('/api/sessions')).not.toContain('Behind the back');
    expect(await titles('/api/approved-sessions')).toContain('Behind the back'); // another key: computed now
  });

  it('lists a session approved through the API at once, and its tutor among the tutors', async () => {
    const newTutor = await t.actor({ role: 'tutor', name: 'Newly Listed Tutor' });
    const before = await t.request(null, { method: 'GET', url: '/api/tutors?limit=100' });
    expect((before.json().items as Array<{ name: string }>).map((u) => u.name)).not.toContain('Newly Listed Tutor');
    expect(await titles('/api/sessions?q=approved%20now')).toEqual([]);
    const pending = await createStudySession(t.deps, newTutor.user as CreatedUser, { title: 'Approved now', status: 'pending' });
    const approve = await t.request(admin, { method: 'POST', url: `/api/sessions/${pending.id}/approve`, ...json({ registrationFee: 0 }) });
    expect(approve.statusCode).toBe(200);
    expect(await titles('/api/sessions')).toContain('Approved now');
    expect(await titles('/api/sessions?q=approved%20now')).toEqual(['Approved now']);
    const after = await t.request(null, { method: 'GET', url: '/api/tutors?limit=100' });
    expect((after.json().items as Array<{ name: string }>).map((u) => u.name)).toContain('Newly Listed Tutor');
  });

  it('shows an edit at once', async () => {
    const row = await createStudySession(t.deps, tutorUser(), { title: 'Old title' });
    expect(await titles('/api/approved-sessions?limit=100')).toContain('Old title');
    const put = await t.request(tutor, { method: 'PUT', url: `/api/session/${encodeURIComponent(tutorUser().email)}/${row.id}`, ...json({ title: 'New title' }) });
    expect(put.statusCode).toBe(200);
    const listed = await titles('/api/approved-sessions?limit=100');
    expect(listed).toContain('New title');
    expect(listed).not.toContain('Old title');
  });

  it('drops a deleted session at once', async () => {
    const row = await createStudySession(t.deps, tutorUser(), { title: 'Soon deleted' });
    const url = '/api/sessions?limit=100';
    expect(await titles(url)).toContain('Soon deleted');
    const del = await t.request(tutor, { method: 'DELETE', url: `/api/session/${encodeURIComponent(tutorUser().email)}/${row.id}` });
    expect(del.statusCode).toBe(204);
    expect(await titles(url)).not.toContain('Soon deleted');
  });

  it('answers a bad cursor with 400, never a cached page', async () => {
    const res = await t.request(null, { method: 'GET', url: '/api/sessions?cursor=nonsense' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The page cursor is not valid: start again from the first page.');
  });
});
