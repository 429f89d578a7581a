// Issue 19 in a real browser on a 375 px phone: a tutor calls a class off and the booked student
// sees it everywhere (and is emailed); a student subscribes to their calendar feed in Settings
// and renews the link (the old address stops answering).
import type { Page } from '@playwright/test';
import { createBooking, createStudySession } from '#tests/factories.ts';
import { expect, test } from './fixtures';

test.use({ viewport: { width: 375, height: 812 } });

async function hasNoHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

test('a tutor calls a class off with a reason; the booked student is emailed and sees it Cancelled', async ({ page, server, createUser, loginAs }) => {
  const tutor = await createUser({ role: 'tutor' });
  const student = await createUser({ role: 'student' });
  const session = await createStudySession(server.deps, tutor, { title: 'Linear algebra drop-in' });
  await createBooking(server.deps, session, student);

  await loginAs(page, tutor);
  await page.goto(`/dashboard/session/${encodeURIComponent(tutor.email)}/${session.id}`);
  await page.getByRole('button', { name: 'Cancel session' }).click();
  const dialog = page.getByRole('dialog', { name: 'Call this class off' });
  await expect(dialog).toBeVisible();
  expect(await hasNoHorizontalScroll(page)).toBe(true);
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('I am ill; we will pick it up next week.');
  await dialog.getByRole('button', { name: 'Call the class off' }).click();
  await expect(page.getByText('Session cancelled')).toBeVisible();
  await expect(page.getByTestId('cancelled-note')).toContainText('I am ill; we will pick it up next week.');
  await expect(page.getByRole('button', { name: 'Cancel session' })).toHaveCount(0);
  expect(await hasNoHorizontalScroll(page)).toBe(true);

  const mail = await server.mailbox.waitFor(student.email, /^Cancelled: Linear algebra drop-in$/);
  expect(mail.text).toContain('Reason: I am ill; we will pick it up next week.');

  await page.context().clearCookies();
  await loginAs(page, student);
  await page.goto('/dashboard/view-booked-session');
  await expect(page.getByTestId('booked-session-row').filter({ hasText: 'Linear algebra drop-in' }).getByText('Cancelled')).toBeVisible();
  await page.goto(`/dashboard/view-booked-session/${session.id}`);
  await expect(page.getByTestId('booking-status')).toHaveText('Cancelled');
  await expect(page.getByTestId('cancelled-note')).toContainText('I am ill');
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  expect(await hasNoHorizontalScroll(page)).toBe(true);
  // Its public page says so and offers nothing to book.
  await page.goto(`/session/${session.id}`);
  await expect(page.getByTestId('cancelled-note')).toContainText('This class was cancelled.');
  await expect(page.getByRole('button', { name: /Book now|Join the waitlist/ })).toHaveCount(0);
  expect(await hasNoHorizontalScroll(page)).toBe(true);
});

test('a student subscribes to their calendar in Settings and renews the link', async ({ page, server, createUser, loginAs }) => {
  const tutor = await createUser({ role: 'tutor' });
  const student = await createUser({ role: 'student' });
  const session = await createStudySession(server.deps, tutor, { title: 'Statistics clinic' });
  await createBooking(server.deps, session, student);
  await loginAs(page, student);
  await page.goto('/dashboard/settings');
  const section = page.getByRole('region', { name: 'Calendar subscription' });
  await section.getByRole('button', { name: 'Make my calendar link' }).click();
  await expect(page.getByText('Calendar link made')).toBeVisible();
  const address = section.getByRole('textbox', { name: /copy this address/ });
  const url = await address.inputValue();
  expect(url).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(section.getByRole('link', { name: 'Subscribe in my calendar app' })).toHaveAttribute('href', url.replace(/^https?:/, 'webcal:'));
  expect(await hasNoHorizontalScroll(page)).toBe(true);

  // What a calendar app gets, without a cookie.
  const feed = await fetch(url);
  expect(feed.status).toBe(200);
  expect(await feed.text()).toContain('SUMMARY:Statistics clinic');

  await section.getByRole('button', { name: /Make a new link/ }).click();
  await page.getByRole('button', { name: 'Yes, make a new link' }).click();
  await expect(page.getByText('New calendar link made')).toBeVisible();
  await expect(address).not.toHaveValue(url);
  expect((await fetch(url)).status).toBe(404);
});
