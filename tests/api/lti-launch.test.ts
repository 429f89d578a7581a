// StudyNest as an LTI 1.3 tool, against a mock learning platform the test starts (its own key
// pair and JWKS on a local HTTP server, its authorization endpoint answering the form post a
// browser would carry back): platforms registered by admins, StudyNest's own keys, the
// third-party-initiated login, launches as Learner and Instructor landing signed in, and every
// launch rule of the Security Framework refused when broken, each on a page that says why.
// docs/decisions/062-lti-tool.md.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT, type CryptoKey, type JSONWebKeySet, type JWK } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authColumns } from '#server/db/auth-columns.ts';
import { createStudySession } from '#tests/factories.ts';
import type { LtiDeepLink } from '#contract/lti.ts';
import { json } from '#tests/helpers/request-helpers.ts';
import { createTestApp, TEST_ORIGIN, type Actor, type TestApp } from '#tests/helpers/test-app.ts';

const ISSUER = 'https://moodle.school.example';
const CLIENT_ID = 'studynest-client-7';
const DEPLOYMENT = 'deployment-1';
const CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';
const ROLE = 'http://purl.imsglobal.org/vocab/lis/v2/membership#';
const KID = 'platform-key-1';

let t: TestApp;
let admin: Actor;
let platform: http.Server;
let platformOrigin: string;
let platformKey: CryptoKey;
let otherKey: CryptoKey;
let platformJwk: JWK;

/** What the mock platform's next id_token says and how it is signed (set by each test). */
interface NextLaunch {
  claims: Record<string, unknown>;
  /** Replaces the claims the platform would send (iss, aud, nonce…) after they are filled in. */
  tamper?: (claims: Record<string, unknown>) => void;
  sign?: 'platform' | 'other-key' | 'none';
}
let next: NextLaunch;

const learner = (sub: string, extra: Record<string, unknown> = {}) => ({
  sub,
  name: 'Lee Learner',
  email: `${sub}@school.example`,
  [`${CLAIM}roles`]: [`${ROLE}Learner`],
  ...extra,
});

/** The platform's id_token for an authorization request: its nonce and client id, the test's claims. */
async function idTokenFor(query: URLSearchParams): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = {
    iss: ISSUER,
    aud: query.get('client_id'),
    iat: now,
    exp: now + 300,
    nonce: query.get('nonce'),
    [`${CLAIM}deployment_id`]: DEPLOYMENT,
    [`${CLAIM}message_type`]: 'LtiResourceLinkRequest',
    [`${CLAIM}version`]: '1.3.0',
    [`${CLAIM}resource_link`]: { id: 'link-1' },
    [`${CLAIM}target_link_uri`]: `${TEST_ORIGIN}/all-sessions`,
    ...next.claims,
  };
  next.tamper?.(claims);
  if (next.sign === 'none') {
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
  }
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' }).sign(next.sign === 'other-key' ? otherKey : platformKey);
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  platformKey = pair.privateKey;
  platformJwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  otherKey = (await generateKeyPair('RS256')).privateKey;
  // The mock platform: its keyset, and an authorization endpoint that answers with the fields its
  // auto-submitted form would post to the tool's launch URL (as JSON, for the test to post).
  platform = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://platform.local');
    if (url.pathname === '/jwks') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [platformJwk] }));
      return;
    }
    if (url.pathname === '/auth') {
      void idTokenFor(url.searchParams).then((idToken) => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id_token: idToken, state: url.searchParams.get('state'), redirect_uri: url.searchParams.get('redirect_uri') }));
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve));
  platformOrigin = `http://127.0.0.1:${(platform.address() as AddressInfo).port}`;
  t = await createTestApp();
  admin = await t.actor({ role: 'admin' });
  const registered = await t.request(admin, {
    method: 'POST',
    url: '/api/admin/lti/platforms',
    ...json({ name: 'School Moodle', issuer: ISSUER, clientId: CLIENT_ID, deploymentIds: [DEPLOYMENT, 'deployment-2'], authUrl: `${platformOrigin}/auth`, tokenUrl: `${platformOrigin}/token`, jwksUrl: `${platformOrigin}/jwks` }),
  });
  expect(registered.statusCode, registered.body).toBe(201);
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => platform?.close(resolve));
});

beforeEach(() => {
  next = { claims: learner(`learner-${Math.random().toString(36).slice(2, 10)}`) };
});

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  // Posted by the platform's page: another site's form.
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: platformOrigin, 'sec-fetch-site': 'cross-site' },
});

/** The platform starts a login; StudyNest answers with the platform's authorization URL. */
async function startLogin(fields: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return t.request(null, { method: 'POST', url: '/api/lti/login', ...form({ iss: ISSUER, login_hint: 'user-7', target_link_uri: `${TEST_ORIGIN}/all-sessions`, client_id: CLIENT_ID, lti_deployment_id: DEPLOYMENT, lti_message_hint: 'hint-9', ...fields }) });
}

/** The platform's answer to the authorization request: the fields its form posts to the launch URL. */
async function authorize(login: LightMyRequestResponse): Promise<{ id_token: string; state: string; redirect_uri: string }> {
  expect(login.statusCode, login.body).toBe(303);
  const answer = await fetch(login.headers.location as string);
  return (await answer.json()) as { id_token: string; state: string; redirect_uri: string };
}

const launch = (fields: Record<string, string>) => t.request(null, { method: 'POST', url: '/api/lti/launch', ...form(fields) });

/** The whole launch: login, the platform's authorization, the form post back. */
async function launchThroughPlatform(): Promise<{ res: LightMyRequestResponse; posted: { id_token: string; state: string } }> {
  const posted = await authorize(await startLogin());
  return { res: await launch({ id_token: posted.id_token, state: posted.state }), posted };
}

const cookieOf = (res: LightMyRequestResponse) => [res.headers['set-cookie'] ?? []].flat().map((c) => c.split(';')[0]).join('; ');
const sessionCookie = (res: LightMyRequestResponse) => /better-auth\.session_token=[^;]+/.exec(cookieOf(res))?.[0] ?? null;
const me = async (cookie: string) => (await t.request({ user: null, cookie }, { method: 'GET', url: '/api/me' })).json() as { id: string; email: string; name: string; role: string };
const reasonOf = (res: LightMyRequestResponse) => /data-reason="([a-zA-Z]+)"/.exec(res.body)?.[1];

describe('registering a platform', () => {
  it('lists the platform with the URLs to paste into it, to admins only', async () => {
    const list = await t.request(admin, { method: 'GET', url: '/api/admin/lti/platforms' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      items: [{ name: 'School Moodle', issuer: ISSUER, clientId: CLIENT_ID, deploymentIds: [DEPLOYMENT, 'deployment-2'], jwksUrl: `${platformOrigin}/jwks` }],
      tool: { targetLinkUri: `${TEST_ORIGIN}/all-sessions`, loginUrl: `${TEST_ORIGIN}/api/lti/login`, launchUrl: `${TEST_ORIGIN}/api/lti/launch`, jwksUrl: `${TEST_ORIGIN}/api/lti/jwks` },
    });
    const student = await t.actor();
    expect((await t.request(student, { method: 'GET', url: '/api/admin/lti/platforms' })).statusCode).toBe(403);
    expect((await t.request(null, { method: 'GET', url: '/api/admin/lti/platforms' })).statusCode).toBe(401);
    const tutor = await t.actor({ role: 'tutor' });
    expect((await t.request(tutor, { method: 'POST', url: '/api/admin/lti/platforms', ...json({ name: 'X', issuer: 'https://x.example', clientId: 'x', deploymentIds: ['1'], authUrl: 'https://x.example/a', tokenUrl: 'https://x.example/t', jwksUrl: 'https://x.example/k' }) })).statusCode).toBe(403);
  });

  it('refuses the same issuer and client id twice, and an address that is not one, saying which field', async () => {
    const body = { name: 'Again', issuer: ISSUER, clientId: CLIENT_ID, deploymentIds: ['d'], authUrl: `${platformOrigin}/auth`, tokenUrl: `${platformOrigin}/token`, jwksUrl: `${platformOrigin}/jwks` };
    const again = await t.request(admin, { method: 'POST', url: '/api/admin/lti/platforms', ...json(body) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'A platform with this issuer and client id is already registered.' });
    const bad = await t.request(admin, { method: 'POST', url: '/api/admin/lti/platforms', ...json({ ...body, clientId: 'other', jwksUrl: 'not an address' }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { jwksUrl: 'Enter the full address, starting with https:// (500 characters at most).' } });
  });

  it('records registration and removal in the audit log; a removed platform can no longer start a login', async () => {
    const made = await t.request(admin, { method: 'POST', url: '/api/admin/lti/platforms', ...json({ name: 'Canvas trial', issuer: 'https://canvas.example', clientId: '10000000000001', deploymentIds: ['1:abc'], authUrl: `${platformOrigin}/auth`, tokenUrl: `${platformOrigin}/token`, jwksUrl: `${platformOrigin}/jwks` }) });
    expect(made.statusCode).toBe(201);
    const { id } = made.json() as { id: string };
    expect((await t.request(admin, { method: 'DELETE', url: `/api/admin/lti/platforms/${id}` })).statusCode).toBe(204);
    expect((await t.request(admin, { method: 'DELETE', url: `/api/admin/lti/platforms/${id}` })).statusCode).toBe(404);
    const log = (await t.request(admin, { method: 'GET', url: `/api/audit-log?targetId=${id}` })).json() as { items: { action: string; actor: string; details: Record<string, unknown> }[] };
    expect(log.items.map((entry) => [entry.action, entry.actor])).toEqual([
      ['lti_platform.deleted', admin.user!.email],
      ['lti_platform.created', admin.user!.email],
    ]);
    expect(log.items[1]!.details).toMatchObject({ name: 'Canvas trial', issuer: 'https://canvas.example', clientId: '10000000000001', deploymentIds: ['1:abc'] });
    const login = await startLogin({ iss: 'https://canvas.example', client_id: '10000000000001', lti_deployment_id: '1:abc' });
    expect(login.statusCode).toBe(400);
    expect(reasonOf(login)).toBe('unknownPlatform');
  });

  it("publishes StudyNest's public key, never its private part, the same at every read", async () => {
    const first = await t.request(null, { method: 'GET', url: '/api/lti/jwks' });
    expect(first.statusCode).toBe(200);
    const { keys } = first.json() as { keys: Record<string, unknown>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String), n: expect.any(String), e: 'AQAB' });
    expect(keys[0]).not.toHaveProperty('d');
    expect((await t.request(null, { method: 'GET', url: '/api/lti/jwks' })).json()).toEqual(first.json());
  });
});

describe('the login', () => {
  it("sends the browser to the platform's authorization URL with a fresh state and nonce", async () => {
    const login = await startLogin();
    expect(login.statusCode).toBe(303);
    const to = new URL(login.headers.location as string);
    expect(to.origin + to.pathname).toBe(`${platformOrigin}/auth`);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: CLIENT_ID,
      redirect_uri: `${TEST_ORIGIN}/api/lti/launch`,
      login_hint: 'user-7',
      lti_message_hint: 'hint-9',
    });
    expect(to.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
    expect(to.searchParams.get('nonce')).toMatch(/^[\w-]{40,}$/);
    expect(new URL((await startLogin()).headers.location as string).searchParams.get('state')).not.toBe(to.searchParams.get('state'));
    // No cookie: the state is kept by StudyNest, so a launch inside the platform's iframe needs none.
    expect(login.headers['set-cookie']).toBeUndefined();
  });

  it('takes the GET form of the login too', async () => {
    const query = new URLSearchParams({ iss: ISSUER, login_hint: 'user-7', target_link_uri: `${TEST_ORIGIN}/all-sessions` });
    const login = await t.request(null, { method: 'GET', url: `/api/lti/login?${query}` });
    expect(login.statusCode).toBe(303);
    expect(login.headers.location).toMatch(new RegExp(`^${platformOrigin}/auth\\?`));
  });

  it('refuses an unknown issuer, an unregistered deployment and missing parameters, on a page that says why', async () => {
    const unknown = await startLogin({ iss: 'https://elsewhere.example' });
    expect([unknown.statusCode, reasonOf(unknown)]).toEqual([400, 'unknownPlatform']);
    expect(unknown.headers['content-type']).toMatch(/^text\/html/);
    expect(unknown.body).toContain('This learning platform is not registered with StudyNest.');
    const deployment = await startLogin({ lti_deployment_id: 'deployment-9' });
    expect([deployment.statusCode, reasonOf(deployment)]).toEqual([400, 'wrongDeployment']);
    const missing = await t.request(null, { method: 'POST', url: '/api/lti/login', ...form({ iss: ISSUER }) });
    expect([missing.statusCode, reasonOf(missing)]).toEqual([400, 'missingLoginParameters']);
  });
});

describe('a launch', () => {
  it('as a Learner: a student account from the claims, signed in, on the session the link names', async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const session = await createStudySession(t.deps, tutor, { title: 'Linked from the course' });
    next.claims = learner('moodle-user-41', { name: 'Ada Lovelace', email: 'ada@school.example', [`${CLAIM}target_link_uri`]: `${TEST_ORIGIN}/session/${session.id}` });
    const { res } = await launchThroughPlatform();
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`/session/${session.id}`);
    const cookie = sessionCookie(res);
    expect(cookie).not.toBeNull();
    expect(await me(cookie!)).toMatchObject({ name: 'Ada Lovelace', email: 'ada@school.example', role: 'student' });
    // The session, read with that cookie.
    const booked = await t.request({ user: null, cookie }, { method: 'GET', url: `/api/session/${session.id}` });
    expect(booked.statusCode).toBe(200);

    // The next launch of the same person is the same account, signed in again.
    next.claims = learner('moodle-user-41', { name: 'Ada L.', email: 'ada@school.example' });
    const again = (await launchThroughPlatform()).res;
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/all-sessions');
    expect((await me(sessionCookie(again)!)).id).toBe((await me(cookie!)).id);
    const accounts = await t.deps.db.kysely.selectFrom('user').select('id').where('email', '=', 'ada@school.example').execute();
    expect(accounts).toHaveLength(1);

    const log = (await t.request(admin, { method: 'GET', url: `/api/audit-log?action=auth.lti_sign_in&targetId=${(await me(cookie!)).id}` })).json() as { items: { actor: string; details: Record<string, unknown> }[] };
    expect(log.items.map((entry) => entry.details)).toEqual([
      { email: 'ada@school.example', platform: 'School Moodle', issuer: ISSUER, created: false, role: 'student' },
      { email: 'ada@school.example', platform: 'School Moodle', issuer: ISSUER, created: true, role: 'student' },
    ]);
  });

  it("as an Instructor: a tutor account, on a tutor's page; an Administrator of the platform is never an admin here", async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    next.claims = learner('moodle-teacher-3', { name: 'Grace Hopper', email: 'grace@school.example', [`${CLAIM}roles`]: [`${ROLE}Instructor`], [`${CLAIM}target_link_uri`]: `${TEST_ORIGIN}/tutors/${tutor.id}` });
    const { res } = await launchThroughPlatform();
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`/tutors/${tutor.id}`);
    expect(await me(sessionCookie(res)!)).toMatchObject({ email: 'grace@school.example', role: 'tutor' });

    next.claims = learner('moodle-admin-1', {
      email: 'principal@school.example',
      [`${CLAIM}roles`]: ['http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator', 'http://purl.imsglobal.org/vocab/lis/v2/system/person#Administrator', `${ROLE}Administrator`],
    });
    const principal = (await launchThroughPlatform()).res;
    expect(principal.statusCode).toBe(303);
    expect((await me(sessionCookie(principal)!)).role).toBe('student');
  });

  it("never takes over an existing account by its address: the platform's user gets an account of their own", async () => {
    const existing = await t.createUser({ email: 'taken@school.example' });
    next.claims = learner('moodle-user-77', { email: 'taken@school.example', name: 'Someone Else' });
    const { res } = await launchThroughPlatform();
    expect(res.statusCode).toBe(303);
    const who = await me(sessionCookie(res)!);
    expect(who.id).not.toBe(existing.id);
    expect(who.email).toMatch(/^lti-[0-9a-f]{16}@lti\.studynest\.localhost$/);
  });

  it('lands on All Sessions when the target is not a page of StudyNest it may open', async () => {
    next.claims = learner('moodle-user-90', { [`${CLAIM}target_link_uri`]: 'https://evil.example/session/1' });
    expect((await launchThroughPlatform()).res.headers.location).toBe('/all-sessions');
    next.claims = learner('moodle-user-90', { [`${CLAIM}target_link_uri`]: `${TEST_ORIGIN}/dashboard/all-users` });
    expect((await launchThroughPlatform()).res.headers.location).toBe('/all-sessions');
  });

  it('refuses a blocked account', async () => {
    next.claims = learner('moodle-user-blocked');
    const first = (await launchThroughPlatform()).res;
    const { id } = await me(sessionCookie(first)!);
    await t.deps.db.kysely.updateTable('user').set({ blocked: authColumns(t.deps.db.kysely).bool(true) }).where('id', '=', id).execute();
    next.claims = learner('moodle-user-blocked');
    const refused = (await launchThroughPlatform()).res;
    expect([refused.statusCode, reasonOf(refused), sessionCookie(refused)]).toEqual([403, 'blocked', null]);
  });
});

describe('inside the platform\'s iframe', () => {
  const framed = (posted: { id_token: string; state: string }, dest?: string) =>
    t.request(null, { method: 'POST', url: '/api/lti/launch', payload: new URLSearchParams({ id_token: posted.id_token, state: posted.state }).toString(), headers: { ...form({}).headers, ...(dest ? { 'sec-fetch-dest': dest } : {}) } });

  it('answers a page the platform may frame, whose link continues in a new window, signed in there, once', async () => {
    next.claims = learner('moodle-framed-1', { [`${CLAIM}target_link_uri`]: `${TEST_ORIGIN}/all-sessions?q=Biology` });
    const res = await framed(await authorize(await startLogin()), 'iframe');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['content-security-policy']).toMatch(new RegExp(`frame-ancestors ${ISSUER} ${platformOrigin}$`));
    expect(sessionCookie(res)).toBeNull();
    expect(res.body).toContain('StudyNest opens in its own window');
    const link = /<a class="button" href="([^"]+)" target="_blank" rel="noopener">Open StudyNest<\/a>/.exec(res.body)?.[1];
    expect(link).toMatch(/^\/api\/lti\/continue\/[\w-]{40,}$/);

    const opened = await t.request(null, { method: 'GET', url: link! });
    expect(opened.statusCode, opened.body).toBe(303);
    expect(opened.headers.location).toBe('/all-sessions?q=Biology');
    expect((await me(sessionCookie(opened)!)).role).toBe('student');
    const again = await t.request(null, { method: 'GET', url: link! });
    expect([again.statusCode, reasonOf(again), sessionCookie(again)]).toEqual([401, 'unknownState', null]);
  });

  it("takes the platform's word (launch_presentation) only when the browser does not say where the page is shown", async () => {
    next.claims = learner('moodle-framed-2', { [`${CLAIM}launch_presentation`]: { document_target: 'iframe' } });
    expect((await framed(await authorize(await startLogin()))).statusCode).toBe(200);
    next.claims = learner('moodle-framed-2', { [`${CLAIM}launch_presentation`]: { document_target: 'iframe' } });
    expect((await framed(await authorize(await startLogin()), 'document')).statusCode).toBe(303);
  });
});

describe('every launch rule, refused when broken', () => {
  /** A launch whose id_token `change` broke: refused with `status` and `reason`, nobody signed in, no account made. */
  async function expectRefused(change: Partial<NextLaunch>, status: number, reason: string, text: string) {
    const sub = `refused-${reason}-${Math.random().toString(36).slice(2, 8)}`;
    next = { claims: learner(sub), ...change };
    const { res } = await launchThroughPlatform();
    expect([res.statusCode, reasonOf(res)]).toEqual([status, reason]);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(text);
    expect(res.body).toContain('StudyNest could not open this link');
    expect(sessionCookie(res)).toBeNull();
    expect(await t.deps.db.kysely.selectFrom('account').select('id').where('accountId', '=', sub).executeTakeFirst()).toBeUndefined();
  }

  it('a wrong issuer', () => expectRefused({ tamper: (c) => void (c.iss = 'https://evil.example') }, 401, 'wrongIssuer', 'The launch comes from another platform than the one that started it.'));
  it('a wrong audience', () => expectRefused({ tamper: (c) => void (c.aud = 'another-tool') }, 401, 'wrongAudience', 'The launch was meant for another tool, not StudyNest.'));
  it('several audiences without StudyNest as the authorized party', () => expectRefused({ tamper: (c) => void (c.aud = [CLIENT_ID, 'another-tool']) }, 401, 'wrongAudience', 'meant for another tool'));
  it('a deployment id not registered', () => expectRefused({ tamper: (c) => void (c[`${CLAIM}deployment_id`] = 'deployment-9') }, 401, 'wrongDeployment', 'This deployment of StudyNest is not registered'));
  it('an expired token', () => expectRefused({ tamper: (c) => void (c.exp = Math.floor(Date.now() / 1000) - 120) }, 401, 'expired', 'The launch has expired.'));
  it('an unsigned token (alg none)', () => expectRefused({ sign: 'none' }, 401, 'unsigned', 'The launch was not signed as LTI 1.3 requires (RS256).'));
  it('a token signed with another key', () => expectRefused({ sign: 'other-key' }, 401, 'badSignature', 'signature does not match the learning platform'));
  it('a wrong message type', () => expectRefused({ tamper: (c) => void (c[`${CLAIM}message_type`] = 'LtiSubmissionReviewRequest') }, 401, 'wrongMessageType', 'StudyNest does not take this kind of LTI message.'));
  it('a wrong LTI version', () => expectRefused({ tamper: (c) => void (c[`${CLAIM}version`] = '1.1') }, 401, 'wrongVersion', 'The launch is not LTI version 1.3.0.'));
  it('a nonce that is not the login’s', () => expectRefused({ tamper: (c) => void (c.nonce = 'made-up') }, 401, 'wrongNonce', 'its nonce does not match'));

  it('a launch used twice (its state and nonce are used once)', async () => {
    const { res, posted } = await launchThroughPlatform();
    expect(res.statusCode).toBe(303);
    const replay = await launch({ id_token: posted.id_token, state: posted.state });
    expect([replay.statusCode, reasonOf(replay), sessionCookie(replay)]).toEqual([401, 'unknownState', null]);
    expect(replay.body).toContain('This launch has expired or was already used');
    // Nor with the state of a new login: that login's nonce is another.
    const fresh = await authorize(await startLogin());
    const reused = await launch({ id_token: posted.id_token, state: fresh.state });
    expect([reused.statusCode, reasonOf(reused)]).toEqual([401, 'wrongNonce']);
  });

  it('a launch without a token or with a state StudyNest never gave', async () => {
    const none = await launch({ state: 'x' });
    expect([none.statusCode, reasonOf(none)]).toEqual([400, 'missingToken']);
    const unknown = await launch({ id_token: 'a.b.c', state: 'never-given' });
    expect([unknown.statusCode, reasonOf(unknown)]).toEqual([401, 'unknownState']);
  });

  it('says why in the language of the browser', async () => {
    const unknown = await t.request(null, { method: 'POST', url: '/api/lti/launch', ...form({ id_token: 'a.b.c', state: 'never-given' }), headers: { ...form({}).headers, 'accept-language': 'es-ES,es;q=0.9' } });
    expect(unknown.body).toContain('<html lang="es">');
    expect(unknown.body).toContain('Este acceso ha caducado o ya se usó');
  });
});

describe('Deep Linking', () => {
  const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
  const deepLinking = (sub: string, roles: string[]) =>
    learner(sub, {
      [`${CLAIM}roles`]: roles,
      [`${CLAIM}message_type`]: 'LtiDeepLinkingRequest',
      [`${DL}deep_linking_settings`]: { deep_link_return_url: `${platformOrigin}/deep-link-return`, accept_types: ['ltiResourceLink'], presentation_document_targets: ['window'], data: 'opaque-42' },
    });

  it("an instructor picks one of their sessions; the platform gets a signed LtiDeepLinkingResponse it checks with StudyNest's keys", async () => {
    next.claims = deepLinking('moodle-teacher-dl', [`${ROLE}Instructor`]);
    const { res } = await launchThroughPlatform();
    expect(res.statusCode, res.body).toBe(303);
    const id = /^\/dashboard\/lti-deep-link\/([\w-]+)$/.exec(res.headers.location as string)?.[1];
    expect(id).toBeDefined();
    const cookie = sessionCookie(res)!;
    const teacher = await me(cookie);
    expect(teacher.role).toBe('tutor');
    const session = await createStudySession(t.deps, { id: teacher.id, name: teacher.name, email: teacher.email }, { title: 'Cell biology drop-in' });

    const request = await t.request({ user: null, cookie }, { method: 'GET', url: `/api/lti/deep-links/${id}` });
    expect(request.statusCode).toBe(200);
    expect(request.json()).toEqual({ id, platform: 'School Moodle', series: [], sessions: [{ id: session.id, title: 'Cell biology drop-in', classStartDate: session.classStartDate }] });
    // Another instructor does not see it.
    const other = await t.actor({ role: 'tutor' });
    expect((await t.request(other, { method: 'GET', url: `/api/lti/deep-links/${id}` })).statusCode).toBe(404);

    const picked = await t.request({ user: null, cookie }, { method: 'POST', url: `/api/lti/deep-links/${id}`, payload: `sessionId=${session.id}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.headers['content-type']).toMatch(/^text\/html/);
    expect(picked.headers['content-security-policy']).toContain(`form-action ${platformOrigin}`);
    expect(/<form method="post" action="([^"]+)">/.exec(picked.body)?.[1]).toBe(`${platformOrigin}/deep-link-return`);
    const jwt = /name="JWT" value="([^"]+)"/.exec(picked.body)![1]!;
    const keys = (await t.request(null, { method: 'GET', url: '/api/lti/jwks' })).json() as JSONWebKeySet;
    const { payload, protectedHeader } = await jwtVerify(jwt, createLocalJWKSet(keys), { issuer: CLIENT_ID, audience: ISSUER, algorithms: ['RS256'] });
    expect(protectedHeader.kid).toBe(keys.keys[0]!.kid);
    expect(payload).toMatchObject({
      [`${CLAIM}message_type`]: 'LtiDeepLinkingResponse',
      [`${CLAIM}version`]: '1.3.0',
      [`${CLAIM}deployment_id`]: DEPLOYMENT,
      [`${DL}content_items`]: [{ type: 'ltiResourceLink', title: 'Cell biology drop-in', url: `${TEST_ORIGIN}/session/${session.id}` }],
      [`${DL}data`]: 'opaque-42',
      nonce: expect.any(String),
    });
    // Answered once.
    const again = await t.request({ user: null, cookie }, { method: 'POST', url: `/api/lti/deep-links/${id}`, payload: `sessionId=${session.id}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(again.statusCode).toBe(404);
  });

  it("an instructor places a weekly series: the link is the series' page, where a launch from it lands; another's series or one with no approved class is refused", async () => {
    next.claims = deepLinking('moodle-teacher-series', [`${ROLE}Instructor`]);
    const { res } = await launchThroughPlatform();
    expect(res.statusCode, res.body).toBe(303);
    const id = /^\/dashboard\/lti-deep-link\/([\w-]+)$/.exec(res.headers.location as string)![1]!;
    const cookie = sessionCookie(res)!;
    const teacher = await me(cookie);
    const tutor = { id: teacher.id, name: teacher.name, email: teacher.email };
    const day = 24 * 3600_000;
    const seriesId = `dl-series-${Date.now().toString(36)}`;
    const first = await createStudySession(t.deps, tutor, { title: 'Genetics, week by week', seriesId, classStartDate: new Date(Date.now() + 14 * day).toISOString() });
    await createStudySession(t.deps, tutor, { title: 'Genetics, week by week', seriesId, classStartDate: new Date(Date.now() + 21 * day).toISOString() });
    await createStudySession(t.deps, tutor, { title: 'Genetics, week by week', seriesId, classStartDate: new Date(Date.now() + 28 * day).toISOString(), status: 'pending' });
    const pendingSeries = `${seriesId}-pending`;
    await createStudySession(t.deps, tutor, { title: 'Not approved yet', seriesId: pendingSeries, status: 'pending' });
    const otherTutor = await t.actor({ role: 'tutor' });
    const othersSeries = `${seriesId}-other`;
    await createStudySession(t.deps, { id: otherTutor.user!.id, name: otherTutor.user!.name, email: otherTutor.user!.email }, { title: 'Not theirs', seriesId: othersSeries });

    const request = (await t.request({ user: null, cookie }, { method: 'GET', url: `/api/lti/deep-links/${id}` })).json<LtiDeepLink>();
    expect(request.series).toEqual([{ id: seriesId, title: 'Genetics, week by week', classCount: 2, firstClassStartDate: first.classStartDate }]);
    const pick = (field: string, value: string) => t.request({ user: null, cookie }, { method: 'POST', url: `/api/lti/deep-links/${id}`, payload: `${field}=${encodeURIComponent(value)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    for (const refused of [othersSeries, pendingSeries, 'no-such-series']) expect((await pick('seriesId', refused)).statusCode, refused).toBe(404);
    expect((await pick('nothing', 'x')).statusCode).toBe(400);

    const picked = await pick('seriesId', seriesId);
    expect(picked.statusCode, picked.body).toBe(200);
    const jwt = /name="JWT" value="([^"]+)"/.exec(picked.body)![1]!;
    const keys = (await t.request(null, { method: 'GET', url: '/api/lti/jwks' })).json() as JSONWebKeySet;
    const { payload } = await jwtVerify(jwt, createLocalJWKSet(keys), { issuer: CLIENT_ID, audience: ISSUER, algorithms: ['RS256'] });
    expect(payload[`${DL}content_items`]).toEqual([{ type: 'ltiResourceLink', title: 'Genetics, week by week', url: `${TEST_ORIGIN}/series/${seriesId}` }]);

    // A student's launch from that link lands on the series' page.
    next.claims = learner('moodle-student-series', { [`${CLAIM}target_link_uri`]: `${TEST_ORIGIN}/series/${seriesId}` });
    const launched = (await launchThroughPlatform()).res;
    expect([launched.statusCode, launched.headers.location]).toEqual([303, `/series/${seriesId}`]);
  });

  it('refuses a Learner, and a request that does not say where to send the link', async () => {
    next.claims = deepLinking('moodle-learner-dl', [`${ROLE}Learner`]);
    const learnerLaunch = (await launchThroughPlatform()).res;
    expect([learnerLaunch.statusCode, reasonOf(learnerLaunch), sessionCookie(learnerLaunch)]).toEqual([403, 'instructorsOnly', null]);
    next.claims = { ...deepLinking('moodle-teacher-dl2', [`${ROLE}Instructor`]), [`${DL}deep_linking_settings`]: { accept_types: ['file'] } };
    const broken = (await launchThroughPlatform()).res;
    expect([broken.statusCode, reasonOf(broken)]).toEqual([400, 'deepLinkingSettings']);
  });
});
