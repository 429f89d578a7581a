// "My data" and account deletion in a real browser: a student downloads their data from Settings, deletes their account
// (a wrong password first, then the right one) and lands on Home signed out; an admin finds the
// deletion in the Audit Log page. Without JavaScript, on a phone, the form deletes it too.
import fs from 'node:fs/promises';
import { readZipArchive } from '#server/features/my-data/public.ts';
import { expect, test } from './fixtures';

test('a student downloads their data and deletes their account with their password; an admin sees it in the audit log', async ({ page, createUser, loginAs }) => {
  const student = await createUser({ role: 'student', name: 'Leaving Learner' });
  const admin = await createUser({ role: 'admin' });
  await loginAs(page, student);
  await page.goto('/dashboard/settings');
  const section = page.getByRole('region', { name: 'My data' });

  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('link', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^studynest-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = readZipArchive(await fs.readFile((await download.path())!));
  const data = JSON.parse(zip.get('studynest-data.json')!.toString('utf8')) as { account: { email: string; name: string } };
  expect(data.account).toMatchObject({ email: student.email, name: 'Leaving Learner' });

  // Where the server sends the browser when a large archive is built by a job.
  await page.goto('/dashboard/settings?export=emailed#my-data');
  await expect(section.getByRole('status')).toContainText('We will email you a download link');
  // Where it sends a browser that followed the link more often than an hour allows.
  await page.goto('/dashboard/settings?export=too-often&minutes=12#my-data');
  await expect(section.getByRole('alert')).toContainText('You have downloaded your data 6 times in the last hour, the most allowed. Try again in 12 minutes.');

  const deleteForm = section.getByRole('form', { name: 'Delete my account' });
  await deleteForm.getByLabel('Your password').fill('not my password');
  await deleteForm.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Delete your account?');
  await dialog.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(page.getByRole('dialog')).toContainText('The password is not right.');
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();

  await deleteForm.getByLabel('Your password').fill(student.password);
  await deleteForm.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(page.getByRole('dialog')).toContainText('Your account has been deleted.');
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard/settings');
  await expect(page).toHaveURL(/\/login\?from=/);

  await loginAs(page, admin);
  await page.goto('/dashboard/audit-log?action=user.deleted');
  await expect(page).toHaveTitle('StudyNest | Audit Log');
  const row = page.getByTestId('audit-row').filter({ hasText: student.email }).first();
  await expect(row).toContainText('Account deleted');
  await expect(row).toContainText(`By ${student.email}`);
});

test("an admin deletes a user's account from All Users after confirming, and cannot delete their own there", async ({ page, createUser, loginAs }) => {
  const admin = await createUser({ role: 'admin', name: 'Acting Admin' });
  const tag = Math.random().toString(36).slice(2, 8);
  const student = await createUser({ role: 'student', name: `Gone ${tag}` });
  await loginAs(page, admin);
  await page.goto(`/dashboard/all-users?q=${tag}`);
  const row = page.getByTestId('user-row').filter({ hasText: student.email });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name: `Download Gone ${tag}'s data` })).toHaveAttribute('href', `/api/users/${student.id}/data`);
  await row.getByRole('button', { name: `Delete Gone ${tag}'s account` }).click();
  await expect(page.getByRole('dialog')).toContainText(`Delete Gone ${tag}'s account?`);
  await page.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(page.getByRole('heading', { name: 'Account deleted' })).toBeVisible();
  // The account is now "Former student": no longer found by its name.
  await expect(page.getByTestId('user-row').filter({ hasText: student.email })).toHaveCount(0);

  await page.goto('/dashboard/all-users?q=Acting%20Admin');
  await expect(page.getByTestId('user-row').filter({ hasText: admin.email }).getByRole('button', { name: /^Delete / })).toHaveCount(0);
});

test('without JavaScript, on a phone, "Delete my account" is a form: the password, then Home signed out', async ({ browser, server, createUser }) => {
  const student = await createUser({ role: 'student', name: 'Scriptless Leaver' });
  const context = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false, timezoneId: 'UTC', viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password').fill(student.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(`${server.baseURL}/`);

  await page.goto('/dashboard/settings');
  const deleteForm = page.getByRole('form', { name: 'Delete my account' });
  // A wrong password: the server keeps the page as it was (nothing deleted).
  await deleteForm.getByLabel('Your password').fill('not my password');
  await deleteForm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(`${server.baseURL}/dashboard/settings`);
  const row = () => server.deps.db.kysely.selectFrom('user').select('name').where('id', '=', student.id).executeTakeFirstOrThrow();
  expect((await row()).name).toBe('Scriptless Leaver');

  await deleteForm.getByLabel('Your password').fill(student.password);
  await deleteForm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(`${server.baseURL}/`);
  expect((await row()).name).toBe('Former student');
  await page.goto('/dashboard/settings');
  await expect(page).toHaveURL(/\/login\?from=/);
  await context.close();
});
