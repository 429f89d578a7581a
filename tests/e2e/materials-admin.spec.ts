// Materials and user administration in a real browser: a tutor uploads a PDF and a
// link, a booked student sees and downloads them, an admin removes one and it is gone for the
// student; an admin finds a user, makes them a tutor, and their menu changes on their next load.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { createBooking, createStudySession } from '#tests/factories.ts';
import { expect, liveNavigation, test, expectPopup } from './fixtures';

const suffix = () => Date.now().toString(36) + Math.floor(Math.random() * 1000).toString(36);

function pdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );
}

async function hasNoHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

test('a tutor uploads a PDF and a link, a booked student downloads them, an admin removes one', async ({ page, server, createUser, loginAs }) => {
  const tutor = await createUser({ role: 'tutor', name: 'Tomas Tutor' });
  const student = await createUser({ role: 'student' });
  const admin = await createUser({ role: 'admin' });
  const sessionTitle = `Organic Chemistry ${suffix()}`;
  const session = await createStudySession(server.deps, tutor, { title: sessionTitle });
  await createBooking(server.deps, session, student);
  const content = pdf();

  // The tutor uploads a PDF, then a link.
  await loginAs(page, tutor);
  await page.goto('/dashboard');
  await sidebar(page).getByRole('link', { name: 'Upload Materials' }).click();
  await expect(page).toHaveTitle('StudyNest | Upload Materials');
  await page.getByLabel('Session', { exact: true }).selectOption({ label: sessionTitle });
  await page.getByLabel('Title').fill('Week 1 slides');
  await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'week1.pdf', mimeType: 'application/pdf', buffer: content });
  await page.getByRole('button', { name: 'Upload Material' }).click();
  await expectPopup(page, 'Material uploaded successfully');
  await expect(page.getByRole('heading', { name: 'Material uploaded successfully' })).toBeHidden();

  await page.getByLabel('Session', { exact: true }).selectOption({ label: sessionTitle });
  await page.getByLabel('Title').fill('Reading list');
  await page.getByLabel('Link', { exact: true }).check();
  await page.getByLabel(/^Link/).and(page.locator('input[type="url"]')).fill('https://drive.google.com/file/d/abc/view');
  await page.getByRole('button', { name: 'Upload Material' }).click();
  await expectPopup(page, 'Material uploaded successfully');

  // A file that only claims to be a PDF is refused with the server's message.
  await expect(page.getByRole('heading', { name: 'Material uploaded successfully' })).toBeHidden();
  await page.getByLabel('Session', { exact: true }).selectOption({ label: sessionTitle });
  await page.getByLabel('Title').fill('Not really a PDF');
  await page.getByLabel('File (image, PDF or office document)').check();
  await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just text') });
  await page.getByRole('button', { name: 'Upload Material' }).click();
  await expect(page.getByRole('dialog')).toContainText('The file must be an image (PNG, JPEG, WebP, GIF or AVIF), a PDF or an office document (Word, PowerPoint, Excel or OpenDocument).');
  await page.getByRole('button', { name: 'Ok' }).click();

  await sidebar(page).getByRole('link', { name: 'View All Materials' }).click();
  const group = page.getByTestId('material-group').filter({ hasText: sessionTitle });
  await expect(group.getByTestId('material-card')).toHaveCount(2);
  // The tutor renames the link.
  await group.getByRole('button', { name: 'Edit Reading list' }).click();
  const editForm = page.getByRole('form', { name: 'Edit Reading list' });
  await editForm.getByLabel('Title').fill('Reading list for week 1');
  await editForm.getByRole('button', { name: 'Save' }).click();
  await expectPopup(page, 'Material updated successfully');
  await expect(group.getByRole('heading', { name: 'Reading list for week 1' })).toBeVisible();

  // The booked student sees both, grouped under the session, and downloads the PDF.
  await page.context().clearCookies();
  await loginAs(page, student);
  await page.goto('/dashboard');
  await sidebar(page).getByRole('link', { name: 'Study Materials' }).click();
  await expect(page).toHaveTitle('StudyNest | Study Materials');
  const studentGroup = page.getByTestId('material-group').filter({ hasText: sessionTitle });
  await expect(studentGroup.getByRole('heading', { name: sessionTitle })).toBeVisible();
  await expect(studentGroup.getByText('Tutor: Tomas Tutor')).toBeVisible();
  const link = studentGroup.getByRole('link', { name: /Open link Reading list for week 1/ });
  await expect(link).toHaveAttribute('href', 'https://drive.google.com/file/d/abc/view');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

  const downloading = page.waitForEvent('download');
  await studentGroup.getByRole('link', { name: 'Download Week 1 slides' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('week1.pdf');
  expect(fs.readFileSync((await download.path())!).equals(content)).toBe(true);
  const fileUrl = await studentGroup.getByRole('link', { name: 'Download Week 1 slides' }).getAttribute('href');

  await page.setViewportSize({ width: 375, height: 800 });
  expect(await hasNoHorizontalScroll(page)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The admin removes the PDF.
  await page.context().clearCookies();
  await loginAs(page, admin);
  await page.goto('/dashboard');
  await sidebar(page).getByRole('link', { name: 'All Materials' }).click();
  await expect(page).toHaveTitle('StudyNest | All Materials');
  await page.getByRole('button', { name: 'Remove Week 1 slides' }).click();
  await expect(page.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
  await expect(page.getByText("You won't be able to revert this!")).toBeVisible();
  await page.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expectPopup(page, 'Material removed successfully');
  await expect(page.getByRole('button', { name: 'Remove Week 1 slides' })).toHaveCount(0);

  // Gone for the student, file included; the link stays.
  await page.context().clearCookies();
  await loginAs(page, student);
  await page.goto('/dashboard/study-materials');
  const after = page.getByTestId('material-group').filter({ hasText: sessionTitle });
  await expect(after.getByRole('heading', { name: 'Reading list for week 1' })).toBeVisible();
  await expect(after.getByRole('heading', { name: 'Week 1 slides' })).toHaveCount(0);
  await expect(after.getByTestId('material-card')).toHaveCount(1);
  const res = await page.request.get(fileUrl!);
  expect(res.status()).toBe(404);
});

test('an admin finds a user and makes them a tutor; their menu changes on their next page load', async ({ page, browser, server, createUser, loginAs }) => {
  const admin = await createUser({ role: 'admin' });
  const name = `Uma Promoted ${suffix()}`;
  const user = await createUser({ role: 'student', name });

  // The student is signed in elsewhere and sees the student menu.
  const studentContext = await browser.newContext({ baseURL: server.baseURL });
  const studentPage = liveNavigation(await studentContext.newPage());
  await loginAs(studentPage, user);
  await studentPage.goto('/dashboard');
  await expect(sidebar(studentPage).getByRole('link', { name: 'Study Materials' })).toBeVisible();
  await expect(sidebar(studentPage).getByRole('link', { name: 'Upload Materials' })).toHaveCount(0);

  await loginAs(page, admin);
  await page.goto('/dashboard');
  await sidebar(page).getByRole('link', { name: 'All Users' }).click();
  await expect(page).toHaveTitle('StudyNest | All Users');
  await page.getByLabel('Search by name or email').fill(name.toUpperCase());
  await page.getByRole('button', { name: 'Search' }).click();
  const rows = page.getByTestId('user-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(user.email);
  await expect(rows.first()).toContainText('Verified');

  await page.getByLabel(`Role of ${name}`).selectOption('tutor');
  await expect(page.getByRole('heading', { name: 'Change role?' })).toBeVisible();
  await page.getByRole('button', { name: 'Yes, change it!' }).click();
  await expectPopup(page, 'Role updated successfully');
  await expect(page.getByLabel(`Role of ${name}`)).toHaveValue('tutor');

  // Filtering by role finds them among the tutors.
  await page.getByLabel('Role', { exact: true }).selectOption('tutor');
  await expect(rows.filter({ hasText: name })).toHaveCount(1);

  await page.setViewportSize({ width: 375, height: 800 });
  expect(await hasNoHorizontalScroll(page)).toBe(true);

  await studentPage.reload();
  await expect(sidebar(studentPage).getByRole('link', { name: 'Upload Materials' })).toBeVisible();
  await expect(sidebar(studentPage).getByRole('link', { name: 'Manage Sessions' })).toBeVisible();
  await expect(sidebar(studentPage).getByRole('link', { name: 'Study Materials' })).toHaveCount(0);
  await studentContext.close();
});
