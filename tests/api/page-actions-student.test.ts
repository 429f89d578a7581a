// A student's dashboard pages on their route's loader and action (docs/decisions/041-pages-loaders-actions.md):
// a note that is not the visitor's is the 404 page, and Personal Details' "Resend verification
// email" sent without JavaScript is mailed and the next page says so. Reads the production build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { builtWeb } from '#tests/helpers/built-web.ts';
import { form, doneOf } from '#tests/helpers/form-posts.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { webDir: builtWeb() });
});
afterAll(async () => {
  await t?.close();
});


describe("a student's note", () => {
  it("another student's note, or none, is the 404 page; the student's own is the page", async () => {
    const ownerUser = await t.createUser({ role: 'student' });
    const owner = await t.signIn(ownerUser);
    await t.request(owner, { method: 'POST', url: '/dashboard/create-note', ...form({ title: 'Only mine to read', details: 'Private.' }) });
    const note = await t.deps.db.kysely.selectFrom('note').select('id').where('studentId', '=', ownerUser.id).executeTakeFirstOrThrow();
    const other = await t.actor({ role: 'student' });
    for (const url of [`/dashboard/note/${note.id}`, '/dashboard/note/no-such-note']) {
      const res = await t.request(other, { method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('Page not found');
      expect(res.body).not.toContain('Only mine to read');
    }
    const own = await t.request(owner, { method: 'GET', url: `/dashboard/note/${note.id}` });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('Only mine to read');
  });
});

describe('Personal Details: "Resend verification email"', () => {
  it('sent without JavaScript: mailed, 303 to the dashboard, which says "Verification email sent" once', async () => {
    const user = await t.createUser({ role: 'student', verified: false });
    const student = await t.signIn(user);
    // Where the page's form goes, as a browser without scripts reads it: the index route's action.
    const page = await t.request(student, { method: 'GET', url: '/dashboard' });
    const formTag = /<form[^>]*method="post"[^>]*>(?:(?!<\/form>)[\s\S])*Resend verification email/.exec(page.body)?.[0] ?? '';
    const target = /action="([^"]*)"/.exec(formTag)?.[1]?.replaceAll('&amp;', '&');
    expect(target).toBe('/dashboard?index');
    const res = await t.request(student, { method: 'POST', url: target!, ...form({ _nojs: '1', intent: 'resend-verification' }) });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dashboard');
    expect(doneOf(res)).toBe('verification.sent');
    await t.mail.waitFor(user.email, /Verify your StudyNest email/);
    const next = await t.request({ ...student, cookie: `${student.cookie}; done=verification.sent` }, { method: 'GET', url: '/dashboard' });
    expect(next.statusCode).toBe(200);
    expect(next.body).toContain('Open the link we sent to your email address to verify it.');
    const again = await t.request(student, { method: 'GET', url: '/dashboard' });
    expect(again.body).not.toContain('Open the link we sent to your email address to verify it.');
  });

  it('signed out, the form sends nothing and the guard asks to log in', async () => {
    const res = await t.request(null, { method: 'POST', url: '/dashboard?index', ...form({ _nojs: '1', intent: 'resend-verification' }) });
    expect([res.statusCode, res.headers.location]).toEqual([302, '/login?from=%2Fdashboard%3Findex']);
  });
});
