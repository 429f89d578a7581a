// Stored content is text. A <script> or an onerror handler in a session's
// title and description, a tutor's and a student's name, a review and a note renders as visible
// text in the browser and never runs; and the Content-Security-Policy would block an inline
// script anyway.
import type { Page } from '@playwright/test';
import { createBooking, createStudySession } from '#tests/factories.ts';
import { newId } from '#server/ids.ts';
import { test, expect } from './fixtures';

const SCRIPT = '<script>window.__xss = (window.__xss || 0) + 1</script>';
const IMG = '<img src=x onerror="window.__xss = (window.__xss || 0) + 1">';
const DAY = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Collects every way a payload could have run: the marker, dialogs, CSP reports. */
async function watch(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return {
    dialogs,
    async ran(): Promise<unknown> {
      return page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? 0);
    },
  };
}

test('a <script> in a session, a name, a review and a note shows as text and never runs', async ({ page, server, createUser, loginAs }) => {
  const tutor = await createUser({ role: 'tutor', name: `Tutor ${SCRIPT}` });
  const student = await createUser({ role: 'student', name: `Student ${IMG}` });
  const session = await createStudySession(server.deps, tutor, {
    title: `Title ${SCRIPT}`,
    description: `Description ${IMG} ${SCRIPT}`,
    registrationStartDate: iso(Date.now() - 10 * DAY),
    registrationEndDate: iso(Date.now() + 10 * DAY),
    classStartDate: iso(Date.now() - DAY),
    classEndDate: iso(Date.now() - DAY + 3600_000),
  });
  await createBooking(server.deps, session, student);
  const now = iso(Date.now());
  const noteId = newId();
  await server.deps.db.kysely.insertInto('note').values({ id: noteId, studentId: student.id, title: `Note ${SCRIPT}`, details: `Details ${IMG}`, createdAt: now, updatedAt: now }).execute();

  const seen = await watch(page);
  await loginAs(page, student);
  // Through the API, so that the session's rating summary counts it.
  const review = await page.request.post(`${server.baseURL}/api/review`, {
    data: { sessionId: session.id, review: `Review ${SCRIPT} ${IMG}`, rating: 4 },
    headers: { origin: server.baseURL },
  });
  expect(review.status(), await review.text()).toBeLessThan(300);

  // The session's public details page: title, description, tutor's name, the review and its author.
  await page.goto(`/session/${session.id}`);
  await expect(page.locator('main').getByText(`Title ${SCRIPT}`).first()).toBeVisible();
  await expect(page.locator('main').getByText(`Description ${IMG} ${SCRIPT}`).first()).toBeVisible();
  await expect(page.locator('main').getByText(`Review ${SCRIPT} ${IMG}`).first()).toBeVisible();
  // The reviewer's name under the review, and the signed-in student's own name in the app shell.
  await expect(page.locator('main').getByText(`Student ${IMG}`).first()).toBeVisible();
  expect(await page.getByText(`Student ${IMG}`).count()).toBeGreaterThan(1);
  await expect(page.locator('main').getByText(`Tutor ${SCRIPT}`).first()).toBeVisible();
  await expect(page.locator('main script, main img[src="x"]')).toHaveCount(0);

  // The student's own name in the app shell, and the note.
  await page.goto(`/dashboard/note/${noteId}`);
  await expect(page.getByText(`Note ${SCRIPT}`).first()).toBeVisible();
  await expect(page.getByText(`Details ${IMG}`).first()).toBeVisible();
  await page.goto('/dashboard/manage-personal-notes');
  await expect(page.getByText(`Note ${SCRIPT}`).first()).toBeVisible();

  // All sessions list and the home page render the same title as text. The class has ended, so
  // All Sessions lists it under Show: Past (upcoming classes are the default view).
  await page.goto('/all-sessions?when=past');
  await expect(page.getByText(`Title ${SCRIPT}`).first()).toBeVisible();
  await page.goto('/');
  await expect(page.locator('body')).toBeVisible();

  expect(await seen.ran()).toBe(0);
  expect(seen.dialogs).toEqual([]);
});

test('the Content-Security-Policy blocks an inline script even if one reached the page', async ({ page }) => {
  const response = await page.goto('/');
  const csp = response!.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);

  const violations: string[] = [];
  await page.exposeFunction('__reportViolation', (directive: string) => violations.push(directive));
  const ran = await page.evaluate(async () => {
    document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { __reportViolation: (d: string) => void }).__reportViolation(e.effectiveDirective));
    // What a stored-XSS bug would amount to: markup that reached the DOM and tries to run.
    const script = document.createElement('script');
    script.textContent = 'window.__csp = 1';
    document.body.appendChild(script);
    const img = document.createElement('div');
    img.innerHTML = '<img src="data:," onerror="window.__csp = 2">';
    document.body.appendChild(img);
    await new Promise((r) => setTimeout(r, 300));
    return (window as unknown as { __csp?: number }).__csp ?? 0;
  });
  expect(ran).toBe(0);
  expect(violations.length).toBeGreaterThan(0);
  expect(violations.every((d) => d.startsWith('script-src'))).toBe(true);
});
