// Audit of the job engine's admin half (the job routes, the Background Jobs page's form and the health
// details), as an attacker would try it: anonymous, student, tutor, a blocked admin and an admin;
// every spelling of the paths a router or a proxy may take, sent byte for byte over a real
// socket; proxy and method-override headers; other methods; a cross-site "Retry now" carrying
// the admin's cookie (the API route and the page's form). Only an admin, by POST from our own
// origin, retries a job, and only an admin learns the counts. SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set. Reads the production build of the web app (`npm run build`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earlierWholeMessage } from '#tests/helpers/earlier-emails.ts';
import { builtWeb } from '#tests/helpers/built-web.ts';
import { createTestApp, TEST_ORIGIN, type Actor, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
let who: Record<'anonymous' | 'student' | 'tutor' | 'blockedAdmin' | 'admin', Actor>;
type Who = keyof typeof who;
const WHO: Who[] = ['anonymous', 'student', 'tutor', 'blockedAdmin', 'admin'];

beforeAll(async () => {
  t = await createTestApp({}, { webDir: builtWeb() });
  // The jobs below are set up by hand: the app's worker must not run them.
  await t.deps.jobs.stop();
  const blocked = await t.actor({ role: 'admin' });
  who = { anonymous: { user: null, cookie: null }, student: await t.actor({ role: 'student' }), tutor: await t.actor({ role: 'tutor' }), blockedAdmin: blocked, admin: await t.actor({ role: 'admin' }) };
  // Blocked by another admin after signing in: the cookie is still in the browser.
  const res = await t.request(who.admin, { method: 'PATCH', url: `/api/users/${blocked.user!.id}`, payload: { blocked: true } });
  expect(res.statusCode, res.body).toBe(200);
}, 60_000);
afterAll(async () => t?.close());

const db = () => t.deps.db.kysely;

/** A job that gave up, with an error that names a recipient: what an admin may retry. */
async function deadJob(): Promise<string> {
  const subject = `Dead ${Math.random()}`;
  await t.deps.jobs.enqueue(db(), earlierWholeMessage({ to: 'victim@example.com', subject, text: 'x' }));
  const row = await db().selectFrom('job').select('id').where('payload', 'like', `%${subject}%`).executeTakeFirstOrThrow();
  await db().updateTable('job').set({ status: 'dead', attempts: 102, lastError: '550 <victim@example.com>: mailbox unavailable' }).where('id', '=', row.id).execute();
  return row.id;
}
const stateOf = async (id: string) => (await db().selectFrom('job').select(['status', 'attempts']).where('id', '=', id).executeTakeFirst()) ?? null;
const stillDead = { status: 'dead', attempts: 102 };

describe('who reaches the job routes and the health details', () => {
  it('lets only an admin list, retry and see the counts; a blocked admin is nobody', async () => {
    const actual: Record<string, Record<Who, string>> = { list: {} as never, head: {} as never, retry: {} as never, health: {} as never, pageForm: {} as never };
    for (const name of WHO) {
      actual.list![name] = String((await t.request(who[name], { method: 'GET', url: '/api/admin/jobs' })).statusCode);
      actual.head![name] = String((await t.request(who[name], { method: 'HEAD', url: '/api/admin/jobs' })).statusCode);
      const id = await deadJob();
      const retry = await t.request(who[name], { method: 'POST', url: `/api/admin/jobs/${id}/retry` });
      actual.retry![name] = `${retry.statusCode} ${JSON.stringify(await stateOf(id))}`;
      const health = (await t.request(who[name], { method: 'GET', url: '/api/health' })).json();
      actual.health![name] = Object.keys(health).sort().join(',');
      const formJob = await deadJob();
      const form = await t.request(who[name], { method: 'POST', url: '/dashboard/background-jobs', payload: new URLSearchParams({ job: formJob, intent: 'retry' }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      actual.pageForm![name] = `${form.statusCode} ${form.headers.location ?? ''} ${(await stateOf(formJob))!.status}`;
    }
    const retried = JSON.stringify({ status: 'queued', attempts: 0 });
    const toLogin = `/login?from=${encodeURIComponent('/dashboard/background-jobs')}`;
    const dead = JSON.stringify(stillDead);
    expect(actual).toEqual({
      list: { anonymous: '401', student: '403', tutor: '403', blockedAdmin: '401', admin: '200' },
      head: { anonymous: '401', student: '403', tutor: '403', blockedAdmin: '401', admin: '200' },
      retry: { anonymous: `401 ${dead}`, student: `403 ${dead}`, tutor: `403 ${dead}`, blockedAdmin: `401 ${dead}`, admin: `200 ${retried}` },
      health: { anonymous: 'database,status', student: 'database,status', tutor: 'database,status', blockedAdmin: 'database,status', admin: 'database,jobs,status' },
      // The form meets the page's guard, as its GET does (to log in, or to the dashboard), and the
      // job stays dead; the admin's retry goes back to the list (303), which says it was queued.
      pageForm: { anonymous: `302 ${toLogin} dead`, student: '302 /dashboard dead', tutor: '302 /dashboard dead', blockedAdmin: `302 ${toLogin} dead`, admin: '303 /dashboard/background-jobs queued' },
    });
  });

  it('never gives a non-admin the counts, whatever the health request looks like', async () => {
    await deadJob();
    const tries: Array<{ method: string; path: string; headers?: Record<string, string> }> = [
      { method: 'GET', path: '/api/health?admin=1&role=admin' },
      { method: 'GET', path: '/api/health/' },
      { method: 'GET', path: '/api/health#jobs' },
      { method: 'GET', path: '/api/health', headers: { 'x-original-url': '/api/admin/jobs', 'x-rewrite-url': '/api/admin/jobs' } },
      { method: 'GET', path: '/api/health', headers: { 'x-forwarded-for': '127.0.0.1', 'x-forwarded-host': 'localhost', 'x-real-ip': '127.0.0.1' } },
      { method: 'HEAD', path: '/api/health' },
    ];
    const leaks: string[] = [];
    for (const name of ['anonymous', 'student', 'tutor', 'blockedAdmin'] as const) {
      for (const req of tries) {
        const res = await t.http(who[name], { ...req, headers: req.headers ?? {} });
        if (res.statusCode >= 500 || /jobs|dead|queued|victim/.test(res.body)) leaks.push(`${name} ${req.method} ${req.path}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(leaks).toEqual([]);
  });
});

describe('the Background Jobs page drawn by the server', () => {
  it("shows the jobs' errors to the admin only, and sends anyone else away", async () => {
    await deadJob();
    const drawn: Record<string, string> = {};
    for (const name of WHO) {
      for (const path of ['/dashboard/background-jobs', '/dashboard/background-jobs?state=dead']) {
        const res = await t.request(who[name], { method: 'GET', url: path, headers: { accept: 'text/html' } });
        drawn[`${name} ${path}`] = `${res.statusCode} ${res.body.includes('mailbox unavailable') ? 'shows errors' : 'no errors'}`;
      }
    }
    // Anyone else is sent away (302) before any of it is drawn.
    expect(drawn).toEqual(Object.fromEntries(Object.keys(drawn).map((k) => [k, k.startsWith('admin ') ? '200 shows errors' : '302 no errors'])));
  });
});

describe('spellings, headers and methods', () => {
  /** The list's path as a router or a proxy might read it. */
  const LIST_SPELLINGS = [
    '/api/admin/./jobs', '/api/x/../admin/jobs', '/api/admin/%2e/jobs', '/api/admin/x/%2e%2e/jobs', '/api%2Fadmin%2Fjobs', '/api/admin%2fjobs',
    '/api/%61dmin/jobs', '/%61pi/admin/jobs', '/api/admin/job%73', '//api/admin/jobs', '/api//admin/jobs', '/api/admin//jobs', '/api\\admin\\jobs',
    '/API/Admin/Jobs', '/API/ADMIN/JOBS', '/api/admin/jobs/.', '/api/health/../admin/jobs', '/api/health/%2e%2e/admin/jobs', '/api/admin/jobs%00',
    '/api/admin/jobs%20', '/api/admin/jobs;x', '/api/admin/jobs?/../../health', '/api/admin/jobs#/../../health', '/api/admin/jobs/',
  ];
  const PROXY_HEADERS: Array<Record<string, string>> = [
    { 'x-original-url': '/api/health' },
    { 'x-rewrite-url': '/api/health' },
    { 'x-forwarded-prefix': '/api/admin' },
    { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1', 'x-forwarded-host': 'localhost', 'x-forwarded-proto': 'https' },
    { 'x-http-method-override': 'GET', 'x-method-override': 'GET', 'x-http-method': 'GET' },
  ];

  it('lists jobs for no one but the admin, in any spelling or with any proxy header', async () => {
    await deadJob();
    const wrong: string[] = [];
    for (const name of ['anonymous', 'student', 'tutor', 'blockedAdmin'] as const) {
      for (const path of ['/api/admin/jobs', ...LIST_SPELLINGS]) {
        for (const headers of [{}, ...PROXY_HEADERS]) {
          const res = await t.http(who[name], { method: 'GET', path, headers });
          if (res.statusCode < 400 || res.statusCode >= 500 || res.body.includes('victim')) wrong.push(`${name} GET ${path} ${JSON.stringify(headers)} → ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // The admin: the canonical path (and its trailing slash, the same route); every other spelling 404.
    const admin: Record<string, number> = {};
    for (const path of LIST_SPELLINGS) admin[path] = (await t.http(who.admin, { method: 'GET', path })).statusCode;
    const answers = Object.entries(admin).filter(([, status]) => status !== 404);
    expect(answers.filter(([path]) => !['/api/admin/jobs/', '/api/admin/jobs?/../../health', '/api/admin/jobs#/../../health'].includes(path))).toEqual([]);
  }, 120_000);

  it('retries only by POST from the admin, at the canonical path: any other spelling, method or override changes nothing', async () => {
    const id = await deadJob();
    const retrySpellings = (p: string) => [
      p.replace('/admin/', '/admin/./'), p.replace('/api/', '/api/x/../'), p.replace('/jobs/', '/jobs/%2e/'), p.replace('/admin/', '/%61dmin/'),
      p.replace('/retry', '/%72etry'), p.replace('/api/admin', '/api%2Fadmin'), `/${p}`, p.replace('/jobs/', '/jobs//'), p.toUpperCase(),
      p.replace('/api/admin/jobs', '/API/Admin/Jobs'), `${p}/.`, p.replace('/retry', '/x/../retry'),
    ];
    const wrong: string[] = [];
    const canonical = `/api/admin/jobs/${id}/retry`;
    for (const name of WHO) {
      for (const path of retrySpellings(canonical)) {
        for (const headers of [{}, ...PROXY_HEADERS]) {
          const res = await t.http(who[name], { method: 'POST', path, headers });
          if (res.statusCode < 400 || res.statusCode >= 500) wrong.push(`${name} POST ${path} ${JSON.stringify(headers)} → ${res.statusCode}`);
        }
      }
      // The canonical path as a non-admin, with every header a proxy or a framework might honour.
      if (name !== 'admin') {
        for (const headers of PROXY_HEADERS) {
          const res = await t.http(who[name], { method: 'POST', path: canonical, headers });
          if (res.statusCode < 400 || res.statusCode >= 500) wrong.push(`${name} POST ${canonical} ${JSON.stringify(headers)} → ${res.statusCode}`);
        }
      }
      // Other methods at the canonical path, even as the admin and with an override to POST: no retry.
      // OPTIONS is answered as HTTP says, 204 with the route's methods in Allow and nothing else.
      for (const method of ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'DELETE']) {
        for (const path of [canonical, `${canonical}?_method=POST`]) {
          const res = await t.http(who[name], { method, path, headers: { 'x-http-method-override': 'POST', 'x-method-override': 'POST', 'x-http-method': 'POST' } });
          if (method === 'OPTIONS') {
            if (res.statusCode !== 204 || res.headers.allow !== 'POST' || res.body !== '') wrong.push(`${name} ${method} ${path} → ${res.statusCode} Allow ${res.headers.allow} body ${JSON.stringify(res.body)}`);
          } else if (res.statusCode < 400 || res.statusCode >= 500) wrong.push(`${name} ${method} ${path} → ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await stateOf(id)).toEqual(stillDead);
  }, 120_000);
});

describe('a cross-site "Retry now" with the admin\'s cookie', () => {
  // What a page elsewhere can make the admin's browser send: a form post, a fetch, from a
  // sandboxed frame (Origin: null), a look-alike or sibling origin, or an old browser's request
  // with only Sec-Fetch-Site.
  const CROSS_SITE: Array<Record<string, string>> = [
    { origin: 'https://evil.example' },
    { origin: 'null' },
    { origin: `${TEST_ORIGIN}.evil.example` },
    { origin: 'http://evil.studynest.test' },
    { origin: 'http://studynest.test:8080' },
    { origin: 'https://evil.example', referer: `${TEST_ORIGIN}/dashboard/background-jobs` },
    { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' },
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site' },
  ];

  it('is refused on the API route and on the page\'s form, and the job stays dead', async () => {
    const outcomes: Record<string, string> = {};
    for (const headers of CROSS_SITE) {
      for (const body of [undefined, 'job=x&intent=retry', '{}']) {
        const id = await deadJob();
        const type: Record<string, string> = body === undefined ? {} : { 'content-type': body === '{}' ? 'application/json' : 'application/x-www-form-urlencoded' };
        // t.http sends our own Origin unless the case says another; an empty one, as the server reads it, is none.
        const sent: Record<string, string> = { ...(headers.origin === undefined ? { origin: '' } : {}), ...type, ...headers };
        const api = await t.http(who.admin, { method: 'POST', path: `/api/admin/jobs/${id}/retry`, headers: sent, ...(body === undefined ? {} : { body }) });
        const page = await t.http(who.admin, { method: 'POST', path: '/dashboard/background-jobs', headers: { ...sent, 'content-type': 'application/x-www-form-urlencoded' }, body: `job=${id}&intent=retry` });
        outcomes[`${JSON.stringify(headers)} ${body ?? 'no body'}`] = `${api.statusCode} ${page.statusCode} ${(await stateOf(id))!.status}`;
      }
    }
    expect(Object.values(outcomes).every((o) => o === '403 403 dead'), JSON.stringify(outcomes, null, 1)).toBe(true);
  });

  it("keeps the session cookie from cross-site posts at all (SameSite=Lax, HttpOnly)", async () => {
    const user = await t.createUser({ role: 'admin' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: TEST_ORIGIN }, remoteAddress: '10.250.0.1', payload: { email: user.email, password: user.password } });
    const cookie = [res.headers['set-cookie']].flat().find((c) => c?.includes('session_token'));
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
  });
});

