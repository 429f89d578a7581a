// Single sign-on with the school's OpenID Connect provider, against a local mock provider: the
// whole redirect dance (discovery, PKCE, state, nonce), the ID token's checks, who may come in,
// the role a first sign-in gets, and addresses that must use the provider.
// docs/decisions/058-single-sign-on.md.
import type { LightMyRequestResponse } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json } from '#tests/helpers/request-helpers.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';

const LABEL = 'Springfield High';
let oidc: OAuth2Server;
let t: TestApp;
/** The claims the provider puts in its next ID token (and its userinfo answer). */
let claims: Record<string, unknown>;
/** A change to the next ID token's payload after the provider filled it (a forged or broken token). */
let tamper: ((payload: Record<string, unknown>) => void) | null;
/** A change to the token endpoint's answer (a signature that is not the provider's). */
let tamperAnswer: ((body: Record<string, unknown>) => void) | null;

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  oidc.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, claims);
    tamper?.(token.payload);
  });
  oidc.service.on('beforeResponse', (answer: { body: Record<string, unknown> }) => tamperAnswer?.(answer.body));
  oidc.service.on('beforeUserinfo', (userInfo: { body: Record<string, unknown> }) => {
    userInfo.body = { ...claims };
  });
  t = await createTestApp({
    OIDC_ISSUER: oidc.issuer.url!,
    OIDC_CLIENT_ID: 'studynest-sso',
    OIDC_CLIENT_SECRET: 'studynest-sso-secret',
    OIDC_ALLOWED_DOMAINS: 'school.example, @Staff.School.Example',
    OIDC_REQUIRED_DOMAINS: 'school.example',
    OIDC_BUTTON_LABEL: LABEL,
    OIDC_ROLE_CLAIM: 'groups',
  });
});
afterAll(async () => {
  await t?.close();
  await oidc?.stop();
});
beforeEach(() => {
  tamper = null;
  tamperAnswer = null;
});

let ipCounter = 0;
const nextIp = () => `172.22.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

const cookieOf = (res: LightMyRequestResponse | Response): string => {
  const list = res instanceof Response ? res.headers.getSetCookie() : [res.headers['set-cookie'] ?? []].flat();
  return list.map((c) => c.split(';')[0]).join('; ');
};
const sessionCookie = (res: LightMyRequestResponse) => /better-auth\.session_token=[^;]+/.exec(cookieOf(res))?.[0] ?? null;
const userRow = (email: string) => t.deps.db.kysely.selectFrom('user').selectAll().where('email', '=', email).executeTakeFirst();
const me = async (cookie: string) => (await t.request({ user: null, cookie }, { method: 'GET', url: '/api/me' })).json() as { id: string; email: string; role: string; status: string };

/** The login page's form: POST /api/sso/start, as a browser sends it without JavaScript. */
const start = (from?: string, headers: Record<string, string> = {}) =>
  t.request(null, { method: 'POST', url: '/api/sso/start', remoteAddress: nextIp(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: from ? `from=${encodeURIComponent(from)}` : '' });

/** The whole round trip: StudyNest's form, the provider's authorize (which answers at once), back to StudyNest's callback. */
async function signInThroughProvider(from?: string, beforeAuthorize?: (authorizeUrl: URL) => Promise<void>): Promise<{ authorizeUrl: URL; callback: LightMyRequestResponse }> {
  const started = await start(from);
  expect(started.statusCode, started.body).toBe(303);
  const authorizeUrl = new URL(started.headers.location as string);
  await beforeAuthorize?.(authorizeUrl);
  const authorize = await fetch(authorizeUrl, { redirect: 'manual' });
  const back = new URL(authorize.headers.get('location')!);
  const callback = await t.request({ user: null, cookie: cookieOf(started) }, { method: 'GET', url: back.pathname + back.search, remoteAddress: nextIp() });
  return { authorizeUrl, callback };
}

/** A refused sign-in: back on the login page with better-auth's `error`, no session, no account. */
async function expectRefused(email: string, error: string | RegExp) {
  const { callback } = await signInThroughProvider();
  expect(callback.statusCode).toBe(302);
  const landing = new URL(callback.headers.location as string, 'http://studynest.test');
  expect(landing.pathname).toBe('/login');
  expect(landing.searchParams.get('sso')).toBe('failed');
  expect(landing.searchParams.get('error')).toMatch(error);
  expect(sessionCookie(callback)).toBeNull();
  expect(await userRow(email)).toBeUndefined();
}

describe('single sign-on through the school’s OpenID Connect provider', () => {
  it('the web app is told the button’s label', async () => {
    expect((await t.request(null, { method: 'GET', url: '/api/config' })).json()).toMatchObject({ singleSignOn: { label: LABEL } });
  });

  it('a first sign-in: discovery, PKCE, state and nonce, then a student signed in with the provider’s verified address', async () => {
    claims = { sub: 'sso-ana', email: 'ana@school.example', email_verified: true, name: 'Ana Pérez' };
    const { authorizeUrl, callback } = await signInThroughProvider('/sessions?mine=1');
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${oidc.issuer.url!}/authorize`);
    expect(authorizeUrl.searchParams.get('client_id')).toBe('studynest-sso');
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorizeUrl.searchParams.get('state')).toBeTruthy();
    expect(authorizeUrl.searchParams.get('nonce')).toBeTruthy();
    expect(authorizeUrl.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe('http://studynest.test/api/auth/callback/oidc');

    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/sessions?mine=1');
    const cookie = sessionCookie(callback);
    expect(cookie).toBeTruthy();
    expect(await me(cookie!)).toMatchObject({ email: 'ana@school.example', role: 'student', status: 'Verified' });
    expect((await userRow('ana@school.example'))?.name).toBe('Ana Pérez');

    // Again: the same account, through the account the first sign-in linked.
    const again = await signInThroughProvider();
    expect((await me(sessionCookie(again.callback)!)).id).toBe((await me(cookie!)).id);
  });

  it('a code sent back without the state cookie of the browser that started is refused', async () => {
    claims = { sub: 'sso-eve', email: 'eve@school.example', email_verified: true, name: 'Eve' };
    const started = await start();
    const authorize = await fetch(new URL(started.headers.location as string), { redirect: 'manual' });
    const back = new URL(authorize.headers.get('location')!);
    const callback = await t.request(null, { method: 'GET', url: back.pathname + back.search, remoteAddress: nextIp() });
    expect(sessionCookie(callback)).toBeNull();
    expect(await userRow('eve@school.example')).toBeUndefined();
  });

  it.each([
    ['a nonce not of this request', (p: Record<string, unknown>) => Object.assign(p, { nonce: 'someone-elses-nonce' })],
    ['no nonce', (p: Record<string, unknown>) => { delete p.nonce; }],
    ['another issuer', (p: Record<string, unknown>) => Object.assign(p, { iss: 'https://idp.evil.example' })],
    ['another audience', (p: Record<string, unknown>) => Object.assign(p, { aud: 'another-client' })],
    ['an expired token', (p: Record<string, unknown>) => Object.assign(p, { iat: Math.floor(Date.now() / 1000) - 7200, nbf: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 })],
  ])('an ID token with %s is refused', async (_what, change) => {
    const email = `forged-${ipCounter}@school.example`;
    claims = { sub: `sso-${email}`, email, email_verified: true, name: 'Forged' };
    tamper = change;
    await expectRefused(email, /^[a-z_]+$/);
  });

  it('an ID token whose signature is not from the provider’s keys is refused', async () => {
    claims = { sub: 'sso-sig', email: 'sig@school.example', email_verified: true, name: 'Sig' };
    tamperAnswer = (body) => {
      const [header, payload, signature] = String(body.id_token).split('.');
      const bytes = Buffer.from(signature!, 'base64url');
      bytes[0] = bytes[0]! ^ 0xff;
      body.id_token = `${header}.${payload}.${bytes.toString('base64url')}`;
    };
    await expectRefused('sig@school.example', /^[a-z_]+$/);

    // Signed with a key the provider never published, with every claim right (the request's nonce too).
    const rogue = new OAuth2Server();
    await rogue.issuer.keys.generate('RS256');
    await rogue.start(0, '127.0.0.1');
    try {
      claims = { sub: 'sso-rogue', email: 'rogue@school.example', email_verified: true, name: 'Rogue' };
      const { callback } = await signInThroughProvider(undefined, async (authorizeUrl) => {
        const forged = await rogue.issuer.buildToken({
          scopesOrTransform: (_header, payload) => Object.assign(payload, claims, { iss: oidc.issuer.url, aud: 'studynest-sso', nonce: authorizeUrl.searchParams.get('nonce') }),
        });
        tamperAnswer = (body) => {
          body.id_token = forged;
        };
      });
      expect(new URL(callback.headers.location as string, 'http://studynest.test').searchParams.get('sso')).toBe('failed');
      expect(sessionCookie(callback)).toBeNull();
      expect(await userRow('rogue@school.example')).toBeUndefined();
    } finally {
      await rogue.stop();
    }
  });

  it('a role claim makes a tutor when it says so, and never an admin', async () => {
    claims = { sub: 'sso-boss', email: 'boss@school.example', email_verified: true, name: 'Boss', groups: ['admin', 'Administrators'], role: 'admin' };
    const boss = await signInThroughProvider();
    expect(await me(sessionCookie(boss.callback)!)).toMatchObject({ role: 'student' });

    claims = { sub: 'sso-teacher', email: 'teacher@school.example', email_verified: true, name: 'Teacher', groups: ['Teacher', 'admin'] };
    const teacher = await signInThroughProvider();
    expect(await me(sessionCookie(teacher.callback)!)).toMatchObject({ role: 'tutor' });
  });

  it('an existing password account is linked only when the provider says the address is verified', async () => {
    const owner = await t.createUser({ email: 'owner@staff.school.example', role: 'tutor' });
    claims = { sub: 'sso-impostor', email: 'owner@staff.school.example', email_verified: false, name: 'Impostor' };
    const { callback } = await signInThroughProvider();
    expect(sessionCookie(callback)).toBeNull();
    const landing = new URL(callback.headers.location as string, 'http://studynest.test');
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('error')).toBe('account_not_linked');
    const accounts = await t.deps.db.kysely.selectFrom('account').select('providerId').where('userId', '=', owner.id).execute();
    expect(accounts.map((a) => a.providerId)).toEqual(['credential']);

    claims = { ...claims, sub: 'sso-owner', email_verified: true, name: 'Owner' };
    const verified = await signInThroughProvider();
    expect(await me(sessionCookie(verified.callback)!)).toMatchObject({ id: owner.id, role: 'tutor' });
  });

  it('an address outside the allowed domains is refused, with its reason for the login page', async () => {
    claims = { sub: 'sso-outsider', email: 'out@elsewhere.example', email_verified: true, name: 'Outsider' };
    await expectRefused('out@elsewhere.example', 'domain_not_allowed');
    // A subdomain is not its parent domain.
    claims = { sub: 'sso-sub', email: 'x@evil.school.example', email_verified: true, name: 'Sub' };
    await expectRefused('x@evil.school.example', 'domain_not_allowed');
  });

  it('an address of a domain that requires single sign-on cannot sign in or up with a password', async () => {
    const user = await t.createUser({ email: 'before@staff.school.example' });
    await t.deps.db.kysely.updateTable('user').set({ email: 'before@school.example' }).where('id', '=', user.id).execute();
    for (const [url, body] of [
      ['/api/auth/sign-in/email', { email: 'before@school.example', password: user.password }],
      ['/api/auth/sign-in/email', { email: ' Nobody@SCHOOL.example', password: 'whatever it is 12' }],
      ['/api/auth/sign-up/email', { name: 'New', email: 'new@school.example', password: 'plum kettle orbit 42' }],
    ] as const) {
      const res = await t.request(null, { method: 'POST', url, remoteAddress: nextIp(), ...json(body) });
      expect(res.statusCode, url).toBe(403);
      expect((res.json() as { message: string }).message).toBe(`Addresses of this school sign in with ${LABEL}, not with a password.`);
      expect(sessionCookie(res)).toBeNull();
    }
    const body = json({ email: 'before@school.example', password: user.password });
    const spanish = await t.request(null, { method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: nextIp(), ...body, headers: { ...body.headers, 'accept-language': 'es' } });
    expect((spanish.json() as { message: string }).message).toBe(`Las direcciones de este centro inician sesión con ${LABEL}, no con una contraseña.`);
    // Other domains still sign in with their password.
    const other: Actor = await t.actor({ email: 'pw@staff.school.example' });
    expect(other.cookie).toBeTruthy();
  });

  it('a form of another site cannot start a sign-in', async () => {
    const res = await start(undefined, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
  });
});

describe('without OIDC_* settings', () => {
  it('offers no single sign-on', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.request(null, { method: 'GET', url: '/api/config' })).json()).toMatchObject({ singleSignOn: null });
      expect((await plain.request(null, { method: 'POST', url: '/api/sso/start', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('a provider that takes the connection and never answers', () => {
  it('is, after OIDC_DISCOVERY_TIMEOUT_MS, one that cannot be reached: the login page is told so, and a later sign-in tries again', async () => {
    const net = await import('node:net');
    const held: import('node:net').Socket[] = [];
    // Accepts every connection and reads what is sent, answering nothing.
    const silent = net.createServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as import('node:net').AddressInfo;
    const app = await createTestApp({
      OIDC_ISSUER: `http://127.0.0.1:${port}`,
      OIDC_CLIENT_ID: 'studynest-sso',
      OIDC_CLIENT_SECRET: 'studynest-sso-secret',
      OIDC_DISCOVERY_TIMEOUT_MS: '300',
    });
    try {
      for (const attempt of [1, 2]) {
        const res = await app.request(null, { method: 'POST', url: '/api/sso/start', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
        expect(res.statusCode, `attempt ${attempt}`).toBe(303);
        expect(res.headers.location).toMatch(/^\/login\?sso=failed&error=provider_unavailable$/);
      }
      // Each sign-in asked the provider again.
      expect(held.length).toBeGreaterThanOrEqual(2);
    } finally {
      for (const socket of held) socket.destroy();
      silent.close();
      await app.close();
    }
  });
});
