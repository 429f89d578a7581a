// A session-cache miss (server/auth/session-reader.ts, docs/decisions/072-session-reads.md): a
// plainly valid session is read in one query without better-auth; every other case is still
// better-auth's to answer (an expired session deleted, a refresh due made, a forged cookie refused).
import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_CACHE_TTL_MS } from '#server/auth/current-user.ts';
import { parseCookies } from 'better-call';
import { namedCookie, signedSessionToken } from '#server/auth/session-reader.ts';
import { authColumns } from '#server/db/auth-columns.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
afterEach(() => vi.restoreAllMocks());

const DAY_MS = 86_400_000;
const me = (actor: Actor, cookie = actor.cookie!) => t.request(null, { method: 'GET', url: '/api/me', headers: { cookie } });
/** Every cached session has expired: the next request of each is a miss. */
const pastTheCache = () => {
  const now = Date.now();
  vi.spyOn(Date, 'now').mockReturnValue(now + SESSION_CACHE_TTL_MS + 1);
};
const sessionsOf = (userId: string) => t.deps.db.kysely.selectFrom('session').select(['token', 'expiresAt']).where('userId', '=', userId).execute();
const setExpiry = (userId: string, at: Date) =>
  t.deps.db.kysely.updateTable('session').set({ expiresAt: authColumns(t.deps.db.kysely).date(at) }).where('userId', '=', userId).execute();

describe('a session-cache miss', () => {
  it('reads a valid session without better-auth', async () => {
    const student = await t.actor({ role: 'student', name: 'Quick Reader' });
    const getSession = vi.spyOn(t.deps.auth.api, 'getSession');
    const res = await me(student);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Quick Reader', role: 'student', email: student.user!.email });
    expect(getSession).not.toHaveBeenCalled();
  });

  it('leaves a session due for its refresh to better-auth, which extends it', async () => {
    const student = await t.actor({ role: 'student' });
    // Last refreshed two days ago: a week from then, past better-auth's one-day updateAge.
    await setExpiry(student.user!.id, new Date(Date.now() + 5 * DAY_MS));
    const getSession = vi.spyOn(t.deps.auth.api, 'getSession');
    expect((await me(student)).statusCode).toBe(200);
    expect(getSession).toHaveBeenCalledTimes(1);
    const [session] = await sessionsOf(student.user!.id);
    expect(new Date(session!.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6.9 * DAY_MS);
  });

  it('refuses an expired session, which better-auth deletes', async () => {
    const student = await t.actor({ role: 'student' });
    await setExpiry(student.user!.id, new Date(Date.now() - 1000));
    const res = await me(student);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please log in to continue.');
    expect(await sessionsOf(student.user!.id)).toEqual([]);
  });

  it('refuses a blocked account read from the database, and a session whose row is gone', async () => {
    const blocked = await t.actor({ role: 'student' });
    expect((await me(blocked)).statusCode).toBe(200);
    const gone = await t.actor({ role: 'student' });
    expect((await me(gone)).statusCode).toBe(200);
    // Changed behind the app's back (another process whose word was missed): seen once the cache entry ends.
    await t.deps.db.kysely.updateTable('user').set({ blocked: authColumns(t.deps.db.kysely).bool(true) }).where('id', '=', blocked.user!.id).execute();
    await t.deps.db.kysely.deleteFrom('session').where('userId', '=', gone.user!.id).execute();
    pastTheCache();
    expect((await me(blocked)).statusCode).toBe(401);
    expect((await me(gone)).statusCode).toBe(401);
  });

  it('refuses a cookie whose signature is not the server’s, however it is spelled', async () => {
    const student = await t.actor({ role: 'student' });
    const token = (await sessionsOf(student.user!.id))[0]!.token;
    const forged = createHmac('sha256', 'not the secret').update(token).digest('base64');
    const spellings = [
      `better-auth.session_token=${encodeURIComponent(`${token}.${forged}`)}`,
      `better-auth.session_token=${token}.${forged}`,
      `better-auth.session_token=${token}`,
      `better-auth.session_token=${token}.`,
      `better-auth.session_token=.${forged}`,
      `better-auth.session_token=${encodeURIComponent(`${token}.${forged.toLowerCase()}`)}`,
      `better-auth.session_token=${'a'.repeat(100_000)}.${forged}`,
      `better-auth.session_token=%E0%A4%A.${forged}`,
    ];
    for (const cookie of spellings) expect((await me(student, cookie)).statusCode, cookie.slice(0, 80)).toBe(401);
  });
});

describe('signedSessionToken', () => {
  const rules = { name: 'better-auth.session_token', secret: 'a secret of the server' };
  const sign = (token: string, secret = rules.secret) => `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

  it('reads the cookie of its own name, as better-call does: the first of that name, trimmed, unquoted, decoded', () => {
    expect(signedSessionToken(`better-auth.session_token=${encodeURIComponent(sign('abc'))}`, rules)).toBe('abc');
    expect(signedSessionToken(`theme=dark;  better-auth.session_token = "${sign('abc')}" ; x=1`, rules)).toBe('abc');
    expect(signedSessionToken(`better-auth.session_token=${sign('first')}; better-auth.session_token=${sign('second')}`, rules)).toBe('first');
  });

  it('reads no other name: not the unprefixed cookie where the prefixed one is the session’s, nor a lookalike', () => {
    const secure = { ...rules, name: '__Secure-better-auth.session_token' };
    expect(signedSessionToken(`better-auth.session_token=${sign('abc')}`, secure)).toBeNull();
    expect(signedSessionToken(`__Secure-better-auth.session_token=${sign('abc')}`, secure)).toBe('abc');
    expect(signedSessionToken(`xbetter-auth.session_token=${sign('abc')}`, rules)).toBeNull();
    expect(signedSessionToken(`better-auth.session_tokens=${sign('abc')}`, rules)).toBeNull();
  });

  it('reads nothing without the server’s signature', () => {
    expect(signedSessionToken(undefined, rules)).toBeNull();
    expect(signedSessionToken('', rules)).toBeNull();
    expect(signedSessionToken(`better-auth.session_token=${sign('abc', 'another secret')}`, rules)).toBeNull();
    expect(signedSessionToken(`better-auth.session_token=${sign('abc')}x`, rules)).toBeNull();
    expect(signedSessionToken(`better-auth.session_token=${sign('abc').replace('abc', 'abd')}`, rules)).toBeNull();
    expect(signedSessionToken('better-auth.session_token=abc', rules)).toBeNull();
    expect(signedSessionToken(`better-auth.session_token=${sign('')}`, rules)).toBeNull();
  });
});

// The session cache's key and the reader's token come from namedCookie: it must read the very
// cookie better-auth's HTTP layer reads, checked here against better-call's own parser.
describe('namedCookie', () => {
  const name = 'better-auth.session_token';
  const headers = [
    `${name}=abc`,
    `theme=dark;  ${name} = "a.b%2Bc" ; x=1`,
    `${name}=first; ${name}=second`,
    `${name}=; ${name}=second`,
    `__Secure-${name}=planted; ${name}=real`,
    `${name}2=x; x${name}=y; Better-Auth.session_token=z`,
    `flag; ${name}=after-a-bare-word`,
    `${name}="unbalanced`,
    `${name}=%E0%A4%A; a=b`,
    `${name}=a=b=c`,
    `;;${name}=x;;`,
    `=${name}; ${name}=v`,
    '',
  ];
  it.each(headers)('reads %j as better-call does', (header) => {
    expect(namedCookie(header, name)).toBe(parseCookies(header).get(name) || null);
  });
});
