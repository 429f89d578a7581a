// The tutors' and admins' pages drawn by the server through their route's loader
// (docs/decisions/041-pages-loaders-actions.md): one pass with every query the page shows already
// read (none drawn as its spinner, none the renderer had to discover), and a real 404 for a
// session that is not there. Reads the production build (`npm test` builds first).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBooking, createStudySession } from '#tests/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { json } from '#tests/helpers/request-helpers.ts';
import { builtWeb } from '#tests/helpers/built-web.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { webDir: builtWeb() });
});
afterAll(async () => t?.close());

/** What the server said of a page drawn with a query its loader did not read (web/src/entry-server.tsx). */
const warn = vi.spyOn(console, 'warn');
afterEach(() => warn.mockClear());
const unread = () => warn.mock.calls.map((call) => String(call[0])).filter((line) => line.includes('did not read'));

/** What is inside #root: what a visitor sees before any script runs. */
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="server-state">'));

describe("a tutor's session page", () => {
  it("is the 404 page for a session that is not there and 403 for another tutor's; their own is drawn with its roster", async () => {
    const tutor = await t.actor({ role: 'tutor', name: 'Owning Tutor' });
    const other = await t.createUser({ role: 'tutor' });
    const own = await createStudySession(t.deps, tutor.user!, { title: 'Own roster calculus' });
    const student = await t.createUser({ role: 'student', name: 'Rostered Student' });
    await createBooking(t.deps, own, student);
    const theirs = await createStudySession(t.deps, other, { title: 'Someone else entirely', status: 'pending' });
    const email = encodeURIComponent(tutor.user!.email);

    const unknown = await t.request(tutor, { method: 'GET', url: `/dashboard/session/${email}/no-such-session` });
    expect(unknown.statusCode).toBe(404);
    expect(rootOf(unknown.body)).toContain('Page not found');
    const others = await t.request(tutor, { method: 'GET', url: `/dashboard/session/${encodeURIComponent(other.email)}/${theirs.id}` });
    expect(others.statusCode).toBe(403);
    expect(others.body).not.toContain('Someone else entirely');

    const page = await t.request(tutor, { method: 'GET', url: `/dashboard/session/${email}/${own.id}` });
    expect(page.statusCode).toBe(200);
    expect(rootOf(page.body)).toContain('Own roster calculus');
    expect(rootOf(page.body)).toContain('Rostered Student');
    expect(unread()).toEqual([]);
  });
});

describe("tutors' and admins' lists", () => {
  it('are drawn with their first page at once, the filters in the address applied', async () => {
    const tutor = await t.actor({ role: 'tutor', name: 'Listing Tutor' });
    const admin = await t.actor({ role: 'admin' });
    const pending = await createStudySession(t.deps, tutor.user!, { title: 'Pending spectral methods', status: 'pending' });
    const approved = await createStudySession(t.deps, tutor.user!, { title: 'Approved Fourier series' });
    const material = await t.request(tutor, { method: 'POST', url: '/api/materials', ...json({ sessionId: approved.id, title: 'Fourier cheat sheet', link: 'https://example.com/fourier' }) });
    expect(material.statusCode).toBe(201);
    const rejected = await t.request(admin, { method: 'POST', url: `/api/sessions/${pending.id}/reject`, ...json({ reason: 'Too short', feedback: 'Say more about the syllabus' }) });
    expect(rejected.statusCode).toBe(200);
    await t.createUser({ role: 'student', name: 'Zelda Findable' });

    const cases: Array<[visitor: typeof tutor, url: string, shown: string[], hidden: string[]]> = [
      [tutor, '/dashboard/manage-sessions', ['Pending spectral methods', 'Approved Fourier series'], []],
      [tutor, '/dashboard/view-all-materials', ['Fourier cheat sheet'], []],
      [admin, '/dashboard/all-materials', ['Fourier cheat sheet', 'Listing Tutor'], []],
      [admin, '/dashboard/all-sessions?status=rejected&q=spectral', ['Pending spectral methods', 'Too short'], ['Approved Fourier series']],
      [admin, '/dashboard/all-sessions?status=approved', ['Approved Fourier series'], ['Pending spectral methods']],
      [admin, '/dashboard/audit-log?action=session', ['Session rejected'], []],
      [admin, '/dashboard/all-users?role=student&q=zelda', ['Zelda Findable'], ['Listing Tutor']],
    ];
    for (const [visitor, url, shown, hidden] of cases) {
      const res = await t.request(visitor, { method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, 200]);
      const root = rootOf(res.body);
      for (const text of shown) expect(root, `${url} shows ${text}`).toContain(text);
      for (const text of hidden) expect(root, `${url} hides ${text}`).not.toContain(text);
    }
    expect(unread()).toEqual([]);
  });
});
