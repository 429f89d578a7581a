// Sessions and passwords. Logout, password change and blocking end sessions;
// sign-up and reset answers do not tell whether an email has an account; passwords are 8–128
// characters and the most common ones are refused wherever a password is chosen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { COMMON_PASSWORD_MESSAGE } from '#server/auth/common-passwords.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

let ipCounter = 0;
/** Each call from its own address: these tests are about answers, not about the rate limits. */
const nextIp = () => `172.20.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

const post = (actor: Actor | null, url: string, body: unknown) =>
  t.request(actor, {
    method: 'POST',
    url,
    remoteAddress: nextIp(),
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

const me = (actor: Actor) => t.request(actor, { method: 'GET', url: '/api/me' });

const cookieOf = (res: LightMyRequestResponse): string => {
  const set = res.headers['set-cookie'];
  const list = Array.isArray(set) ? set : set ? [set] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
};

async function signInAgain(email: string, password: string): Promise<Actor> {
  const res = await post(null, '/api/auth/sign-in/email', { email, password });
  expect(res.statusCode).toBe(200);
  return { user: null, cookie: cookieOf(res) };
}

const userCount = async (email: string) =>
  (await t.deps.db.kysely.selectFrom('user').select('id').where('email', '=', email).execute()).length;

describe('password rules', () => {
  it('refuses passwords shorter than 8 or longer than 128 characters at sign-up, accepts 8 and 128', async () => {
    const tries = [
      { password: 'x7#kQ2v', status: 400 },
      { password: `${'k9$Lm'.repeat(25)}pQ3z`, status: 400 }, // 129
      { password: 'x7#kQ2vZ', status: 200 }, // 8
      { password: `${'k9$Lm'.repeat(25)}pQ3`, status: 200 }, // 128
    ];
    for (const [i, { password, status }] of tries.entries()) {
      const email = `length-${i}@example.com`;
      const res = await post(null, '/api/auth/sign-up/email', { name: 'Len', email, password, role: 'student' });
      expect({ length: password.length, status: res.statusCode }).toEqual({ length: password.length, status });
      expect(await userCount(email)).toBe(status === 200 ? 1 : 0);
    }
  });

  it('refuses the most common passwords at sign-up, whatever their case, with a clear message', async () => {
    for (const password of ['password', 'Password1', 'iloveyou', 'qwertyuiop', '1q2w3e4r5t', 'football']) {
      const email = `common-${password.toLowerCase()}@example.com`;
      const res = await post(null, '/api/auth/sign-up/email', { name: 'Common', email, password, role: 'student' });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().message).toBe(COMMON_PASSWORD_MESSAGE);
      expect(await userCount(email)).toBe(0);
    }
  });

  it('refuses a common password at password change, and the old password keeps working', async () => {
    const a = await t.actor();
    const res = await post(a, '/api/auth/change-password', { currentPassword: a.user!.password, newPassword: 'baseball1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(COMMON_PASSWORD_MESSAGE);
    await expect(signInAgain(a.user!.email, a.user!.password)).resolves.toBeTruthy();
  });

  it('refuses a common password at reset, and the reset link stays usable for a good one', async () => {
    const u = await t.createUser();
    expect((await post(null, '/api/auth/request-password-reset', { email: u.email, redirectTo: '/reset-password' })).statusCode).toBe(200);
    const mail = await t.mail.waitFor(u.email, /Reset/);
    const token = decodeURIComponent(/reset-password\?token=([\w%-]+)/.exec(mail.text)![1]!);
    const weak = await post(null, '/api/auth/reset-password', { token, newPassword: 'sunshine' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(COMMON_PASSWORD_MESSAGE);
    const good = await post(null, '/api/auth/reset-password', { token, newPassword: 'plum kettle orbit 42' });
    expect(good.statusCode).toBe(200);
    await expect(signInAgain(u.email, 'plum kettle orbit 42')).resolves.toBeTruthy();
  });

  it('still lets a user sign in with a password that is on the list (only choosing one is refused)', async () => {
    // Sign-in hashes the given password for unknown emails (timing); the check must not run there.
    const res = await post(null, '/api/auth/sign-in/email', { email: 'nobody-at-all@example.com', password: 'password' });
    expect(res.statusCode).toBe(401);
  });
});

describe('no account enumeration', () => {
  /** The parts of a sign-up answer that may differ between two accounts. */
  const shape = (res: LightMyRequestResponse) => {
    const body = res.json() as { token: unknown; user: Record<string, unknown> };
    const { id, createdAt, updatedAt, email, ...user } = body.user;
    return {
      status: res.statusCode,
      setCookie: res.headers['set-cookie'] ?? null,
      contentType: res.headers['content-type'],
      token: body.token,
      userKeys: Object.keys(body.user).sort(),
      user,
      types: [typeof id, typeof createdAt, typeof updatedAt, typeof email],
    };
  };

  it('answers sign-up with a taken email exactly like a new one, and emails the owner instead', async () => {
    const owner = await t.createUser({ name: 'Olive Owner' });
    const taken = await post(null, '/api/auth/sign-up/email', { name: 'Same Name', email: owner.email, password: 'plum kettle orbit 42', role: 'student' });
    const fresh = await post(null, '/api/auth/sign-up/email', { name: 'Same Name', email: 'fresh-person@example.com', password: 'plum kettle orbit 42', role: 'student' });

    expect(shape(taken)).toEqual(shape(fresh));
    expect(taken.statusCode).toBe(200);
    expect(taken.headers['set-cookie']).toBeUndefined();
    expect(taken.json().user.email).toBe(owner.email);

    // The owner is told; their account and password are untouched.
    const mail = await t.mail.waitFor(owner.email, /tried to create a StudyNest account/);
    expect(mail.text).toContain('/login');
    expect(await userCount(owner.email)).toBe(1);
    await expect(signInAgain(owner.email, owner.password)).resolves.toBeTruthy();
    expect((await post(null, '/api/auth/sign-in/email', { email: owner.email, password: 'plum kettle orbit 42' })).statusCode).toBe(401);
    // The new person gets the verification email and can sign in.
    await t.mail.waitFor('fresh-person@example.com', /Verify/);
    await expect(signInAgain('fresh-person@example.com', 'plum kettle orbit 42')).resolves.toBeTruthy();
  });

  it('answers a reset request the same for a known and an unknown email; only the known one gets mail', async () => {
    const u = await t.createUser();
    const known = await post(null, '/api/auth/request-password-reset', { email: u.email, redirectTo: '/reset-password' });
    const unknown = await post(null, '/api/auth/request-password-reset', { email: 'no-such-user@example.com', redirectTo: '/reset-password' });
    expect({ status: unknown.statusCode, body: unknown.json(), cookie: unknown.headers['set-cookie'] }).toEqual({
      status: known.statusCode,
      body: known.json(),
      cookie: known.headers['set-cookie'],
    });
    expect(known.statusCode).toBe(200);
    await t.mail.waitFor(u.email, /Reset/);
    expect(t.mail.messages.some((m) => m.to.includes('no-such-user@example.com'))).toBe(false);
  });
});

describe('sessions end when they should', () => {
  it('refuses the old cookie after logout', async () => {
    const a = await t.actor();
    expect((await me(a)).statusCode).toBe(200);
    expect((await post(a, '/api/auth/sign-out', {})).statusCode).toBe(200);
    expect((await me(a)).statusCode).toBe(401);
  });

  it('a password change with revokeOtherSessions ends the other sessions, and keeps the caller signed in', async () => {
    const laptop = await t.actor();
    const phone = await signInAgain(laptop.user!.email, laptop.user!.password);
    expect((await me(phone)).statusCode).toBe(200);

    const res = await post(laptop, '/api/auth/change-password', {
      currentPassword: laptop.user!.password,
      newPassword: 'a much better passphrase',
      revokeOtherSessions: true,
    });
    expect(res.statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(401); // its old token was revoked too…
    const renewed: Actor = { user: null, cookie: cookieOf(res) }; // …and replaced by a new one
    expect((await me(renewed)).statusCode).toBe(200);
    await expect(signInAgain(laptop.user!.email, 'a much better passphrase')).resolves.toBeTruthy();
  });

  it('a password change without revokeOtherSessions leaves them (the option is what ends them)', async () => {
    const laptop = await t.actor();
    const phone = await signInAgain(laptop.user!.email, laptop.user!.password);
    const res = await post(laptop, '/api/auth/change-password', { currentPassword: laptop.user!.password, newPassword: 'another fine passphrase' });
    expect(res.statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(200);
  });

  it('a password reset ends every session', async () => {
    const a = await t.actor();
    expect((await post(null, '/api/auth/request-password-reset', { email: a.user!.email, redirectTo: '/reset-password' })).statusCode).toBe(200);
    const mail = await t.mail.waitFor(a.user!.email, /Reset/);
    const token = decodeURIComponent(/reset-password\?token=([\w%-]+)/.exec(mail.text)![1]!);
    expect((await post(null, '/api/auth/reset-password', { token, newPassword: 'quiet river stone 7' })).statusCode).toBe(200);
    expect((await me(a)).statusCode).toBe(401);
  });
  it('blocking a user signs them out everywhere at once (every device), and they cannot sign back in', async () => {
    const admin = await t.actor({ role: 'admin' });
    const laptop = await t.actor();
    const phone = await signInAgain(laptop.user!.email, laptop.user!.password);
    // Warm any per-process session cache first: blocking must not wait for it to expire.
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(200);

    const res = await t.request(admin, {
      method: 'PATCH',
      url: `/api/users/${laptop.user!.id}`,
      payload: JSON.stringify({ blocked: true }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('Blocked');

    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(401);
    const session = await t.request(phone, { method: 'GET', url: '/api/auth/get-session' });
    expect(session.json()).toBeNull();
    const rows = await t.deps.db.kysely.selectFrom('session').select('id').where('userId', '=', laptop.user!.id).execute();
    expect(rows).toEqual([]);
    const again = await post(null, '/api/auth/sign-in/email', { email: laptop.user!.email, password: laptop.user!.password });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toMatch(/blocked/);
  });
});
