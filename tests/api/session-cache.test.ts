// The in-process session cache (server/auth/current-user.ts, docs/decisions/004-session-cache.md):
// signed-in reads skip the session lookup for a few seconds, yet sign-out, password changes,
// profile changes, block and role change take effect at once on the same process.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '#server/app.ts';
import { SESSION_CACHE_TTL_MS } from '#server/auth/current-user.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';
import { json } from '#tests/helpers/request-helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
afterEach(() => vi.restoreAllMocks());

const me = (actor: Actor) => t.request(actor, { method: 'GET', url: '/api/me' });

describe('session cache', () => {
  it('serves a cached session without a lookup, for at most the TTL', async () => {
    const student = await t.actor({ role: 'student' });
    expect((await me(student)).statusCode).toBe(200);
    // Another process signing this session out deletes its row: this process may serve it until the TTL ends.
    await t.deps.db.kysely.deleteFrom('session').where('userId', '=', student.user!.id).execute();
    expect((await me(student)).statusCode).toBe(200);

    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + SESSION_CACHE_TTL_MS + 1);
    const later = await me(student);
    expect(later.statusCode).toBe(401);
    expect(later.json().message).toBe('Please log in to continue.');
  });

  it('refuses a signed-out cookie at once', async () => {
    const student = await t.actor({ role: 'student' });
    expect((await me(student)).statusCode).toBe(200);
    const out = await t.request(student, { method: 'POST', url: '/api/auth/sign-out', ...json({}) });
    expect(out.statusCode).toBe(200);
    const after = await me(student);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Please log in to continue.');
  });

  it('shows a profile change at once', async () => {
    const student = await t.actor({ role: 'student', name: 'Old Name' });
    expect((await me(student)).json().name).toBe('Old Name');
    const put = await t.request(student, { method: 'PUT', url: '/api/user', ...json({ name: 'New Name' }) });
    expect(put.statusCode).toBe(200);
    expect((await me(student)).json().name).toBe('New Name');
  });

  it('refuses the other sessions at once after a password change that revokes them', async () => {
    const user = await t.createUser({ role: 'student' });
    const laptop = await t.signIn(user);
    const phone = await t.signIn(user);
    expect((await me(phone)).statusCode).toBe(200);
    const change = await t.request(laptop, {
      method: 'POST',
      url: '/api/auth/change-password',
      ...json({ currentPassword: user.password, newPassword: 'a brand new passphrase 42', revokeOtherSessions: true }),
    });
    expect(change.statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
  });

  it('refuses every session at once after a password reset', async () => {
    const student = await t.actor({ role: 'student' });
    expect((await me(student)).statusCode).toBe(200);
    const ask = await t.request(null, { method: 'POST', url: '/api/auth/request-password-reset', ...json({ email: student.user!.email, redirectTo: '/reset-password' }) });
    expect(ask.statusCode).toBe(200);
    const mail = await t.mail.waitFor(student.user!.email, /Reset/);
    const token = decodeURIComponent(/reset-password\?token=([^\s&]+)/.exec(mail.text)![1]!);
    const reset = await t.request(null, { method: 'POST', url: '/api/auth/reset-password', ...json({ token, newPassword: 'another fresh passphrase 7' }) });
    expect(reset.statusCode).toBe(200);
    expect((await me(student)).statusCode).toBe(401);
  });

  it('refuses a user blocked through PATCH /api/users/{id} at once', async () => {
    const admin = await t.actor({ role: 'admin' });
    const student = await t.actor({ role: 'student' });
    expect((await me(student)).statusCode).toBe(200);
    const block = await t.request(admin, { method: 'PATCH', url: `/api/users/${student.user!.id}`, ...json({ blocked: true }) });
    expect(block.statusCode).toBe(200);
    const after = await me(student);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Please log in to continue.');
  });

  it('applies a role change through PATCH /api/users/{id} at once', async () => {
    const admin = await t.actor({ role: 'admin' });
    const tutor = await t.actor({ role: 'tutor' });
    expect((await me(tutor)).json().role).toBe('tutor');
    const change = await t.request(admin, { method: 'PATCH', url: `/api/users/${tutor.user!.id}`, ...json({ role: 'student' }) });
    expect(change.statusCode).toBe(200);
    expect((await me(tutor)).json().role).toBe('student');
  });

  it('invalidateUser drops every cached session of that user (for changes made outside a route)', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    expect((await me(tutor)).json().role).toBe('tutor');
    await t.deps.db.kysely.updateTable('user').set({ role: 'admin' }).where('id', '=', tutor.user!.id).execute();
    expect((await me(tutor)).json().role).toBe('tutor');
    t.deps.callers.invalidateUser(tutor.user!.id);
    expect((await me(tutor)).json().role).toBe('admin');
  });

  it('is the app’s own: another app in the same process, on the same database, looks the session up itself', async () => {
    const student = await t.actor({ role: 'student' });
    expect((await me(student)).statusCode).toBe(200);
    const other = await buildApp(t.deps.config, { webDir: '/nonexistent' });
    try {
      // Signed out by another process: this app may serve its cached session until the TTL ends...
      await t.deps.db.kysely.deleteFrom('session').where('userId', '=', student.user!.id).execute();
      expect((await me(student)).statusCode).toBe(200);
      // ...but an app that never cached it asks the database (before, the cache was the process's).
      const asked = await other.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: student.cookie! } });
      expect(asked.statusCode).toBe(401);
    } finally {
      await other.app.close();
    }
  });

  // The cache is keyed by the cookie better-auth reads, so a second cookie of another spelling
  // planted beside a victim's real one (cookie tossing from a sibling host) is never the key that
  // the victim's session is stored under.
  it('keys a session by the cookie better-auth reads, not by another spelling planted before it', async () => {
    const victim = await t.actor({ role: 'student', name: 'Victim' });
    const planted = 'attacker-chosen.value';
    for (const spelling of ['__Secure-better-auth.session_token', 'Better-Auth.session_token', 'xbetter-auth.session_token', 'better-auth.session_token2']) {
      const both = await t.request({ user: null, cookie: `${spelling}=${planted}; ${victim.cookie}` }, { method: 'GET', url: '/api/me' });
      expect(both.statusCode, spelling).toBe(200);
      expect(both.json().name).toBe('Victim');
      const alone = await t.request({ user: null, cookie: `${spelling}=${planted}` }, { method: 'GET', url: '/api/me' });
      expect(alone.statusCode, spelling).toBe(401);
      expect(alone.json().message).toBe('Please log in to continue.');
    }
  });

  it('signs out the cookie better-auth reads, whatever other spelling comes first', async () => {
    const student = await t.actor({ role: 'student' });
    expect((await me(student)).statusCode).toBe(200);
    const out = await t.request({ user: null, cookie: `__Secure-better-auth.session_token=other.value; ${student.cookie}` }, { method: 'POST', url: '/api/auth/sign-out', ...json({}) });
    expect(out.statusCode).toBe(200);
    expect((await me(student)).statusCode).toBe(401);
  });
});
