// Emails people can live with, in a real browser on a 375 px phone: a student turns
// class reminders off in Settings and the choice stays, with or without JavaScript; a tutor sees the
// new-bookings switch; the unsubscribe link of an email, opened in a browser, leads to these settings.
import type { Page } from '@playwright/test';
import { unsubscribeHeaders } from '#server/features/notifications/public.ts';
import { expect, test, expectPopup } from './fixtures';

test.use({ viewport: { width: 375, height: 812 } });

async function hasNoHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

test('a student turns class reminders off in Settings, and it stays off', async ({ page, createUser, loginAs }) => {
  const student = await createUser({ role: 'student' });
  await loginAs(page, student);
  await page.goto('/dashboard/settings');
  const section = page.getByRole('region', { name: 'Email notifications' });
  const reminders = section.getByRole('checkbox', { name: 'Class reminders' });
  await expect(reminders).toBeChecked();
  // Tutors' notices are not a student's business.
  await expect(section.getByRole('checkbox', { name: 'New bookings' })).toHaveCount(0);
  expect(await hasNoHorizontalScroll(page)).toBe(true);

  await reminders.uncheck();
  await section.getByRole('button', { name: 'Save notifications' }).click();
  await expectPopup(page, 'Notification settings saved');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Email notifications' }).getByRole('checkbox', { name: 'Class reminders' })).not.toBeChecked();
});

test('without JavaScript, the switches are a form that saves (the page as the server draws it)', async ({ browser, server, createUser }) => {
  const student = await createUser({ role: 'student' });
  const context = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const signIn = await context.request.post('/api/auth/sign-in/email', { data: { email: student.email, password: student.password }, headers: { origin: server.baseURL } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const page = await context.newPage();
  await page.goto('/dashboard/settings');
  const reminders = page.getByRole('region', { name: 'Email notifications' }).getByRole('checkbox', { name: 'Class reminders' });
  await expect(reminders).toBeChecked();
  await reminders.uncheck();
  await page.getByRole('button', { name: 'Save notifications' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByRole('region', { name: 'Email notifications' }).getByRole('checkbox', { name: 'Class reminders' })).not.toBeChecked();
  const row = await server.deps.db.kysely.selectFrom('notification_opt_out').select('kind').where('userId', '=', student.id).execute();
  expect(row).toEqual([{ kind: 'classReminders' }]);
  await context.close();
});

test("an email's unsubscribe link opened in a browser leads to a tutor's notification settings", async ({ page, server, createUser, loginAs }) => {
  const tutor = await createUser({ role: 'tutor' });
  await loginAs(page, tutor);
  const link = unsubscribeHeaders(server.config, tutor.id, 'bookingNotices')['List-Unsubscribe']!.slice(1, -1);
  await page.goto(link);
  await expect(page).toHaveURL(/\/dashboard\/settings#notifications$/);
  const section = page.getByRole('region', { name: 'Email notifications' });
  await expect(section.getByRole('checkbox', { name: 'New bookings' })).toBeChecked();
  await expect(section).toBeInViewport();
});
