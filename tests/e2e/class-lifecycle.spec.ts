// The class lifecycle in a real browser on a 375 px phone: a tutor calls a class off and the booked student
// sees it everywhere (and is emailed); a student subscribes to their calendar feed in Settings
// and renews the link (the old address stops answering).
import type { Page } from '@playwright/test';
import { createBooking, createStudySession, type CreatedUser, type UserOverrides } from '#tests/factories.ts';
import { expect, test, type Server, expectPopup } from './fixtures';

test.use({ viewport: { width: 375, height: 812 } });

/** A new tutor's session called `title`, booked by a new student. */
async function bookedSession(server: Server, createUser: (overrides?: UserOverrides) => Promise<CreatedUser>, title: string) {
  const tutor = await createUser({ role: 'tutor' });
  const student = await createUser({ role: 'student' });
  const session = await createStudySession(server.deps, tutor, { title });
  await createBooking(server.deps, session, student);
  return { tutor, student, session };
}

async function hasNoHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

test('a tutor calls a class off with a reason; the booked student is emailed and sees it Cancelled', async ({ page, server, createUser, loginAs }) => {
  const { tutor, student, session } = await bookedSession(server, createUser, 'Linear algebra drop-in');

  await loginAs(page, tutor);
  await page.goto(`/dashboard/session/${encodeURIComponent(tutor.email)}/${session.id}`);
  await page.getByRole('button', { name: 'Cancel session' }).click();
  const dialog = page.getByRole('dialog', { name: 'Call this class off' });
  await expect(dialog).toBeVisible();
  expect(await hasNoHorizontalScroll(page)).toBe(true);
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('I am ill; we will pick it up next week.');
  await dialog.getByRole('button', { name: 'Call the class off' }).click();
  await expectPopup(page, 'Session cancelled');
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
  const { student } = await bookedSession(server, createUser, 'Statistics clinic');
  await loginAs(page, student);
  await page.goto('/dashboard/settings');
  const section = page.getByRole('region', { name: 'Calendar subscription' });
  await section.getByRole('button', { name: 'Make my calendar link' }).click();
  await expectPopup(page, 'Calendar link made');
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
  await expectPopup(page, 'New calendar link made');
  await expect(address).not.toHaveValue(url);
  expect((await fetch(url)).status).toBe(404);
});

test('a tutor takes attendance on the roster once class has started; the student sees theirs', async ({ page, server, createUser, loginAs }) => {
  const tutor = await createUser({ role: 'tutor' });
  const [ana, ben] = [await createUser({ role: 'student', name: 'Ana Attends' }), await createUser({ role: 'student', name: 'Ben Absent' })];
  const hour = 3_600_000;
  const session = await createStudySession(server.deps, tutor, {
    title: 'Lab practice',
    registrationStartDate: new Date(Date.now() - 48 * hour).toISOString(),
    registrationEndDate: new Date(Date.now() - 24 * hour).toISOString(),
    classStartDate: new Date(Date.now() - hour).toISOString(),
    classEndDate: new Date(Date.now() + hour).toISOString(),
  });
  for (const student of [ana, ben]) await createBooking(server.deps, session, student);

  await loginAs(page, tutor);
  await page.goto(`/dashboard/session/${encodeURIComponent(tutor.email)}/${session.id}`);
  const absent = page.getByRole('group', { name: 'Attendance of Ben Absent' }).getByRole('button', { name: 'Absent' });
  await absent.click();
  await expect(absent).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Mark all present' }).click();
  await expect(page.getByText('1 student marked present')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Attendance of Ana Attends' }).getByRole('button', { name: 'Present' })).toHaveAttribute('aria-pressed', 'true');
  await expect(absent).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('link', { name: 'Download roster (CSV)' })).toHaveAttribute('href', `/api/sessions/${session.id}/roster.csv`);
  expect(await hasNoHorizontalScroll(page)).toBe(true);

  await page.context().clearCookies();
  await loginAs(page, ben);
  await page.goto(`/dashboard/view-booked-session/${session.id}`);
  await expect(page.getByText('Absent', { exact: true })).toBeVisible();
});

test("an online class's link shows only to a booked student; the tutor's page is one click from the card", async ({ page, server, createUser, loginAs }) => {
  const tutor = await createUser({ role: 'tutor', name: 'Tina Teacher' });
  const student = await createUser({ role: 'student' });
  const session = await createStudySession(server.deps, tutor, { title: 'Online calculus' });
  await server.deps.db.kysely.updateTable('study_session').set({ locationKind: 'online', meetingUrl: 'https://meet.example.com/calc-123' }).where('id', '=', session.id).execute();
  await createBooking(server.deps, session, student);

  // The tutor writes a bio in Settings.
  await loginAs(page, tutor);
  await page.goto('/dashboard/settings');
  const bioForm = page.getByRole('form', { name: 'Your tutor profile' });
  await bioForm.getByRole('textbox', { name: 'Bio' }).fill('Maths teacher for twelve years.');
  await bioForm.getByRole('button', { name: 'Save bio' }).click();
  await expectPopup(page, 'Bio saved');
  await page.context().clearCookies();

  // Signed out: the place says online, never the link; "by Tina Teacher" leads to her page.
  await page.goto(`/session/${session.id}`);
  await expect(page.getByText('Online (the link is shown once you have booked)')).toBeVisible();
  await expect(page.getByTestId('meeting-link')).toHaveCount(0);
  await page.getByRole('link', { name: 'Tina Teacher' }).click();
  await expect(page).toHaveURL(new RegExp(`/tutors/${tutor.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Tina Teacher' })).toBeVisible();
  await expect(page.getByText('Maths teacher for twelve years.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Online calculus' })).toBeVisible();
  expect(await hasNoHorizontalScroll(page)).toBe(true);

  await loginAs(page, student);
  await page.goto(`/session/${session.id}`);
  await expect(page.getByTestId('meeting-link')).toHaveAttribute('href', 'https://meet.example.com/calc-123');
});
