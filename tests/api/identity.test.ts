import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudySession } from '#tests/factories.ts';
import { createAppWithActors, runMatrix, type Actors } from '#tests/helpers/permission-matrix.ts';
import type { TestApp } from '#tests/helpers/test-app.ts';
import { json, multipart } from '#tests/helpers/request-helpers.ts';

let t: TestApp;
let actors: Actors;

beforeAll(async () => ({ t, actors } = await createAppWithActors({ ADMIN_EMAIL: 'boss@example.com' })));
afterAll(async () => t?.close());

async function pngBytes(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366ff' } }).png().toBuffer();
}

describe('identity routes: permission matrix', () => {
  it('enforces who may call what', async () => {
    await runMatrix(t, actors, [
      { name: 'GET /api/me', request: () => ({ method: 'GET', url: '/api/me' }), expect: { anonymous: 401, student: 200, otherStudent: 200, tutor: 200, otherTutor: 200, admin: 200 } },
      { name: 'PUT /api/user', request: () => ({ method: 'PUT', url: '/api/user', ...json({ name: 'New Name' }) }), expect: { anonymous: 401, student: 200, otherStudent: 200, tutor: 200, otherTutor: 200, admin: 200 } },
      {
        name: "GET /api/user/{student's email}",
        request: (a) => ({ method: 'GET', url: `/api/user/${encodeURIComponent(a.student.user!.email)}` }),
        expect: { anonymous: 401, student: 200, otherStudent: 403, tutor: 403, otherTutor: 403, admin: 200 },
      },
      { name: 'GET /api/health', request: () => ({ method: 'GET', url: '/api/health' }), expect: { anonymous: 200, student: 200, otherStudent: 200, tutor: 200, otherTutor: 200, admin: 200 } },
    ]);
  });
});

describe('sign-up', () => {
  const signUp = (body: Record<string, unknown>) =>
    t.request(null, { method: 'POST', url: '/api/auth/sign-up/email', remoteAddress: `172.16.0.${Math.floor(Math.random() * 250)}`, ...json(body) });

  it('creates a student or a tutor, unverified until the email link is opened', async () => {
    const res = await signUp({ name: 'Tina Tutor', email: 'tina@example.com', password: 'correct horse battery', role: 'tutor' });
    expect(res.statusCode).toBe(200);
    // Sign-up never signs in by itself (docs/decisions/007-passwords-and-no-account-enumeration.md).
    expect(res.headers['set-cookie']).toBeUndefined();
    const signIn = await t.request(null, { method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: '172.17.0.1', ...json({ email: 'tina@example.com', password: 'correct horse battery' }) });
    const cookie = (signIn.headers['set-cookie'] as string[] | string).toString().split(';')[0]!;
    const me = await t.request({ user: null, cookie }, { method: 'GET', url: '/api/me' });
    expect(me.json()).toMatchObject({ name: 'Tina Tutor', email: 'tina@example.com', role: 'tutor', status: 'Unverified' });

    const mail = await t.mail.waitFor('tina@example.com', /Verify/);
    const link = /http:\/\/studynest\.test(\/api\/auth\/verify-email\S+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    const verify = await t.request({ user: null, cookie }, { method: 'GET', url: link! });
    expect(verify.statusCode).toBeLessThan(400);
    const after = await t.request({ user: null, cookie }, { method: 'GET', url: '/api/me' });
    expect(after.json().status).toBe('Verified');
  });

  it('refuses admin or unknown roles', async () => {
    for (const role of ['admin', 'superuser']) {
      const res = await signUp({ name: 'Mallory', email: `mallory-${role}@example.com`, password: 'correct horse battery', role });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Role must be Student or Tutor.');
    }
    const row = await t.deps.db.kysely.selectFrom('user').select('id').where('email', 'like', 'mallory-%').executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('makes ADMIN_EMAIL an admin only once its owner sets the password from the emailed link: not at sign-up, not on verifying (docs/decisions/035-verified-admin-and-reserved-addresses.md)', async () => {
    const res = await signUp({ name: 'Boss', email: 'boss@example.com', password: 'correct horse battery', role: 'student' });
    expect(res.statusCode).toBe(200);
    const role = async () => (await t.deps.db.kysely.selectFrom('user').select('role').where('email', '=', 'boss@example.com').executeTakeFirstOrThrow()).role;
    expect(await role()).toBe('student');
    const mail = await t.mail.waitFor('boss@example.com', /Verify/);
    const link = /http:\/\/studynest\.test(\/api\/auth\/verify-email\S+)/.exec(mail.text)?.[1];
    expect((await t.request(null, { method: 'GET', url: link! })).statusCode).toBeLessThan(400);
    expect(await role()).toBe('student');
    const passwordMail = await t.mail.waitFor('boss@example.com', /administrator/);
    const token = decodeURIComponent(/reset-password\?token=([^\s&]+)/.exec(passwordMail.text)![1]!);
    const reset = await t.request(null, { method: 'POST', url: '/api/auth/reset-password', ...json({ token, newPassword: 'the owners own phrase 7' }) });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await role()).toBe('admin');
  });

  it('refuses passwords shorter than 8 characters', async () => {
    const res = await signUp({ name: 'Shorty', email: 'shorty@example.com', password: 'short', role: 'student' });
    expect(res.statusCode).toBe(400);
  });
});

describe('profile', () => {
  it('changes only name and photo; role and status in the body are ignored', async () => {
    const a = await t.actor({ role: 'student' });
    const res = await t.request(a, { method: 'PUT', url: '/api/user', ...json({ name: 'Renamed', role: 'admin', status: 'Verified', blocked: false }) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', role: 'student' });
  });

  it("renames a tutor everywhere the name is shown: their sessions' tutor name too", async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const session = await createStudySession(t.deps, tutor.user!);
    const res = await t.request(tutor, { method: 'PUT', url: '/api/user', ...json({ name: 'Dr. Renamed' }) });
    expect(res.statusCode).toBe(200);
    const shown = await t.request(tutor, { method: 'GET', url: `/api/session/${session.id}` });
    expect(shown.json().tutorName).toBe('Dr. Renamed');
  });

  it("refuses better-auth's own update-user with a role", async () => {
    const a = await t.actor({ role: 'student' });
    const res = await t.request(a, { method: 'POST', url: '/api/auth/update-user', ...json({ role: 'admin' }) });
    expect(res.statusCode).toBe(400);
    const me = await t.request(a, { method: 'GET', url: '/api/me' });
    expect(me.json().role).toBe('student');
  });

  it('validates the name with a message naming the field', async () => {
    const a = await t.actor();
    const res = await t.request(a, { method: 'PUT', url: '/api/user', ...json({ name: '' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('name');
  });
});

describe('sign-in, sign-out, blocking', () => {
  it('refuses the old cookie after sign-out', async () => {
    const a = await t.actor();
    expect((await t.request(a, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    const out = await t.request(a, { method: 'POST', url: '/api/auth/sign-out', ...json({}) });
    expect(out.statusCode).toBe(200);
    expect((await t.request(a, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  });

  it('refuses a blocked user at sign-in', async () => {
    const u = await t.createUser({ blocked: true });
    const res = await t.request(null, { method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: '192.168.50.1', ...json({ email: u.email, password: u.password }) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/blocked/);
  });

  it('limits sign-in attempts per client address, not for everybody, whatever X-Forwarded-For says', async () => {
    const attempt = (ip: string, forged?: string) =>
      t.request(null, {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: ip,
        ...json({ email: 'nobody@example.com', password: 'wrong password' }),
        headers: { 'content-type': 'application/json', ...(forged ? { 'x-forwarded-for': forged } : {}) },
      });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await attempt('203.0.113.9', `198.51.100.${i}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    expect((await attempt('203.0.113.10')).statusCode).toBe(401);
  });
});

describe('password reset through real SMTP', () => {
  it('mails a link whose token sets a new password', async () => {
    const u = await t.createUser();
    const req = await t.request(null, { method: 'POST', url: '/api/auth/request-password-reset', remoteAddress: '192.168.60.1', ...json({ email: u.email, redirectTo: '/reset-password' }) });
    expect(req.statusCode).toBe(200);
    const mail = await t.mail.waitFor(u.email, /Reset/);
    const token = /reset-password\?token=([\w%-]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    const reset = await t.request(null, { method: 'POST', url: '/api/auth/reset-password', ...json({ token: decodeURIComponent(token!), newPassword: 'a brand new password' }) });
    expect(reset.statusCode).toBe(200);
    await expect(t.signIn({ ...u, password: 'a brand new password' })).resolves.toBeTruthy();
  });
});

describe('errors and headers', () => {
  it('answers malformed JSON with 400, an oversized body with 413, an unknown API path with 404', async () => {
    const a = await t.actor();
    const bad = await t.request(a, { method: 'PUT', url: '/api/user', payload: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'The request body is not valid JSON.' });
    const big = await t.request(a, { method: 'PUT', url: '/api/user', ...json({ name: 'x'.repeat(2 * 1024 * 1024) }) });
    expect(big.statusCode).toBe(413);
    const missing = await t.request(a, { method: 'GET', url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not found.' });
  });

  it('refuses non-JSON bodies to JSON routes with 415', async () => {
    const a = await t.actor();
    const res = await t.request(a, { method: 'PUT', url: '/api/user', payload: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(415);
  });

  it('refuses a cross-origin state-changing call even with a valid cookie', async () => {
    const a = await t.actor();
    const res = await t.request(a, { method: 'PUT', url: '/api/user', ...json({ name: 'Hacked' }), headers: { 'content-type': 'application/json', origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    const me = await t.request(a, { method: 'GET', url: '/api/me' });
    expect(me.json().name).not.toBe('Hacked');
  });

  it('sends a strict CSP and the other security headers', async () => {
    const res = await t.request(null, { method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('serves an OpenAPI document at /api/docs', async () => {
    const res = await t.request(null, { method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/me');
  });
});

describe('uploads', () => {
  it('re-encodes a real image to WebP and serves it with long caching', async () => {
    const res = await t.request(null, { method: 'POST', url: '/api/uploads', ...multipart({}, { name: 'me.png', content: await pngBytes(), type: 'image/png' }) });
    expect(res.statusCode).toBe(201);
    const url = res.json().url as string;
    expect(url).toMatch(/^\/api\/uploads\/[\w-]+\.webp$/);
    const img = await t.request(null, { method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.headers['cache-control']).toContain('immutable');
    expect((await sharp(img.rawPayload).metadata()).format).toBe('webp');
  });

  it('refuses a file named .png that is not an image', async () => {
    const res = await t.request(null, { method: 'POST', url: '/api/uploads', ...multipart({}, { name: 'evil.png', content: Buffer.from('<script>alert(1)</script>'), type: 'image/png' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not an image/);
  });

  it('refuses a photo over 2 MB with 413', async () => {
    const big = Buffer.concat([await pngBytes(), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const res = await t.request(null, { method: 'POST', url: '/api/uploads', ...multipart({}, { name: 'big.png', content: big, type: 'image/png' }) });
    expect(res.statusCode).toBe(413);
  });

  it('answers 404 for an unknown or malformed image name', async () => {
    expect((await t.request(null, { method: 'GET', url: '/api/uploads/nope.webp' })).statusCode).toBe(404);
    expect((await t.request(null, { method: 'GET', url: '/api/uploads/..%2f..%2fetc%2fpasswd' })).statusCode).toBe(404);
  });
});
