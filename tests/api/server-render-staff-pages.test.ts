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

describe('the audit log', () => {
  /** The page's text as read: tags dropped, spaces collapsed. */
  const textOf = (html: string) => rootOf(html).replace(/<[^<>]*>/g, ' ').replace(/\s+/g, ' ');

  it('names what an entry is about and its details as the forms do: the fee as money, dates in the admin’s zone, no raw field names or ids (English and Spanish)', async () => {
    const admin = await t.actor({ role: 'admin' });
    expect((await t.request(admin, { method: 'PUT', url: '/api/me/time-zone', ...json({ timeZone: 'Europe/Madrid' }) })).statusCode).toBe(200);
    const tutor = await t.createUser({ role: 'tutor' });
    const title = `Audited harmony ${Date.now().toString(36)}`;
    const session = await createStudySession(t.deps, tutor, {
      title,
      status: 'pending',
      registrationEndDate: '2099-01-10T12:00:00.000Z',
      classStartDate: '2099-01-13T17:00:00.000Z',
      classEndDate: '2099-01-13T18:30:00.000Z',
    });
    // An admin's edit (the class a day later), then the approval, free.
    const edited = await t.request(admin, { method: 'PUT', url: `/api/session/${encodeURIComponent(tutor.email)}/${session.id}`, ...json({ classStartDate: '2099-01-14T17:00:00.000Z', classEndDate: '2099-01-14T18:30:00.000Z' }) });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await t.request(admin, { method: 'POST', url: `/api/sessions/${session.id}/approve`, ...json({ registrationFee: 0 }) })).statusCode).toBe(200);

    const url = `/dashboard/audit-log?q=${encodeURIComponent(title)}`;
    const english = await t.request(admin, { method: 'GET', url });
    expect(english.statusCode).toBe(200);
    const page = textOf(english.body);
    expect(page).toContain('Session approved');
    expect(page).toContain(`Session “${title}”`);
    expect(page).toContain(`Tutor: ${tutor.email}`);
    expect(page).toContain('Registration fee: $0.00');
    // 17:00 UTC in January is 18:00 in Madrid.
    expect(page).toContain('Class start: 13/01/2099 18:00 → 14/01/2099 18:00');
    expect(page).not.toContain('registrationFeeCents');
    expect(page).not.toContain('classStartDate');
    expect(page).not.toContain(session.id);

    const spanish = textOf((await t.request(admin, { method: 'GET', url, headers: { 'accept-language': 'es' } })).body);
    expect(spanish).toContain(`Sesión «${title}»`);
    expect(spanish).toMatch(/Precio de inscripción: 0,00 US\$/);
    expect(spanish).toContain('Inicio de la clase: 13/01/2099 18:00 → 14/01/2099 18:00');
    expect(spanish).not.toContain('registrationFeeCents');
    expect(unread()).toEqual([]);
  });
});
