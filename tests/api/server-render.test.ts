// Pages drawn by the server (server/http/server-render.ts, web/src/entry-server.tsx): the HTML a
// visitor receives before any JavaScript runs shows the page's data, only the data that visitor
// may see, and nothing in it can run as a script. Reads the production build (`npm test`
// builds first).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { installStaticWeb } from '#server/http/static-web.ts';
import { createStudySession } from '#tests/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { json } from '#tests/helpers/request-helpers.ts';
import { builtWeb } from '#tests/helpers/built-web.ts';


let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { webDir: builtWeb() });
});
afterAll(async () => t?.close());

/** The page's HTML, what is inside #root, and the data it carries for the browser. */
function readPage(html: string) {
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="server-state">'));
  const state = /<script type="application\/json" id="server-state">([^<]*)<\/script>/.exec(html)?.[1];
  if (!state) throw new Error('The page carries no server state');
  // The query cache as the page's loaders filled it (and the router's data: web/src/app/server-state.ts).
  return { root, state: (JSON.parse(state) as { queries: { queries: Array<{ queryKey: unknown[]; state: { data: unknown } }> } }).queries };
}
const scriptTags = (html: string) => html.match(/<script\b[^>]*>/g) ?? [];

describe('server-rendered pages', () => {
  it('draws All Sessions with the approved sessions, never a pending one, and hands the same data to the browser', async () => {
    const tutor = await t.createUser({ role: 'tutor', name: 'Rita Render' });
    const approved = await createStudySession(t.deps, tutor, { title: 'Server drawn thermodynamics' });
    await createStudySession(t.deps, tutor, { title: 'Hidden pending topology', status: 'pending' });

    const res = await t.request(null, { method: 'GET', url: '/all-sessions' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const { root, state } = readPage(res.body);
    expect(root).toContain('Server drawn thermodynamics');
    expect(root).toContain('Rita Render');
    expect(res.body).not.toContain('Hidden pending topology');
    expect(JSON.stringify(state)).toContain(approved.id);
    // Signed out: the page knows it (the browser does not ask /api/me again).
    expect(state.queries.find((q) => q.queryKey[0] === 'me')?.state.data).toBeNull();
  });

  it("draws a tutor's page with their classes whole: every part read by its loader, none left loading", async () => {
    const tutor = await t.createUser({ role: 'tutor', name: 'Paula Profile' });
    await createStudySession(t.deps, tutor, { title: 'Profiled paid acoustics', registrationFeeCents: 2500 });
    const warn = vi.spyOn(console, 'warn');
    try {
      const res = await t.request(null, { method: 'GET', url: `/tutors/${tutor.id}` });
      expect(res.statusCode).toBe(200);
      const { root, state } = readPage(res.body);
      expect(root).toContain('Profiled paid acoustics');
      // The cards show the fee in the server's currency: the configuration is part of the page.
      expect(state.queries.map((q) => q.queryKey[0])).toContain('config');
      expect(warn.mock.calls.map((call) => String(call[0])).filter((line) => line.includes('did not read'))).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });

  it("draws a student's own notes for them only", async () => {
    const owner = await t.actor({ role: 'student' });
    const other = await t.actor({ role: 'student' });
    const created = await t.request(owner, { method: 'POST', url: '/api/create-note', ...json({ title: 'Private eigenvalue tricks', details: 'det(A - λI) = 0' }) });
    expect(created.statusCode).toBe(201);

    const mine = await t.request(owner, { method: 'GET', url: '/dashboard/manage-personal-notes' });
    expect(readPage(mine.body).root).toContain('Private eigenvalue tricks');
    // A personal page is stored by no cache, the visitor's own browser included.
    expect(mine.headers['cache-control']).toBe('private, no-store');
    const note = (created.json() as { id: string }).id;
    const notePage = await t.request(owner, { method: 'GET', url: `/dashboard/note/${note}` });
    // A title made of the user's text is escaped in the <head> as well.
    expect(notePage.body).toMatch(/<title>StudyNest \| [^<]+<\/title>/);
    const others = await t.request(other, { method: 'GET', url: '/dashboard/manage-personal-notes' });
    expect(others.statusCode).toBe(200);
    expect(others.body).not.toContain('Private eigenvalue tricks');
    const signedOut = await t.request(null, { method: 'GET', url: '/dashboard/manage-personal-notes' });
    expect(signedOut.statusCode).toBe(302);
    expect(signedOut.body).not.toContain('Private eigenvalue tricks');
  });

  it('answers a page the visitor may not see with the redirect its guard makes', async () => {
    const student = await t.actor({ role: 'student' });
    const cases: Array<[visitor: typeof student | null, url: string, location: string]> = [
      [null, '/dashboard/manage-personal-notes?page=2', `/login?${new URLSearchParams({ from: '/dashboard/manage-personal-notes?page=2' })}`],
      [null, '/dashboard/view-booked-session/some-id', `/login?${new URLSearchParams({ from: '/dashboard/view-booked-session/some-id' })}`],
      [student, '/dashboard/all-users', '/dashboard'],
      [student, '/login?from=%2Fall-sessions', '/all-sessions'],
      [student, '/login?from=%2F%2Fevil.example', '/'],
    ];
    for (const [visitor, url, location] of cases) {
      const res = await t.request(visitor, { method: 'GET', url });
      expect([url, res.statusCode, res.headers.location]).toEqual([url, 302, location]);
      expect(res.headers['cache-control']).toBe(visitor ? 'private, no-store' : 'private, no-cache');
    }
  });

  it('shows stored markup as text: no script of a user can end the data block or run', async () => {
    const tutor = await t.createUser({ role: 'tutor', name: '<img src=x onerror=alert(1)>' });
    const title = '</title></script><script>alert("title")</script><!--';
    const session = await createStudySession(t.deps, tutor, { title, description: '<script>alert("description")</script>\u2028' });

    const res = await t.request(null, { method: 'GET', url: '/all-sessions' });
    const { root, state } = readPage(res.body);
    expect(root).toContain('&lt;/title&gt;&lt;/script&gt;&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt;');
    expect(root).not.toContain('<img src=x');
    expect(res.body).toContain('<title>StudyNest | All Sessions</title>');
    // The app's entry and its data block, nothing else: no inline script, of React's or ours.
    expect(scriptTags(res.body)).toEqual([expect.stringMatching(/^<script type="module" crossorigin src="\/assets\//), '<script type="application/json" id="server-state">']);
    expect(JSON.stringify(state)).toContain(JSON.stringify(title).slice(1, -1));

    // The session's page puts its title in the <head>, escaped.
    const details = await t.request(await t.actor({ role: 'student' }), { method: 'GET', url: `/session/${session.id}` });
    expect(details.statusCode).toBe(200);
    expect(details.body).toContain('<title>StudyNest | &#60;/title&#62;&#60;/script&#62;&#60;script&#62;alert(&#34;title&#34;)&#60;/script&#62;&#60;!--</title>');
    expect(scriptTags(details.body)).toHaveLength(2);
  });

  it('sends a long page whole, without inline scripts (React would split large parts out)', async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    for (let i = 0; i < 12; i++) await createStudySession(t.deps, tutor, { title: `Long page session ${i}`, description: 'Long description. '.repeat(60) });
    const student = await t.actor({ role: 'student' });
    // Searched for, so that the page is theirs whatever else the file made (the list is in class order).
    const res = await t.request(student, { method: 'GET', url: '/all-sessions?q=Long+page+session' });
    expect(res.body.length).toBeGreaterThan(20_000);
    expect(res.body).toContain('Long page session 0');
    expect(res.body).toContain('Long page session 11');
    expect(scriptTags(res.body)).toHaveLength(2);
    expect(res.body).not.toMatch(/<template|<!--\$[?!]-->/);
  });

  it('has no inline script, and the CSP allows none: its forms work without one (a real POST to the page)', async () => {
    const res = await t.request(null, { method: 'GET', url: '/login' });
    expect(res.body).not.toMatch(/<script>/);
    expect(res.body).toMatch(/<form [^>]*method="post"/);
    const scriptSrc = String(res.headers['content-security-policy']).match(/script-src ([^;]*)/)![1]!.split(' ');
    expect(scriptSrc).toEqual(["'self'"]);
  });

  it('answers a path the app does not have with its Not Found page and a 404', async () => {
    const res = await t.request(null, { method: 'GET', url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(readPage(res.body).root).toContain('Back to Home');
    expect((await t.request(null, { method: 'GET', url: '/all-sessions' })).statusCode).toBe(200);
  });

  it('compresses the page for browsers that accept brotli', async () => {
    const res = await t.request(null, { method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/(^|,\s*)accept-encoding(,|$)/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('id="server-state"');
  });
});

describe('signed-out pages with the public lists cached (LIST_CACHE_MS)', () => {
  it('keeps a signed-out page like the lists it shows, never a signed-in one, and drops it with them', async () => {
    const cachedApp = await createTestApp({ LIST_CACHE_MS: '60000' }, { webDir: builtWeb() });
    try {
      const tutor = await cachedApp.createUser({ role: 'tutor' });
      const admin = await cachedApp.actor({ role: 'admin' });
      const student = await cachedApp.actor({ role: 'student' });
      const page = async (who: typeof student | null) => {
        const res = await cachedApp.request(who, { method: 'GET', url: '/all-sessions' });
        expect(res.statusCode).toBe(200);
        return res.body;
      };
      await createStudySession(cachedApp.deps, tutor, { title: 'Page cached first' });
      expect(await page(null)).toContain('Page cached first');
      await createStudySession(cachedApp.deps, tutor, { title: 'Inserted behind the app' });
      expect(await page(null)).not.toContain('Inserted behind the app');
      // A visitor with a cookie gets their own page, drawn for them (their data, not the shared copy).
      const mine = await page(student);
      expect(readPage(mine).state.queries.find((q) => q.queryKey[0] === 'me')?.state.data).toMatchObject({ email: student.user!.email });
      const pending = await createStudySession(cachedApp.deps, tutor, { title: 'Approved for the pages', status: 'pending' });
      const approve = await cachedApp.request(admin, { method: 'POST', url: `/api/sessions/${pending.id}/approve`, ...json({ registrationFee: 0 }) });
      expect(approve.statusCode).toBe(200);
      const after = await page(null);
      expect(after).toContain('Approved for the pages');
      expect(after).toContain('Inserted behind the app');
    } finally {
      await cachedApp.close();
    }
  });
});

describe('when the renderer fails', () => {
  it('sends the page for the browser to draw, and logs why', async () => {
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-ssr-'));
    const index = '<!doctype html><title>StudyNest</title><div id="root"></div><script type="module" src="/assets/app.js"></script>';
    fs.writeFileSync(path.join(webDir, 'index.html'), index);
    const entry = path.join(webDir, 'broken-renderer.mjs');
    fs.writeFileSync(entry, 'export const formPaths = () => [];\nexport async function render() { throw new Error("renderer exploded"); }\n');
    const logged: string[] = [];
    const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } } });
    await installStaticWeb(app, webDir, { serverRenderEntry: entry });
    try {
      const res = await app.inject({ url: '/all-sessions' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(index);
      expect(logged.join('')).toContain('renderer exploded');
    } finally {
      await app.close();
      fs.rmSync(webDir, { recursive: true, force: true });
    }
  });
});
