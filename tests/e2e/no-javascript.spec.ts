// StudyNest with JavaScript turned off (docs/decisions/018-forms-before-the-app.md): the server draws every page
// and answers every form, so a visitor can browse, search, filter, page, open a session, sign in,
// register with a role, reset a forgotten password, and a student can book a free session and
// write a note. Each journey runs in a browser context with JavaScript disabled: no app at all.
import type { Browser, Page } from '@playwright/test';
import { createStudySession, type CreatedUser } from '#tests/factories.ts';
import { expect, type Server, test } from './fixtures';

const DAY = 24 * 60 * 60 * 1000;
const suffix = () => Date.now().toString(36) + Math.floor(Math.random() * 1000).toString(36);

/** Fills the login form and sends it with its Log In button. */
async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** A tab with JavaScript off, signed in as `user` when given (through the login form itself). */
async function withoutJavaScript(browser: Browser, server: Server, user?: CreatedUser) {
  const context = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false, timezoneId: 'UTC' });
  const page = await context.newPage();
  if (user) {
    await page.goto('/login');
    await logIn(page, user.email, user.password);
    await expect(page).toHaveURL(`${server.baseURL}/`);
  }
  return { page, close: () => context.close() };
}

test('browse, search, filter, page and open a session', async ({ browser, server, createUser }) => {
  const tutor = await createUser({ role: 'tutor' });
  const tag = `nojs${suffix()}`;
  for (let i = 0; i < 13; i++) await createStudySession(server.deps, tutor, { title: `Open ${tag} ${String(i).padStart(2, '0')}` });
  await createStudySession(server.deps, tutor, {
    title: `Closed ${tag}`,
    registrationStartDate: new Date(Date.now() - 5 * DAY).toISOString(),
    registrationEndDate: new Date(Date.now() - DAY).toISOString(),
  });
  const { page, close } = await withoutJavaScript(browser, server);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sessions' }).click();
  await expect(page).toHaveTitle('StudyNest | All Sessions');

  await page.getByLabel('Search by title or tutor').fill(tag);
  await page.getByRole('button', { name: 'Search' }).click();
  // The browser sends every field of the form: the search, then Show and Sort by as chosen.
  await expect(page).toHaveURL(`${server.baseURL}/all-sessions?q=${tag}&when=upcoming&sort=class`);
  await expect(page.getByRole('article')).toHaveCount(12);

  await page.getByLabel('Open for registration').check();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(`${server.baseURL}/all-sessions?q=${tag}&open=true&when=upcoming&sort=class`);
  await expect(page.getByRole('article')).toHaveCount(12);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(page).toHaveURL(new RegExp(`/all-sessions\\?q=${tag}&open=true&after=`));
  // The 13th open session; the closed one is filtered out on every page.
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article', { name: `Open ${tag} 00` }).or(page.getByRole('article', { name: `Open ${tag} 12` }))).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  const title = (await page.getByRole('article').getByRole('heading').textContent())!;
  await page.getByRole('link', { name: `Read More about ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in to book' })).toBeVisible();
  await close();
});

test('register as a tutor, then sign in', async ({ browser, server }) => {
  const { page, close } = await withoutJavaScript(browser, server);
  const email = `nojs-tutor-${suffix()}@example.com`;
  await page.goto('/register');
  await page.getByLabel('Full name').fill('No Script Tutor');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('No-Script-Pass-1');
  await page.getByLabel('Role').selectOption('tutor');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(`${server.baseURL}/`);
  const account = await server.deps.db.kysely.selectFrom('user').select(['name', 'role']).where('email', '=', email).executeTakeFirst();
  expect(account).toEqual({ name: 'No Script Tutor', role: 'tutor' });
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('No-Script-Pass-1');
  // Enter sends the form with its first submit button: Log In, not "Forgot password?".
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(`${server.baseURL}/`);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Personal Details' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Photo of No Script Tutor' })).toBeVisible();
  await close();
});

test('ask for a password reset, set a new password from the emailed link, and sign in with it', async ({ browser, server, createUser }) => {
  const student = await createUser({ role: 'student' });
  const { page, close } = await withoutJavaScript(browser, server);
  await page.goto('/login');
  await page.getByLabel('Email').fill(student.email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password reset link sent to your email' })).toBeVisible();

  const mail = await server.mailbox.waitFor(student.email, /reset/i, 15_000);
  const link = /\/reset-password\?token=[^\s"<>]+/.exec(mail.text)![0];
  await page.goto(link);
  const newPassword = `No-Script-Reset-${suffix()}`;
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(`${server.baseURL}/login`);

  await logIn(page, student.email, newPassword);
  await expect(page).toHaveURL(`${server.baseURL}/`);
  await close();
});

test('a student books a free session and writes a note', async ({ browser, server, createUser }) => {
  const tutor = await createUser({ role: 'tutor' });
  const student = await createUser({ role: 'student' });
  const session = await createStudySession(server.deps, tutor, { title: `No-script booking ${suffix()}` });
  const { page, close } = await withoutJavaScript(browser, server, student);

  await page.goto(`/session/${session.id}`);
  await page.getByRole('button', { name: 'Book now' }).click();
  await expect(page).toHaveURL(`${server.baseURL}/session/${session.id}`);
  await expect(page.getByText('You have booked this session.')).toBeVisible();
  const booking = await server.deps.db.kysely.selectFrom('booking').select('status').where('sessionId', '=', session.id).where('studentId', '=', student.id).execute();
  expect(booking).toEqual([{ status: 'confirmed' }]);

  const title = `No-script note ${suffix()}`;
  await page.goto('/dashboard/create-note');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Details').fill('Written with JavaScript off.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(`${server.baseURL}/dashboard/manage-personal-notes`);
  await expect(page.getByText(title)).toBeVisible();
  await close();
});

test('a refused form says why and keeps what was typed: a wrong password, then a note without a title', async ({ browser, server, createUser }) => {
  const student = await createUser({ role: 'student' });
  const { page, close } = await withoutJavaScript(browser, server);
  await page.goto('/login');
  await logIn(page, student.email, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page.getByLabel('Email')).toHaveValue(student.email);
  await expect(page.getByLabel('Password')).toHaveValue('');
  // Corrected, the same form signs in.
  await page.getByLabel('Password').fill(student.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(`${server.baseURL}/`);

  await page.goto('/dashboard/create-note');
  const details = `Line one\nLine two ${suffix()}`;
  // Spaces pass the browser's `required`; the server trims them and refuses.
  await page.getByLabel('Title').fill('   ');
  await page.getByLabel('Details').fill(details);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText(/title/i);
  await expect(page.getByLabel('Details')).toHaveValue(details);
  await page.getByLabel('Title').fill(`Kept ${suffix()}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(`${server.baseURL}/dashboard/manage-personal-notes`);
  await close();
});

test('"Resend verification email" without JavaScript sends the email and the dashboard says so', async ({ browser, server, createUser }) => {
  const student = await createUser({ role: 'student', verified: false });
  const { page, close } = await withoutJavaScript(browser, server, student);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('status').filter({ hasText: 'Open the link we sent to your email address to verify it.' })).toBeVisible();
  await server.mailbox.waitFor(student.email, /Verify your StudyNest email/);
  await close();
});

test('every form that posts says when scripts are off, so that a refusal can come back as the page (footer, Settings, Personal Details)', async ({ browser, server, createUser }) => {
  const tutor = await createUser({ role: 'tutor', verified: false });
  const { page, close } = await withoutJavaScript(browser, server, tutor);
  for (const path of ['/', '/dashboard', '/dashboard/settings']) {
    await page.goto(path);
    const forms = page.locator('form[method="post"]');
    expect(await forms.count(), path).toBeGreaterThan(0);
    // With scripts off the parser reads <noscript> as markup: its field is in the form.
    const without = await forms.evaluateAll((all) => all.filter((form) => !form.querySelector('input[name="_nojs"]')).map((form) => form.textContent?.trim().slice(0, 40)));
    expect(without, path).toEqual([]);
  }
  await expect(page.getByRole('button', { name: 'Save language' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Resend verification email' })).toBeVisible();
  await close();
});
