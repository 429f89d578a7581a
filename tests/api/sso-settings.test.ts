// Single sign-on set by an admin in the dashboard (docs/decisions/065-single-sign-on-settings.md),
// against a local mock OpenID Connect provider: in effect at the next sign-in without a restart
// (another provider, another label, turned off), its secret never shown back, domain rules that
// give student or tutor and never admin, every change and every sign-in through the provider in
// the audit log; the server's OIDC_* variables win over the dashboard. The pages let the login
// form lead to the provider: a browser holds the form's redirect to the page's form-action.
import type { LightMyRequestResponse } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtWeb } from '#tests/helpers/built-web.ts';
import { json } from '#tests/helpers/request-helpers.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';

const SECRET = 'dashboard-client-secret-42';
let oidc: OAuth2Server;
let other: OAuth2Server;
let t: TestApp;
let admin: Actor;
/** The claims the providers put in their next ID token. */
let claims: Record<string, unknown> = {};

async function mockProvider(): Promise<OAuth2Server> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, claims);
  });
  server.service.on('beforeUserinfo', (userInfo: { body: Record<string, unknown> }) => {
    userInfo.body = { ...claims };
  });
  return server;
}

beforeAll(async () => {
  [oidc, other] = await Promise.all([mockProvider(), mockProvider()]);
  t = await createTestApp({}, { webDir: builtWeb() });
  admin = await t.actor({ role: 'admin', email: 'sso-admin@example.com' });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([oidc?.stop(), other?.stop()]);
});

let ipCounter = 0;
const nextIp = () => `172.23.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;
const cookieOf = (res: LightMyRequestResponse) => [res.headers['set-cookie'] ?? []].flat().map((c) => c.split(';')[0]).join('; ');
const sessionCookie = (res: LightMyRequestResponse) => /better-auth\.session_token=[^;]+/.exec(cookieOf(res))?.[0] ?? null;
const me = async (cookie: string) => (await t.request({ user: null, cookie }, { method: 'GET', url: '/api/me' })).json() as { id: string; email: string; role: string };
const config = async () => (await t.request(null, { method: 'GET', url: '/api/config' })).json() as { singleSignOn: { label: string } | null };
const put = (who: Actor | null, body: Record<string, unknown>) => t.request(who, { method: 'PUT', url: '/api/admin/single-sign-on', ...json(body) });
const settingsOf = (issuer: string, more: Record<string, unknown> = {}) => ({
  issuer,
  clientId: 'studynest-dashboard',
  clientSecret: SECRET,
  allowedDomains: ['school.example', 'staff.school.example'],
  requiredDomains: ['school.example'],
  buttonLabel: 'Springfield Accounts',
  roleClaim: 'groups',
  domainRoles: [{ domain: 'staff.school.example', role: 'tutor' }],
  ...more,
});
/** Where the login page's forms may lead (its Content-Security-Policy's form-action). */
const formAction = async () => /form-action ([^;]*)/.exec(String((await t.request(null, { method: 'GET', url: '/login' })).headers['content-security-policy']))?.[1];
const originOf = (url: string | undefined) => new URL(url!).origin;
const start = () => t.request(null, { method: 'POST', url: '/api/sso/start', remoteAddress: nextIp(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });

/** StudyNest's form, the provider's authorize (answered at once), back to StudyNest's callback. */
async function signIn(): Promise<{ authorizeUrl: URL; callback: LightMyRequestResponse }> {
  const started = await start();
  expect(started.statusCode, started.body).toBe(303);
  const authorizeUrl = new URL(started.headers.location as string);
  const authorize = await fetch(authorizeUrl, { redirect: 'manual' });
  const back = new URL(authorize.headers.get('location')!);
  const callback = await t.request({ user: null, cookie: cookieOf(started) }, { method: 'GET', url: back.pathname + back.search, remoteAddress: nextIp() });
  return { authorizeUrl, callback };
}
const auditOf = (action: string) => t.deps.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('at').orderBy('id').execute();

describe('single sign-on set in the dashboard', () => {
  it('is off until an admin sets it', async () => {
    expect((await config()).singleSignOn).toBeNull();
    expect((await start()).statusCode).toBe(404);
    expect(await formAction()).toBe("'self'");
    const res = await t.request(admin, { method: 'GET', url: '/api/admin/single-sign-on' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ source: 'none', issuer: null, clientSecretSet: false, redirectUri: 'http://studynest.test/api/auth/callback/oidc' });
  });

  it('saved, it takes effect at once; its secret is never shown back; the change is audited without it', async () => {
    const saved = await put(admin, settingsOf(oidc.issuer.url!));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(SECRET);
    expect(saved.json()).toMatchObject({ source: 'dashboard', issuer: oidc.issuer.url, clientId: 'studynest-dashboard', clientSecretSet: true, buttonLabel: 'Springfield Accounts', allowedDomains: ['school.example', 'staff.school.example'], domainRoles: [{ domain: 'staff.school.example', role: 'tutor' }] });
    const read = await t.request(admin, { method: 'GET', url: '/api/admin/single-sign-on' });
    expect(read.body).not.toContain(SECRET);
    expect(read.json()).toMatchObject({ source: 'dashboard', clientSecretSet: true });
    expect((await config()).singleSignOn).toEqual({ label: 'Springfield Accounts' });
    // The login page's form may lead to the provider (else a browser stops its 303 there).
    expect(await formAction()).toBe(`'self' ${originOf(oidc.issuer.url)}`);

    const [entry] = await auditOf('sso.settings_changed');
    expect(entry).toMatchObject({ actorId: admin.user!.id, targetType: 'single_sign_on' });
    expect(entry!.details).not.toContain(SECRET);
    expect(JSON.parse(entry!.details)).toMatchObject({ changed: expect.arrayContaining(['issuer', 'clientSecret']), issuer: oidc.issuer.url });

    claims = { sub: 'dash-ana', email: 'ana@school.example', email_verified: true, name: 'Ana' };
    const { authorizeUrl, callback } = await signIn();
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${oidc.issuer.url!}/authorize`);
    expect(authorizeUrl.searchParams.get('client_id')).toBe('studynest-dashboard');
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(callback.statusCode).toBe(302);
    expect(await me(sessionCookie(callback)!)).toMatchObject({ email: 'ana@school.example', role: 'student' });
  });

  it('a domain rule makes a first sign-in a tutor; a rule may never give admin', async () => {
    claims = { sub: 'dash-teo', email: 'teo@staff.school.example', email_verified: true, name: 'Teo', groups: ['student'] };
    const { callback } = await signIn();
    expect(await me(sessionCookie(callback)!)).toMatchObject({ role: 'tutor' });

    const refused = await put(admin, settingsOf(oidc.issuer.url!, { domainRoles: [{ domain: 'staff.school.example', role: 'admin' }] }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { 'domainRoles.0.role': 'A domain rule gives student or tutor, never admin' } });
    const read = (await t.request(admin, { method: 'GET', url: '/api/admin/single-sign-on' })).json() as { domainRoles: unknown };
    expect(read.domainRoles).toEqual([{ domain: 'staff.school.example', role: 'tutor' }]);
  });

  it('every sign-in through the provider is recorded: who, which provider, whether it was the first', async () => {
    claims = { sub: 'dash-lia', email: 'lia@school.example', email_verified: true, name: 'Lia' };
    const first = await signIn();
    const lia = await me(sessionCookie(first.callback)!);
    await signIn();
    const entries = (await auditOf('auth.sso_sign_in')).filter((e) => e.targetId === lia.id);
    expect(entries.map((e) => ({ actorId: e.actorId, actor: e.actor, ...JSON.parse(e.details) }))).toEqual([
      { actorId: lia.id, actor: 'lia@school.example', email: 'lia@school.example', provider: 'oidc', issuer: oidc.issuer.url, firstSignIn: true, accountCreated: true },
      { actorId: lia.id, actor: 'lia@school.example', email: 'lia@school.example', provider: 'oidc', issuer: oidc.issuer.url, firstSignIn: false, accountCreated: false },
    ]);

    // An existing account linked at its first sign-in through the provider: first, not created.
    const owner = await t.createUser({ email: 'owner@staff.school.example', role: 'student' });
    claims = { sub: 'dash-owner', email: 'owner@staff.school.example', email_verified: true, name: 'Owner' };
    const linked = await signIn();
    expect((await me(sessionCookie(linked.callback)!)).id).toBe(owner.id);
    const [ownerEntry] = (await auditOf('auth.sso_sign_in')).filter((e) => e.targetId === owner.id);
    expect(JSON.parse(ownerEntry!.details)).toMatchObject({ firstSignIn: true, accountCreated: false });
  });

  it('an address of a required domain is refused a password sign-in, naming the dashboard’s label', async () => {
    const user = await t.createUser({ email: 'pw@staff.school.example' });
    await t.deps.db.kysely.updateTable('user').set({ email: 'pw@school.example' }).where('id', '=', user.id).execute();
    const res = await t.request(null, { method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: nextIp(), ...json({ email: 'pw@school.example', password: user.password }) });
    expect(res.statusCode).toBe(403);
    expect((res.json() as { message: string }).message).toBe('Addresses of this school sign in with Springfield Accounts, not with a password.');
  });

  it('another provider, another label, the secret kept when left empty: in effect at the next sign-in, without a restart', async () => {
    const saved = await put(admin, settingsOf(other.issuer.url!, { clientSecret: '', buttonLabel: 'New Accounts' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ issuer: other.issuer.url, clientSecretSet: true });
    expect((await config()).singleSignOn).toEqual({ label: 'New Accounts' });
    const changes = await auditOf('sso.settings_changed');
    expect(JSON.parse(changes.at(-1)!.details).changed).toEqual(['issuer', 'buttonLabel']);

    claims = { sub: 'dash-max', email: 'max@school.example', email_verified: true, name: 'Max' };
    const { authorizeUrl, callback } = await signIn();
    expect(authorizeUrl.origin).toBe(originOf(other.issuer.url));
    expect(await formAction()).toBe(`'self' ${originOf(other.issuer.url)}`);
    expect(await me(sessionCookie(callback)!)).toMatchObject({ email: 'max@school.example' });
  });

  it('a first save needs a secret', async () => {
    await t.request(admin, { method: 'DELETE', url: '/api/admin/single-sign-on' });
    const res = await put(admin, settingsOf(oidc.issuer.url!, { clientSecret: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: { clientSecret: 'The client secret is required' } });
  });

  it('turned off: no button, no sign-in, password sign-in for every domain again; audited', async () => {
    expect((await put(admin, settingsOf(oidc.issuer.url!))).statusCode).toBe(200);
    const res = await t.request(admin, { method: 'DELETE', url: '/api/admin/single-sign-on' });
    expect(res.statusCode).toBe(204);
    expect((await config()).singleSignOn).toBeNull();
    expect((await start()).statusCode).toBe(404);
    expect(await formAction()).toBe("'self'");
    const removed = await auditOf('sso.settings_removed');
    expect(removed.at(-1)).toMatchObject({ actorId: admin.user!.id });
    const user = await t.createUser({ email: 'back@staff.school.example' });
    await t.deps.db.kysely.updateTable('user').set({ email: 'back@school.example' }).where('id', '=', user.id).execute();
    const signIn = await t.request(null, { method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: nextIp(), ...json({ email: 'back@school.example', password: user.password }) });
    expect(signIn.statusCode).toBe(200);
    expect((await t.request(admin, { method: 'DELETE', url: '/api/admin/single-sign-on' })).statusCode).toBe(404);
  });

  it('is only for admins', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    expect((await t.request(tutor, { method: 'GET', url: '/api/admin/single-sign-on' })).statusCode).toBe(403);
    expect((await put(tutor, settingsOf(oidc.issuer.url!))).statusCode).toBe(403);
    expect((await put(null, settingsOf(oidc.issuer.url!))).statusCode).toBe(401);
  });
});

describe('with OIDC_* set on the server', () => {
  it('the environment wins: shown to the admin, never its secret, and not changed by the dashboard', async () => {
    const envApp = await createTestApp({ OIDC_ISSUER: oidc.issuer.url!, OIDC_CLIENT_ID: 'env-client', OIDC_CLIENT_SECRET: 'env-secret-value', OIDC_DOMAIN_ROLES: 'staff.school.example=tutor' }, { webDir: builtWeb() });
    try {
      const envAdmin = await envApp.actor({ role: 'admin' });
      const read = await envApp.request(envAdmin, { method: 'GET', url: '/api/admin/single-sign-on' });
      expect(read.body).not.toContain('env-secret-value');
      expect(read.json()).toMatchObject({ source: 'environment', issuer: oidc.issuer.url, clientId: 'env-client', clientSecretSet: true, domainRoles: [{ domain: 'staff.school.example', role: 'tutor' }] });
      const res = await envApp.request(envAdmin, { method: 'PUT', url: '/api/admin/single-sign-on', ...json(settingsOf(other.issuer.url!)) });
      expect(res.statusCode).toBe(409);
      expect((res.json() as { message: string }).message).toBe("Single sign-on is set by the server's OIDC_* environment variables: change it there.");
      expect((await envApp.request(envAdmin, { method: 'DELETE', url: '/api/admin/single-sign-on' })).statusCode).toBe(409);
      const page = await envApp.request(null, { method: 'GET', url: '/login' });
      expect(String(page.headers['content-security-policy'])).toContain(`form-action 'self' ${originOf(oidc.issuer.url)};`);
    } finally {
      await envApp.close();
    }
  });
});
