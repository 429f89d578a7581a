// Admins see the work, in a real browser on a 375 px phone: an email that gave up
// (dead, with its last error) is listed on the admin's Background Jobs page; "Retry now" sends it
// through the running server's worker, and the Dead list is empty afterwards; without JavaScript
// "Retry now" is a form the server acts on. Others are turned away.
import type { Page } from '@playwright/test';
import { earlierWholeMessage } from '#tests/helpers/earlier-emails.ts';
import { expect, test, expectPopup } from './fixtures';

test.use({ viewport: { width: 375, height: 812 } });

const suffix = () => Date.now().toString(36) + Math.floor(Math.random() * 1000).toString(36);

async function hasNoHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

test('an admin sees a dead email with its last error and retries it now; it is delivered', async ({ page, server, mailbox, createUser, loginAs }) => {
  const admin = await createUser({ role: 'admin' });
  const to = `retry-${suffix()}@example.com`;
  const subject = `Booking confirmed: Algebra ${suffix()}`;
  const db = server.deps.db.kysely;
  const key = `e2e-${suffix()}`;
  await server.deps.jobs.enqueue(db, { ...earlierWholeMessage({ to, subject, text: 'You are booked.' }), key });
  await db.updateTable('job').set({ status: 'dead', attempts: 102, lastError: '421 mail.example.com: service not available' }).where('key', '=', key).execute();

  await loginAs(page, admin);
  await page.goto('/dashboard');
  // The phone's sidebar opens from its button (aria-controls names the sidebar).
  await page.locator('button[aria-controls="dashboard-sidebar"]').click();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Background Jobs' }).click();
  await expect(page).toHaveTitle('StudyNest | Background Jobs');
  await page.getByRole('navigation', { name: 'Job states' }).getByRole('link', { name: /^Dead/ }).click();
  await expect(page).toHaveURL(/state=dead/);

  const row = page.getByTestId('job-row').filter({ hasText: subject });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Dead');
  await expect(row).toContainText('102 of 102');
  await expect(row).toContainText('421 mail.example.com: service not available');
  expect(await hasNoHorizontalScroll(page)).toBe(true);

  await row.getByRole('button', { name: `Retry now: ${subject}` }).click();
  await expectPopup(page, 'Job queued to run now');
  // The server's own worker sends it within a second or so.
  const mail = await mailbox.waitFor(to, new RegExp(subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), 15_000);
  expect(mail.text).toContain('You are booked.');

  await page.reload();
  await expect(page.getByText('No job has given up.')).toBeVisible();
  expect(await hasNoHorizontalScroll(page)).toBe(true);
});

test('without JavaScript, Retry now is a form the server acts on', async ({ browser, server, mailbox, createUser }) => {
  const admin = await createUser({ role: 'admin' });
  const to = `nojs-${suffix()}@example.com`;
  const subject = `Session approved: Geometry ${suffix()}`;
  const key = `e2e-${suffix()}`;
  const db = server.deps.db.kysely;
  await server.deps.jobs.enqueue(db, { ...earlierWholeMessage({ to, subject, text: 'Approved.' }), key });
  await db.updateTable('job').set({ status: 'dead', attempts: 102, lastError: '421 try later' }).where('key', '=', key).execute();

  const context = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const signIn = await context.request.post('/api/auth/sign-in/email', { data: { email: admin.email, password: admin.password }, headers: { origin: server.baseURL } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const page = await context.newPage();
  await page.goto('/dashboard/background-jobs?state=dead');
  await page.getByTestId('job-row').filter({ hasText: subject }).getByRole('button', { name: `Retry now: ${subject}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/background-jobs\?state=dead$/);
  await mailbox.waitFor(to, new RegExp(subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), 15_000);
  await context.close();
});

test('a student is not shown the Background Jobs page', async ({ page, createUser, loginAs }) => {
  const student = await createUser({ role: 'student' });
  await loginAs(page, student);
  await page.goto('/dashboard/background-jobs');
  await expect(page).not.toHaveURL(/background-jobs/);
  await expect(page.getByRole('heading', { name: 'Background Jobs' })).toHaveCount(0);
});

for (const [locale, words] of [
  ['en-US', { confirmed: 'Booking confirmed', email: 'Email', lastRun: 'Last run', lastError: 'Last error' }],
  ['es-ES', { confirmed: 'Reserva confirmada', email: 'Correo', lastRun: 'Última ejecución', lastError: 'Último error' }],
] as const) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale, timezoneId: 'UTC' });

    test('each job is named once, in words, with its last run and last error', async ({ page, server, createUser, loginAs }) => {
      const key = `words-${suffix()}`;
      const db = server.deps.db.kysely;
      await server.deps.jobs.enqueue(db, { kind: 'email', payload: { render: 'bookings.confirmation', args: {} }, key });
      await db.updateTable('job').set({ status: 'dead', attempts: 102, lastError: `421 later ${key}`, lastRunAt: '2030-01-14T17:05:00.000Z' }).where('key', '=', key).execute();
      await loginAs(page, await createUser({ role: 'admin' }));
      await page.goto('/dashboard/background-jobs?state=dead');
      const row = page.getByTestId('job-row').filter({ hasText: `421 later ${key}` });
      await expect(row.getByText(words.confirmed, { exact: true })).toBeVisible();
      await expect(row.getByText(words.email, { exact: true })).toBeVisible();
      await expect(row).toContainText(new RegExp(`${words.lastRun}\\s*14/01/2030,? 17:05`));
      await expect(row).toContainText(words.lastError);
      await expect(row).not.toContainText('bookings.confirmation');
      expect(await hasNoHorizontalScroll(page)).toBe(true);
    });
  });
}
