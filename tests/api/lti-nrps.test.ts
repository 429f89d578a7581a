// Names and Role Provisioning Services 2.0 (docs/decisions/068-lti-nrps.md), against a mock
// learning platform the test starts: its launches carry the NRPS claim; its token endpoint checks
// StudyNest's client assertion (client-credentials grant, Security Framework 4.1) against the
// JWKS StudyNest publishes; its memberships endpoint answers in two pages linked by
// `Link: <…>; rel="next"`. A tutor who launched from the course as Instructor imports its roster
// and sees who booked their sessions; nobody else can.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { createLocalJWKSet, decodeProtectedHeader, exportJWK, generateKeyPair, jwtVerify, SignJWT, type CryptoKey, type JSONWebKeySet, type JWK } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBooking, createStudySession } from '#tests/factories.ts';
import { builtWeb } from '#tests/helpers/built-web.ts';
import { form as pageForm } from '#tests/helpers/form-posts.ts';
import { createTestApp, TEST_ORIGIN, type Actor, type TestApp } from '#tests/helpers/test-app.ts';

const ISSUER = 'https://lms.school.example';
const CLIENT_ID = 'studynest-nrps';
const DEPLOYMENT = 'deployment-1';
const CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';
const NRPS_CLAIM = 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice';
const NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
const NRPS_MEDIA = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';
const ROLE = 'http://purl.imsglobal.org/vocab/lis/v2/membership#';
const KID = 'platform-key-1';

let t: TestApp;
let platform: http.Server;
let elsewhere: http.Server;
let platformOrigin: string;
let elsewhereOrigin: string;
let platformKey: CryptoKey;
let platformJwk: JWK;
let claims: Record<string, unknown>;
/** What the mock platform saw and how it answers. */
const seen = { tokenRequests: 0, tokenRefusals: [] as string[], jtis: new Set<string>(), memberPages: 0, elsewhere: 0, accept: '' };
let refuseToken = false;
const TOKEN = 'access-token-42';

const members = (platformUsers: { user_id: string; name: string; email?: string; roles: string[] }[]) => platformUsers.map((m) => ({ status: 'Active', ...m }));
const PAGE_1 = members([
  { user_id: 'teacher-1', name: 'Grace Teacher', email: 'grace@school.example', roles: [`${ROLE}Instructor`] },
  { user_id: 'learner-linked', name: 'Lin Linked', email: 'lin@school.example', roles: [`${ROLE}Learner`] },
]);
const PAGE_2 = members([
  { user_id: 'learner-email', name: 'Emma Email', email: 'emma@school.example', roles: ['Learner'] },
  { user_id: 'learner-new', name: 'Nora New', email: 'nora@school.example', roles: [`${ROLE}Learner`] },
]);

async function toolJwks(): Promise<JSONWebKeySet> {
  // StudyNest's keys, read at its published JWKS URL as a platform would.
  const res = await t.request(null, { method: 'GET', url: '/api/lti/jwks' });
  return res.json() as JSONWebKeySet;
}

/** The platform's token endpoint: a client-credentials grant with a JWT client assertion (Security Framework 4.1). */
async function token(body: string): Promise<{ status: number; body: unknown }> {
  seen.tokenRequests += 1;
  const form = new URLSearchParams(body);
  const refuse = (why: string) => {
    seen.tokenRefusals.push(why);
    return { status: 400, body: { error: 'invalid_client', error_description: why } };
  };
  if (form.get('grant_type') !== 'client_credentials') return refuse('grant_type');
  if (form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer') return refuse('client_assertion_type');
  if (form.get('scope') !== NRPS_SCOPE) return refuse('scope');
  const assertion = form.get('client_assertion') ?? '';
  try {
    const header = decodeProtectedHeader(assertion);
    const jwks = await toolJwks();
    if (!jwks.keys.some((k) => k.kid === header.kid)) return refuse('kid');
    const { payload } = await jwtVerify(assertion, createLocalJWKSet(jwks), { algorithms: ['RS256'], issuer: CLIENT_ID, subject: CLIENT_ID, audience: `${platformOrigin}/token` });
    if (typeof payload.jti !== 'string' || seen.jtis.has(payload.jti)) return refuse('jti');
    seen.jtis.add(payload.jti);
    if (!payload.exp || !payload.iat || payload.exp - payload.iat > 600) return refuse('exp');
  } catch (error) {
    return refuse(`signature: ${String(error)}`);
  }
  if (refuseToken) return refuse('refused by the test');
  return { status: 200, body: { access_token: TOKEN, token_type: 'Bearer', expires_in: 3600, scope: NRPS_SCOPE } };
}

async function idTokenFor(query: URLSearchParams): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: ISSUER,
    aud: query.get('client_id') ?? '',
    iat: now,
    exp: now + 300,
    nonce: query.get('nonce'),
    [`${CLAIM}deployment_id`]: DEPLOYMENT,
    [`${CLAIM}message_type`]: 'LtiResourceLinkRequest',
    [`${CLAIM}version`]: '1.3.0',
    [`${CLAIM}resource_link`]: { id: 'link-1' },
    [`${CLAIM}target_link_uri`]: `${TEST_ORIGIN}/all-sessions`,
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
    .sign(platformKey);
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  platformKey = pair.privateKey;
  platformJwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  platform = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://platform.local');
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    if (url.pathname === '/jwks') return send(200, { keys: [platformJwk] });
    if (url.pathname === '/auth') {
      void idTokenFor(url.searchParams).then((idToken) => send(200, { id_token: idToken, state: url.searchParams.get('state') }));
      return;
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => void token(body).then((answer) => send(answer.status, answer.body)));
      return;
    }
    if (url.pathname.startsWith('/nrps/')) {
      seen.memberPages += 1;
      seen.accept = req.headers.accept ?? '';
      if (req.headers.authorization !== `Bearer ${TOKEN}`) return send(401, { error: 'unauthorized' });
      const context = { id: 'course-1', title: 'Biology 101' };
      if (url.pathname === '/nrps/loop') {
        const page = Number(url.searchParams.get('page') ?? '1');
        return send(200, { id: url.href, context, members: members([{ user_id: `loop-${page}`, name: `Looping ${page}`, roles: ['Learner'] }]) }, { 'content-type': NRPS_MEDIA, link: `<${platformOrigin}/nrps/loop?page=${page + 1}>; rel="next"` });
      }
      if (url.searchParams.get('page') === '2') return send(200, { id: url.href, context, members: PAGE_2 }, { 'content-type': NRPS_MEDIA });
      return send(200, { id: url.href, context, members: PAGE_1 }, { 'content-type': NRPS_MEDIA, link: `<${platformOrigin}/nrps/course-1?page=2>; rel="next", <${platformOrigin}/nrps/course-1>; rel="first"` });
    }
    res.writeHead(404).end();
  });
  elsewhere = http.createServer((_req, res) => {
    seen.elsewhere += 1;
    res.writeHead(200, { 'content-type': NRPS_MEDIA }).end(JSON.stringify({ members: [] }));
  });
  await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  platformOrigin = `http://127.0.0.1:${(platform.address() as AddressInfo).port}`;
  elsewhereOrigin = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
  // The production build: the Course Rosters page is drawn and its form posted without JavaScript too.
  t = await createTestApp({}, { webDir: builtWeb() });
  const admin = await t.actor({ role: 'admin' });
  const registered = await t.request(admin, {
    method: 'POST',
    url: '/api/admin/lti/platforms',
    payload: { name: 'School LMS', issuer: ISSUER, clientId: CLIENT_ID, deploymentIds: [DEPLOYMENT], authUrl: `${platformOrigin}/auth`, tokenUrl: `${platformOrigin}/token`, jwksUrl: `${platformOrigin}/jwks` },
  });
  expect(registered.statusCode, registered.body).toBe(201);
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => platform?.close(resolve));
  await new Promise((resolve) => elsewhere?.close(resolve));
});

beforeEach(() => {
  refuseToken = false;
});

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: platformOrigin, 'sec-fetch-site': 'cross-site' },
});

/** A whole launch with these claims; the signed-in account's cookie. */
async function launchAs(launchClaims: Record<string, unknown>): Promise<Actor> {
  claims = launchClaims;
  const login = await t.request(null, { method: 'POST', url: '/api/lti/login', ...form({ iss: ISSUER, login_hint: 'hint', target_link_uri: `${TEST_ORIGIN}/all-sessions`, client_id: CLIENT_ID }) });
  expect(login.statusCode, login.body).toBe(303);
  const posted = (await (await fetch(login.headers.location as string)).json()) as { id_token: string; state: string };
  const res = await t.request(null, { method: 'POST', url: '/api/lti/launch', ...form(posted) });
  expect(res.statusCode, res.body).toBe(303);
  const cookie = [res.headers['set-cookie'] ?? []].flat().map((c) => c.split(';')[0]).join('; ');
  return { user: null, cookie };
}

const course = (id = 'course-1', membershipsUrl = `${platformOrigin}/nrps/${id}`) => ({
  [`${CLAIM}context`]: { id, title: id === 'course-1' ? 'Biology 101' : `Course ${id}`, type: ['http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering'] },
  [NRPS_CLAIM]: { context_memberships_url: membershipsUrl, service_versions: ['2.0'] },
});
const person = (sub: string, name: string, email: string, role: string, extra: Record<string, unknown> = {}) => ({ sub, name, email, [`${CLAIM}roles`]: [`${ROLE}${role}`], ...extra });

interface Course {
  id: string;
  title: string;
  platform: string;
  rosterAvailable: boolean;
}
interface Roster {
  course: Course;
  members: { userId: string; name: string; email: string | null; roles: string[]; instructor: boolean; account: boolean; booked: boolean }[];
}

async function coursesOf(who: Actor): Promise<Course[]> {
  const res = await t.request(who, { method: 'GET', url: '/api/lti/courses' });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: Course[] }).items;
}
const importRoster = (who: Actor | null, id: string): Promise<LightMyRequestResponse> => t.request(who, { method: 'POST', url: `/api/lti/courses/${encodeURIComponent(id)}/roster` });

describe('Names and Role Provisioning', () => {
  let teacher: Actor;
  let courseId: string;

  beforeAll(async () => {
    teacher = await launchAs(person('teacher-1', 'Grace Teacher', 'grace@school.example', 'Instructor', course()));
    // A learner who launched (their account linked to the platform's user id), one known by email only.
    const linked = await launchAs(person('learner-linked', 'Lin Linked', 'lin-own@elsewhere.example', 'Learner', course()));
    const emailOnly = await t.createUser({ email: 'emma@school.example', name: 'Emma Email' });
    const me = (await t.request(teacher, { method: 'GET', url: '/api/me' })).json() as { id: string; name: string; email: string; role: string };
    expect(me.role).toBe('tutor');
    const session = await createStudySession(t.deps, me, { title: 'Cells' });
    const linkedMe = (await t.request(linked, { method: 'GET', url: '/api/me' })).json() as { id: string; email: string };
    await createBooking(t.deps, session, linkedMe);
    // Emma booked another tutor's session only: not one of this tutor's.
    const otherTutor = await t.createUser({ role: 'tutor' });
    await createBooking(t.deps, await createStudySession(t.deps, otherTutor), emailOnly);
    const courses = await coursesOf(teacher);
    expect(courses).toEqual([expect.objectContaining({ title: 'Biology 101', platform: 'School LMS', rosterAvailable: true })]);
    courseId = courses[0]!.id;
  });

  it("imports the course's roster over two pages, each member matched by the launch's link, else by email, with whether they booked this tutor", async () => {
    const before = { tokens: seen.tokenRequests, pages: seen.memberPages };
    const res = await importRoster(teacher, courseId);
    expect(res.statusCode, res.body).toBe(200);
    const roster = res.json() as Roster;
    expect(roster.course).toMatchObject({ id: courseId, title: 'Biology 101' });
    expect(roster.members.map((m) => [m.userId, m.name, m.email, m.instructor, m.account, m.booked])).toEqual([
      ['teacher-1', 'Grace Teacher', 'grace@school.example', true, true, false],
      ['learner-linked', 'Lin Linked', 'lin@school.example', false, true, true],
      ['learner-email', 'Emma Email', 'emma@school.example', false, true, false],
      ['learner-new', 'Nora New', 'nora@school.example', false, false, false],
    ]);
    expect(seen.tokenRequests - before.tokens).toBe(1);
    expect(seen.memberPages - before.pages).toBe(2);
    expect(seen.accept).toBe(NRPS_MEDIA);
    expect(seen.tokenRefusals).toEqual([]);
  });

  it('records who fetched which course and how many members, in the audit log', async () => {
    expect((await importRoster(teacher, courseId)).statusCode).toBe(200);
    const admin = await t.actor({ role: 'admin' });
    const log = (await t.request(admin, { method: 'GET', url: `/api/audit-log?action=lti_course.roster_imported` })).json() as { items: { action: string; actor: string; targetId: string; details: Record<string, unknown> }[] };
    expect(log.items[0]).toMatchObject({ action: 'lti_course.roster_imported', actor: 'grace@school.example', targetId: courseId, details: { course: 'Biology 101', contextId: 'course-1', platform: 'School LMS', members: 4 } });
  });

  it("answers a platform's refusal of the token as a clear error, and fetches no member", async () => {
    refuseToken = true;
    const pages = seen.memberPages;
    const res = await importRoster(teacher, courseId);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: expect.stringMatching(/refused/i) });
    expect(seen.memberPages).toBe(pages);
  });

  it('refuses a memberships URL on another origin than the platform registered, without asking it', async () => {
    const off = await launchAs(person('teacher-2', 'Otto Off', 'otto@school.example', 'Instructor', course('course-off', `${elsewhereOrigin}/nrps/course-off`)));
    const [offCourse] = await coursesOf(off);
    const before = { elsewhere: seen.elsewhere, tokens: seen.tokenRequests };
    const res = await importRoster(off, offCourse!.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.stringMatching(/not on the learning platform/i) });
    expect(seen.elsewhere).toBe(before.elsewhere);
    expect(seen.tokenRequests).toBe(before.tokens);
  });

  it("calls a memberships URL on the services address an admin registered for the platform (Canvas: the school's instance)", async () => {
    const admin = await t.actor({ role: 'admin' });
    const made = await t.request(admin, {
      method: 'POST',
      url: '/api/admin/lti/platforms',
      payload: { name: 'Canvas', issuer: 'https://canvas.instructure.com', clientId: '10000000000009', deploymentIds: ['1:abc'], authUrl: 'https://sso.canvaslms.com/api/lti/authorize_redirect', tokenUrl: 'https://sso.canvaslms.com/login/oauth2/token', jwksUrl: 'https://sso.canvaslms.com/api/lti/security/jwks', servicesUrl: 'https://school.instructure.com' },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ servicesUrl: 'https://school.instructure.com' });
    const off = await launchAs(person('teacher-4', 'Sam Services', 'sam@school.example', 'Instructor', course('course-services', `${elsewhereOrigin}/nrps/course-services`)));
    const [servicesCourse] = await coursesOf(off);
    await t.deps.db.kysely.updateTable('lti_platform').set({ servicesUrl: elsewhereOrigin }).where('issuer', '=', ISSUER).execute();
    try {
      const before = seen.elsewhere;
      const res = await importRoster(off, servicesCourse!.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(seen.elsewhere).toBe(before + 1);
    } finally {
      await t.deps.db.kysely.updateTable('lti_platform').set({ servicesUrl: null }).where('issuer', '=', ISSUER).execute();
    }
  });

  it('follows next links up to a cap, never forever', async () => {
    const looping = await launchAs(person('teacher-3', 'Lou Loop', 'lou@school.example', 'Instructor', course('course-loop', `${platformOrigin}/nrps/loop`)));
    const [loopCourse] = await coursesOf(looping);
    const pages = seen.memberPages;
    const res = await importRoster(looping, loopCourse!.id);
    expect(res.statusCode, res.body).toBe(200);
    const fetched = seen.memberPages - pages;
    expect(fetched).toBeGreaterThan(2);
    expect(fetched).toBeLessThanOrEqual(20);
    expect((res.json() as Roster).members).toHaveLength(fetched);
  });

  it("is the Instructor's own: a learner of the course, another tutor, an admin or a visitor imports nothing", async () => {
    const learner = await launchAs(person('learner-9', 'Leo Learner', 'leo@school.example', 'Learner', course()));
    expect(await coursesOf(learner).catch(() => [])).toEqual([]);
    const otherTutor = await t.actor({ role: 'tutor' });
    const admin = await t.actor({ role: 'admin' });
    const pages = seen.memberPages;
    expect((await importRoster(learner, courseId)).statusCode).toBe(403);
    expect((await importRoster(otherTutor, courseId)).statusCode).toBe(404);
    expect((await importRoster(admin, courseId)).statusCode).toBe(403);
    expect((await importRoster(null, courseId)).statusCode).toBe(401);
    expect(await coursesOf(otherTutor)).toEqual([]);
    // A tutor account launching as a Learner of the course is not its Instructor either.
    const tutorAsLearner = await launchAs(person('teacher-1', 'Grace Teacher', 'grace@school.example', 'Learner', course('course-other')));
    expect((await coursesOf(tutorAsLearner)).map((c) => c.title)).toEqual(['Biology 101']);
    expect(seen.memberPages).toBe(pages);
  });

  it('answers an unreachable platform as a clear error, in time', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await t.deps.db.kysely.updateTable('lti_platform').set({ tokenUrl: `http://127.0.0.1:${port}/token` }).where('issuer', '=', ISSUER).execute();
    try {
      const started = Date.now();
      const res = await importRoster(teacher, courseId);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: expect.stringMatching(/could not be reached/i) });
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      await t.deps.db.kysely.updateTable('lti_platform').set({ tokenUrl: `${platformOrigin}/token` }).where('issuer', '=', ISSUER).execute();
    }
  });

  describe('the Course Rosters page, without JavaScript', () => {
    /** The page's markup without React's text separators. */
    const text = (html: string) => html.replaceAll('<!-- -->', '');

    it("lists the tutor's courses with 'Import the course's roster', and the form's post draws the members", async () => {
      const page = await t.request(teacher, { method: 'GET', url: '/dashboard/lti-roster' });
      expect(page.statusCode).toBe(200);
      expect(text(page.body)).toContain('Biology 101');
      expect(page.body).toMatch(/<button(?=[^>]*name="intent")(?=[^>]*value="import")[^>]*>Import the course(’|'|&#x27;)s roster<\/button>/);
      const res = await t.request(teacher, { method: 'POST', url: '/dashboard/lti-roster', ...pageForm({ _nojs: '1', intent: 'import', courseId }) });
      expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
      const html = text(res.body);
      expect(html).toContain('Members of Biology 101: 4 people');
      for (const name of ['Grace Teacher', 'Lin Linked', 'Emma Email', 'Nora New']) expect(html).toContain(name);
      expect(html).toContain('No StudyNest account');
    });

    it('in Spanish', async () => {
      const es = (res: { payload: string; headers: Record<string, string>; remoteAddress: string }) => ({ ...res, headers: { ...res.headers, 'accept-language': 'es' } });
      const res = await t.request(teacher, { method: 'POST', url: '/dashboard/lti-roster', ...es(pageForm({ _nojs: '1', intent: 'import', courseId })) });
      expect(res.statusCode).toBe(200);
      const html = text(res.body);
      expect(html).toContain('Importar la lista del curso');
      expect(html).toContain('Miembros de Biology 101: 4 personas');
    });

    it("says the platform's refusal on the page, and a student is sent away before the action runs", async () => {
      refuseToken = true;
      const refusedPage = await t.request(teacher, { method: 'POST', url: '/dashboard/lti-roster', ...pageForm({ _nojs: '1', intent: 'import', courseId }) });
      expect(refusedPage.statusCode).toBe(422);
      expect(text(refusedPage.body)).toMatch(/refused StudyNest(’|'|&#x27;)s request/);
      const learner = await launchAs(person('learner-page', 'Pat Page', 'pat@school.example', 'Learner', course()));
      const pages = seen.memberPages;
      const sent = await t.request(learner, { method: 'POST', url: '/dashboard/lti-roster', ...pageForm({ _nojs: '1', intent: 'import', courseId }) });
      expect(sent.statusCode).toBe(302);
      expect(seen.memberPages).toBe(pages);
    });
  });
});
