// Names and Role Provisioning Services 2.0 (docs/decisions/068-lti-nrps.md), against the mock
// learning platform of tests/helpers/mock-lti-platform.ts: its launches carry the NRPS claim; its
// token endpoint checks StudyNest's client assertion (client-credentials grant, Security Framework
// 4.1) against the JWKS StudyNest publishes; its memberships endpoint answers in two pages linked
// by `Link: <…>; rel="next"`. A tutor who launched from the course as Instructor imports its
// roster and sees who booked their sessions; nobody else can.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBooking, createStudySession } from '#tests/factories.ts';
import { builtWeb } from '#tests/helpers/built-web.ts';
import { form as pageForm } from '#tests/helpers/form-posts.ts';
import { closedPort, LIS_ROLE as ROLE, LTI_CLAIM as CLAIM, type MockPlatform, NRPS_CLAIM, NRPS_MEDIA, nrpsMembers as members, startMockPlatform } from '#tests/helpers/mock-lti-platform.ts';
import { createTestApp, TEST_ORIGIN, type Actor, type TestApp } from '#tests/helpers/test-app.ts';

const ISSUER = 'https://lms.school.example';
const CLIENT_ID = 'studynest-nrps';
const DEPLOYMENT = 'deployment-1';

let t: TestApp;
let platform: MockPlatform;
let elsewhere: http.Server;
let platformOrigin: string;
let elsewhereOrigin: string;
/** What the server on another origin than the platform's was asked. */
let elsewhereRequests = 0;

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

beforeAll(async () => {
  platform = await startMockPlatform({ issuer: ISSUER, clientId: CLIENT_ID, deployment: DEPLOYMENT, toolJwks, authAnswer: 'json', nrps: { context: { id: 'course-1', title: 'Biology 101' }, pages: [PAGE_1, PAGE_2] } });
  platform.target = `${TEST_ORIGIN}/all-sessions`;
  platformOrigin = platform.origin;
  elsewhere = http.createServer((_req, res) => {
    elsewhereRequests += 1;
    res.writeHead(200, { 'content-type': NRPS_MEDIA }).end(JSON.stringify({ members: [] }));
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  elsewhereOrigin = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
  // The production build: the Course Rosters page is drawn and its form posted without JavaScript too.
  t = await createTestApp({}, { webDir: builtWeb() });
  const admin = await t.actor({ role: 'admin' });
  const registered = await t.request(admin, { method: 'POST', url: '/api/admin/lti/platforms', payload: { name: 'School LMS', ...platform.registration } });
  expect(registered.statusCode, registered.body).toBe(201);
});

afterAll(async () => {
  await t?.close();
  await platform?.close();
  await new Promise((resolve) => elsewhere?.close(resolve));
});

beforeEach(() => {
  platform.refuseToken = false;
});

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: platformOrigin, 'sec-fetch-site': 'cross-site' },
});

/** A whole launch with these claims; the signed-in account's cookie. */
async function launchAs(launchClaims: Record<string, unknown>): Promise<Actor> {
  platform.claims = launchClaims;
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
    const before = { tokens: platform.seen.tokenRequests, pages: platform.seen.memberPages };
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
    expect(platform.seen.tokenRequests - before.tokens).toBe(1);
    expect(platform.seen.memberPages - before.pages).toBe(2);
    expect(platform.seen.accept).toBe(NRPS_MEDIA);
    expect(platform.seen.tokenRefusals).toEqual([]);
  });

  it('records who fetched which course and how many members, in the audit log', async () => {
    expect((await importRoster(teacher, courseId)).statusCode).toBe(200);
    const admin = await t.actor({ role: 'admin' });
    const log = (await t.request(admin, { method: 'GET', url: `/api/audit-log?action=lti_course.roster_imported` })).json() as { items: { action: string; actor: string; targetId: string; details: Record<string, unknown> }[] };
    expect(log.items[0]).toMatchObject({ action: 'lti_course.roster_imported', actor: 'grace@school.example', targetId: courseId, details: { course: 'Biology 101', contextId: 'course-1', platform: 'School LMS', members: 4 } });
  });

  it("answers a platform's refusal of the token as a clear error, and fetches no member", async () => {
    platform.refuseToken = true;
    const pages = platform.seen.memberPages;
    const res = await importRoster(teacher, courseId);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: expect.stringMatching(/refused/i) });
    expect(platform.seen.memberPages).toBe(pages);
  });

  it('refuses a memberships URL on another origin than the platform registered, without asking it', async () => {
    const off = await launchAs(person('teacher-2', 'Otto Off', 'otto@school.example', 'Instructor', course('course-off', `${elsewhereOrigin}/nrps/course-off`)));
    const [offCourse] = await coursesOf(off);
    const before = { elsewhere: elsewhereRequests, tokens: platform.seen.tokenRequests };
    const res = await importRoster(off, offCourse!.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.stringMatching(/not on the learning platform/i) });
    expect(elsewhereRequests).toBe(before.elsewhere);
    expect(platform.seen.tokenRequests).toBe(before.tokens);
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
      const before = elsewhereRequests;
      const res = await importRoster(off, servicesCourse!.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(elsewhereRequests).toBe(before + 1);
    } finally {
      await t.deps.db.kysely.updateTable('lti_platform').set({ servicesUrl: null }).where('issuer', '=', ISSUER).execute();
    }
  });

  it('follows next links up to a cap, never forever', async () => {
    const looping = await launchAs(person('teacher-3', 'Lou Loop', 'lou@school.example', 'Instructor', course('course-loop', `${platformOrigin}/nrps/loop`)));
    const [loopCourse] = await coursesOf(looping);
    const pages = platform.seen.memberPages;
    const res = await importRoster(looping, loopCourse!.id);
    expect(res.statusCode, res.body).toBe(200);
    const fetched = platform.seen.memberPages - pages;
    expect(fetched).toBeGreaterThan(2);
    expect(fetched).toBeLessThanOrEqual(20);
    expect((res.json() as Roster).members).toHaveLength(fetched);
  });

  it("is the Instructor's own: a learner of the course, another tutor, an admin or a visitor imports nothing", async () => {
    const learner = await launchAs(person('learner-9', 'Leo Learner', 'leo@school.example', 'Learner', course()));
    expect(await coursesOf(learner).catch(() => [])).toEqual([]);
    const otherTutor = await t.actor({ role: 'tutor' });
    const admin = await t.actor({ role: 'admin' });
    const pages = platform.seen.memberPages;
    expect((await importRoster(learner, courseId)).statusCode).toBe(403);
    expect((await importRoster(otherTutor, courseId)).statusCode).toBe(404);
    expect((await importRoster(admin, courseId)).statusCode).toBe(403);
    expect((await importRoster(null, courseId)).statusCode).toBe(401);
    expect(await coursesOf(otherTutor)).toEqual([]);
    // A tutor account launching as a Learner of the course is not its Instructor either.
    const tutorAsLearner = await launchAs(person('teacher-1', 'Grace Teacher', 'grace@school.example', 'Learner', course('course-other')));
    expect((await coursesOf(tutorAsLearner)).map((c) => c.title)).toEqual(['Biology 101']);
    expect(platform.seen.memberPages).toBe(pages);
  });

  it('answers an unreachable platform as a clear error, in time', async () => {
    const port = await closedPort();
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
      platform.refuseToken = true;
      const refusedPage = await t.request(teacher, { method: 'POST', url: '/dashboard/lti-roster', ...pageForm({ _nojs: '1', intent: 'import', courseId }) });
      expect(refusedPage.statusCode).toBe(422);
      expect(text(refusedPage.body)).toMatch(/refused StudyNest(’|'|&#x27;)s request/);
      const learner = await launchAs(person('learner-page', 'Pat Page', 'pat@school.example', 'Learner', course()));
      const pages = platform.seen.memberPages;
      const sent = await t.request(learner, { method: 'POST', url: '/dashboard/lti-roster', ...pageForm({ _nojs: '1', intent: 'import', courseId }) });
      expect(sent.statusCode).toBe(302);
      expect(platform.seen.memberPages).toBe(pages);
    });
  });
});
