// Pages are drawn by the server and come alive once the app has loaded (docs/decisions/013): what
// a visitor types, ticks or chooses on a form before then is what the app has when it takes over,
// on every form page. Each test holds the app's code back, fills the form the way a person (or a
// password manager) would, lets the app take over, sends the form through the app and checks
// what the server received.
import type { Browser, Page } from '@playwright/test';
import { createBooking, createStudySession, type CreatedUser } from '#tests/factories.ts';
import { expect, passwordResetLink, type Server, test, waitForApp, expectPopup, recordPopups } from './fixtures';
import { pngPhoto } from './png-photo';

const HOUR = 60 * 60 * 1000;
const suffix = () => Date.now().toString(36) + Math.floor(Math.random() * 1000).toString(36);

/**
 * `path` as the server drew it, the app's code (main-*.js) held back until `live()`; signed in as
 * `user` when given. The page script (boot.ts) runs as usual: only the app is missing.
 */
async function beforeTheApp(browser: Browser, server: Server, path: string, user?: CreatedUser, options: { clockAheadMs?: number } = {}) {
  const context = await browser.newContext({ baseURL: server.baseURL, timezoneId: 'UTC' });
  await recordPopups(context);
  if (user) {
    const res = await context.request.post('/api/auth/sign-in/email', { data: { email: user.email, password: user.password }, headers: { origin: server.baseURL } });
    expect(res.status(), await res.text()).toBe(200);
  }
  const page = await context.newPage();
  // The browser's clock, a fixed time this far from the server's (timers still run).
  if (options.clockAheadMs) await page.clock.setFixedTime(Date.now() + options.clockAheadMs);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith('Hydration mismatch')) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  const addresses: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) addresses.push(frame.url());
  });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const requested = new Promise<void>((resolve) => (asked = resolve));
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    asked();
    await released;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  // boot.ts asks for the app once the page has painted: the page is all there, and not live.
  await requested;
  return {
    page,
    /** Every address the tab has shown. */
    addresses,
    async live() {
      expect(await page.locator('html').getAttribute('data-app'), 'the app took over before the test let it').toBeNull();
      release();
      await waitForApp(page);
    },
    async close() {
      expect(problems, 'hydration mismatches or page errors').toEqual([]);
      await context.close();
    },
  };
}

/** `tutor`'s Create a Session form before the app, its title, description and capacity typed. */
async function sessionFormBeforeTheApp(browser: Browser, server: Server, tutor: CreatedUser, typed: { title: string; description: string; maxParticipants: string }) {
  const held = await beforeTheApp(browser, server, '/dashboard/create-session', tutor);
  await held.page.getByLabel('Session Title').fill(typed.title);
  await held.page.getByLabel('Session description').fill(typed.description);
  await held.page.getByLabel('Max participants (optional)').fill(typed.maxParticipants);
  // Where the class happens: a choice the form requires.
  await held.page.getByLabel('Online', { exact: true }).check();
  await held.page.getByLabel('Meeting link').fill('https://meet.example/early');
  return held;
}

/** `student`'s emailed reset link, open before the app, a new password typed in both fields. */
async function resetFormFilledBeforeTheApp(browser: Browser, server: Server, student: CreatedUser) {
  const held = await beforeTheApp(browser, server, await passwordResetLink(server, student));
  const { page } = held;
  const newPassword = `Early-Reset-${suffix()}`;
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  return { held, page, newPassword };
}

test('login: the email and password typed before the app is live are what signs in', async ({ browser, server, createUser }) => {
  const student = await createUser({ role: 'student' });
  const held = await beforeTheApp(browser, server, '/login');
  const { page } = held;
  await page.getByLabel('Email').pressSequentially(student.email);
  await page.getByLabel('Password').fill(student.password);
  await held.live();

  await expect(page.getByLabel('Email')).toHaveValue(student.email);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expectPopup(page, 'Login Successful');
  await expect(page).toHaveURL(`${server.baseURL}/`);
  await held.close();
});

test('forgot password: the email typed before the app is live is where the link goes', async ({ browser, server, createUser }) => {
  const student = await createUser({ role: 'student' });
  const held = await beforeTheApp(browser, server, '/login');
  const { page } = held;
  await page.getByLabel('Email').fill(student.email);
  await held.live();

  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expectPopup(page, 'Password reset link sent to your email');
  await server.mailbox.waitFor(student.email, /reset/i);
  await held.close();
});

test('register: name, email, password, role and photo chosen before the app is live are the account made', async ({ browser, server }) => {
  const email = `early-${suffix()}@example.com`;
  const held = await beforeTheApp(browser, server, '/register');
  const { page } = held;
  await page.getByLabel('Full name').fill('Early Bird');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Early-Bird-Pass-1');
  await page.getByLabel('Role').selectOption('tutor');
  await page.getByLabel('Photo').setInputFiles({ name: 'early.png', mimeType: 'image/png', buffer: pngPhoto() });
  await held.live();

  // The photo chosen is the one shown, and the one sent.
  await expect(page.getByText('early.png', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Preview of early.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expectPopup(page, 'Registration Successful');
  await expect
    .poll(() => server.deps.db.kysely.selectFrom('user').select(['name', 'role', 'image']).where('email', '=', email).executeTakeFirst())
    .toEqual({ name: 'Early Bird', role: 'tutor', image: expect.stringMatching(/^\/api\/uploads\//) });
  await held.close();
});

test('reset password: the new password typed before the app is live is the one set', async ({ browser, server, createUser }) => {
  const student = await createUser({ role: 'student' });
  const { held, page, newPassword } = await resetFormFilledBeforeTheApp(browser, server, student);
  await held.live();

  await page.getByRole('button', { name: 'Reset password' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email: student.email, password: newPassword }, headers: { origin: server.baseURL } });
  expect(signIn.status()).toBe(200);
  await held.close();
});

test('create session: title, description, capacity and cutoff typed before the app is live are the session made', async ({ browser, server, createUser }) => {
  const tutor = await createUser({ role: 'tutor' });
  const title = `Early session ${suffix()}`;
  const held = await sessionFormBeforeTheApp(browser, server, tutor, { title, description: 'Typed while the page was still loading.', maxParticipants: '12' });
  const { page } = held;
  await page.getByLabel('Cancellation cutoff (hours)').fill('6');
  await held.live();

  await page.getByRole('button', { name: 'Create Session' }).click();
  await expectPopup(page, 'Session created successfully');
  const row = await server.deps.db.kysely.selectFrom('study_session').select(['description', 'maxParticipants', 'cancellationCutoffHours']).where('title', '=', title).executeTakeFirst();
  expect(row).toEqual({ description: 'Typed while the page was still loading.', maxParticipants: 12, cancellationCutoffHours: 6 });
  await held.close();
});

test("create session: the dates' bounds follow the browser's clock once the app is live, not the server's", async ({ browser, server, createUser }) => {
  const tutor = await createUser({ role: 'tutor' });
  const title = `Clock session ${suffix()}`;
  const held = await beforeTheApp(browser, server, '/dashboard/create-session', tutor, { clockAheadMs: 17 * 60_000 });
  const { page } = held;
  await held.live();

  // The server drew "now" in its own minute; the browser's "now" is 17 minutes later (a slow
  // load, a minute that turned, another clock): the fields agree with each other, and the form
  // is accepted. (The fields are dd/MM/yyyy and HH:mm text, with no min or max
  // attributes to disagree: the server checks the order of the dates.)
  // Registration closes when the proposed class starts, a week ahead.
  await expect(page.getByLabel('Registration End Date')).toHaveValue(await page.getByLabel('Class Start Date').inputValue());
  await expect(page.getByLabel('Registration End Time')).toHaveValue(await page.getByLabel('Class Start Time').inputValue());
  await page.getByLabel('Session Title').fill(title);
  await page.getByLabel('Session description').fill('Dates from the browser.');
  await page.getByLabel('To be announced', { exact: true }).check();
  await page.getByRole('button', { name: 'Create Session' }).click();
  await expectPopup(page, 'Session created successfully');
  expect(await server.deps.db.kysely.selectFrom('study_session').select('id').where('title', '=', title).execute()).toHaveLength(1);
  await held.close();
});

test('edit session: a title and details changed before the app is live are what is saved', async ({ browser, server, createUser }) => {
  const tutor = await createUser({ role: 'tutor' });
  const session = await createStudySession(server.deps, tutor, { status: 'pending', title: `Before ${suffix()}`, description: 'The details as they were.' });
  const held = await beforeTheApp(browser, server, `/dashboard/session/edit/${session.id}`, tutor);
  const { page } = held;
  await page.getByLabel('Title').fill(`After ${session.title}`);
  await page.getByLabel('Details').fill('The details as the tutor rewrote them.');
  await held.live();

  await page.getByRole('button', { name: 'Update' }).click();
  await expectPopup(page, 'Session updated successfully');
  const row = await server.deps.db.kysely.selectFrom('study_session').select(['title', 'description']).where('id', '=', session.id).executeTakeFirstOrThrow();
  expect(row).toEqual({ title: `After ${session.title}`, description: 'The details as the tutor rewrote them.' });
  await held.close();
});

test('create note: a title and details typed before the app is live are the note saved', async ({ browser, server, createUser }) => {
  const student = await createUser({ role: 'student' });
  const title = `Early note ${suffix()}`;
  const held = await beforeTheApp(browser, server, '/dashboard/create-note', student);
  const { page } = held;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Details').pressSequentially('Written before the app was live.');
  await held.live();

  await page.getByRole('button', { name: 'Save' }).click();
  await expectPopup(page, 'Note created successfully');
  const note = await server.deps.db.kysely.selectFrom('note').select(['details']).where('title', '=', title).executeTakeFirst();
  expect(note).toEqual({ details: 'Written before the app was live.' });
  await held.close();
});

test('edit note: a note rewritten before the app is live is saved as rewritten', async ({ browser, server, createUser }) => {
  const student = await createUser({ role: 'student' });
  const created = await fetch(`${server.baseURL}/api/create-note`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseURL, cookie: await cookieOf(server, student) },
    body: JSON.stringify({ title: 'First draft', details: 'The note as first written.' }),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const held = await beforeTheApp(browser, server, `/dashboard/note/edit/${id}`, student);
  const { page } = held;
  await page.getByLabel('Title').fill('Second draft');
  await page.getByLabel('Details').fill('The note as rewritten before the app was live.');
  await held.live();

  await expect(page.getByLabel('Details')).toHaveValue('The note as rewritten before the app was live.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectPopup(page, 'Note updated successfully');
  const note = await server.deps.db.kysely.selectFrom('note').select(['title', 'details']).where('id', '=', id).executeTakeFirstOrThrow();
  expect(note).toEqual({ title: 'Second draft', details: 'The note as rewritten before the app was live.' });
  await held.close();
});

for (const which of ['a first review', 'a review rewritten'] as const) {
  test(`review: ${which} before the app is live is the review saved`, async ({ browser, server, createUser }) => {
    const tutor = await createUser({ role: 'tutor' });
    const student = await createUser({ role: 'student' });
    const session = await createStudySession(server.deps, tutor, { classStartDate: new Date(Date.now() - HOUR).toISOString(), registrationStartDate: new Date(Date.now() - 48 * HOUR).toISOString() });
    await createBooking(server.deps, session, student);
    if (which === 'a review rewritten') {
      const res = await fetch(`${server.baseURL}/api/review`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.baseURL, cookie: await cookieOf(server, student) },
        body: JSON.stringify({ sessionId: session.id, review: 'My first impression.', rating: 2 }),
      });
      expect(res.status, await res.text()).toBeLessThan(300);
    }
    const held = await beforeTheApp(browser, server, `/dashboard/view-booked-session/${session.id}`, student);
    const { page } = held;
    await page.getByLabel('Review', { exact: true }).fill('Clear and well paced.');
    await page.getByRole('radio', { name: '5 stars' }).check();
    await held.live();

    await page.getByRole('button', { name: 'Submit' }).click();
    await expectPopup(page, /Review (submitted|updated) successfully/);
    const review = await server.deps.db.kysely.selectFrom('review').select(['review', 'rating']).where('sessionId', '=', session.id).executeTakeFirst();
    expect(review).toEqual({ review: 'Clear and well paced.', rating: 5 });
    await held.close();
  });
}

test('settings: a name and photo changed before the app is live are the profile saved', async ({ browser, server, createUser }) => {
  const student = await createUser({ role: 'student', name: 'Old Name' });
  const held = await beforeTheApp(browser, server, '/dashboard/settings', student);
  const { page } = held;
  await page.getByLabel('Full name').fill('New Name');
  await page.getByLabel('Photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngPhoto() });
  await held.live();

  await expect(page.getByText('me.png', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expectPopup(page, 'Profile updated successfully');
  const user = await server.deps.db.kysely.selectFrom('user').select(['name', 'image']).where('id', '=', student.id).executeTakeFirstOrThrow();
  expect(user).toEqual({ name: 'New Name', image: expect.stringMatching(/^\/api\/uploads\//) });
  await held.close();
});

test('settings: passwords typed and "Sign out other devices" unticked before the app is live are the change made', async ({ browser, server, createUser }) => {
  const student = await createUser({ role: 'student' });
  // Another device, signed in: it stays signed in when the box is unticked.
  const otherDevice = await cookieOf(server, student);
  const held = await beforeTheApp(browser, server, '/dashboard/settings', student);
  const { page } = held;
  const newPassword = `Early-Change-${suffix()}`;
  await page.getByLabel('Current password').fill(student.password);
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Sign out other devices').uncheck();
  await held.live();

  await expect(page.getByLabel('Sign out other devices')).not.toBeChecked();
  await page.getByRole('button', { name: 'Change password' }).click();
  await expectPopup(page, 'Password changed successfully');
  const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email: student.email, password: newPassword }, headers: { origin: server.baseURL } });
  expect(signIn.status()).toBe(200);
  const me = await fetch(`${server.baseURL}/api/me`, { headers: { cookie: otherDevice } });
  expect(me.status).toBe(200);
  await held.close();
});

test('upload materials: the session, title and "Link" chosen before the app is live are the material added', async ({ browser, server, createUser }) => {
  const tutor = await createUser({ role: 'tutor' });
  const session = await createStudySession(server.deps, tutor, { title: `Materials ${suffix()}` });
  const held = await beforeTheApp(browser, server, '/dashboard/upload-materials', tutor);
  const { page } = held;
  await page.getByLabel('Session', { exact: true }).selectOption({ label: session.title });
  await page.getByLabel('Title').fill('Early reading list');
  await page.getByLabel('Link', { exact: true }).check();
  await held.live();

  await page.getByLabel(/^Link/).and(page.locator('input[type="url"]')).fill('https://drive.google.com/file/d/early/view');
  await page.getByRole('button', { name: 'Upload Material' }).click();
  await expectPopup(page, 'Material uploaded successfully');
  const material = await server.deps.db.kysely.selectFrom('material').select(['sessionId', 'title', 'link']).where('tutorId', '=', tutor.id).executeTakeFirst();
  expect(material).toEqual({ sessionId: session.id, title: 'Early reading list', link: 'https://drive.google.com/file/d/early/view' });
  await held.close();
});

test('all sessions: a search typed and "Open for registration" switched on before the app is live apply once it is', async ({ browser, server, createUser }) => {
  const tutor = await createUser({ role: 'tutor' });
  const tag = `early${suffix()}`;
  const day = 24 * HOUR;
  await createStudySession(server.deps, tutor, { title: `Open ${tag}` });
  await createStudySession(server.deps, tutor, { title: `Closed ${tag}`, registrationStartDate: new Date(Date.now() - 5 * day).toISOString(), registrationEndDate: new Date(Date.now() - day).toISOString() });
  await createStudySession(server.deps, tutor, { title: `Unrelated ${suffix()}` });
  const held = await beforeTheApp(browser, server, '/all-sessions');
  const { page } = held;
  await page.getByLabel('Search by title or tutor').fill(tag);
  await page.getByLabel('Open for registration').check();
  await held.live();

  // The switch applies by itself, as it does once the app is live; the search when sent.
  await expect(page.getByLabel('Open for registration')).toBeChecked();
  await expect(page).toHaveURL(/[?&]open=true/);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
  await expect(page.getByRole('article', { name: `Open ${tag}` })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByLabel('Search by title or tutor')).toHaveValue(tag);
  await held.close();
});

/**
 * The filtered list's answers take a second and a half, as on a slow network: the filter the
 * app applies as it goes live is still on its way when the visitor presses Search.
 */
async function slowAnswers(page: Page, url: RegExp) {
  await page.route(url, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue().catch(() => {});
  });
}

test('all users (admin): a role filter and a search chosen before the app is live apply once it is', async ({ browser, server, createUser }) => {
  const admin = await createUser({ role: 'admin' });
  const tag = `early${suffix()}`;
  await createUser({ role: 'tutor', name: `Tutor ${tag}` });
  await createUser({ role: 'student', name: `Student ${tag}` });
  const held = await beforeTheApp(browser, server, '/dashboard/all-users', admin);
  const { page } = held;
  await slowAnswers(page, /\/api\/users\?.*role=tutor/);
  await page.getByLabel('Role', { exact: true }).selectOption('tutor');
  await page.getByLabel('Search by name or email').fill(tag);
  await held.live();

  await expect(page.getByLabel('Role', { exact: true })).toHaveValue('tutor');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await expect(page.getByTestId('user-row')).toContainText(`Tutor ${tag}`);
  await held.close();
});

test('all sessions (admin): a status filter chosen before the app is live applies once it is', async ({ browser, server, createUser }) => {
  const admin = await createUser({ role: 'admin' });
  const tutor = await createUser({ role: 'tutor' });
  const tag = `early${suffix()}`;
  await createStudySession(server.deps, tutor, { title: `Pending ${tag}`, status: 'pending' });
  await createStudySession(server.deps, tutor, { title: `Approved ${tag}` });
  const held = await beforeTheApp(browser, server, '/dashboard/all-sessions', admin);
  const { page } = held;
  await slowAnswers(page, /\/api\/admin\/sessions\?.*status=pending/);
  await page.getByLabel('Status').selectOption('pending');
  await page.getByLabel('Search by title or tutor').fill(tag);
  await held.live();

  await expect(page.getByLabel('Status')).toHaveValue('pending');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText(`Pending ${tag}`)).toBeVisible();
  await expect(page.getByText(`Approved ${tag}`)).toHaveCount(0);
  await held.close();
});

// Sent before the app is live, a form goes the browser's way: a search is a GET to its page, the
// others a POST to their page's own address, where the server runs the page's route action: done,
// the next page; refused, the page again saying why, with what was typed.

test('a search sent with Enter before the app is live is drawn by the server, and the app goes on from it', async ({ browser, server, createUser }) => {
  const tutor = await createUser({ role: 'tutor' });
  const tag = `early${suffix()}`;
  const day = 24 * HOUR;
  await createStudySession(server.deps, tutor, { title: `Open ${tag}` });
  await createStudySession(server.deps, tutor, { title: `Closed ${tag}`, registrationStartDate: new Date(Date.now() - 5 * day).toISOString(), registrationEndDate: new Date(Date.now() - day).toISOString() });
  const held = await beforeTheApp(browser, server, '/all-sessions');
  const { page } = held;
  await page.getByLabel('Open for registration').check();
  await page.getByLabel('Search by title or tutor').fill(tag);
  await page.getByLabel('Search by title or tutor').press('Enter');

  // The browser's GET sends every field of the form, Show and Sort by as they stand.
  await page.waitForURL(`${server.baseURL}/all-sessions?q=${tag}&open=true&when=upcoming&sort=class`);
  await expect(page.getByRole('article', { name: `Open ${tag}` })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await held.live();
  await expect(page.getByLabel('Search by title or tutor')).toHaveValue(tag);
  await expect(page.getByLabel('Open for registration')).toBeChecked();
  await page.getByLabel('Open for registration').uncheck();
  await expect(page.getByRole('article', { name: `Closed ${tag}` })).toBeVisible();
  await expect(page).toHaveURL(`${server.baseURL}/all-sessions?q=${tag}`);
  await held.close();
});

test('a password reset sent before the app is live sets the password, with no password in any address', async ({ browser, server, createUser }) => {
  const student = await createUser({ role: 'student' });
  const { held, page, newPassword } = await resetFormFilledBeforeTheApp(browser, server, student);
  await page.getByLabel('Confirm new password').press('Enter');

  await page.waitForURL(`${server.baseURL}/login`);
  await held.live();
  const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email: student.email, password: newPassword }, headers: { origin: server.baseURL } });
  expect(signIn.status()).toBe(200);
  expect(held.addresses.filter((url) => url.includes(newPassword) || url.includes('Password'))).toEqual([]);
  await held.close();
});

test('a note saved before the app is live is saved, and the list of notes shows it', async ({ browser, server, createUser }) => {
  const student = await createUser({ role: 'student' });
  const title = `Early saved note ${suffix()}`;
  const held = await beforeTheApp(browser, server, '/dashboard/create-note', student);
  const { page } = held;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Details').fill('Saved before the app was live.');
  await page.getByRole('button', { name: 'Save' }).click();

  await page.waitForURL(`${server.baseURL}/dashboard/manage-personal-notes`);
  await expect(page.getByText(title)).toBeVisible();
  await held.live();
  const notes = await server.deps.db.kysely.selectFrom('note').select(['details']).where('title', '=', title).execute();
  expect(notes).toEqual([{ details: 'Saved before the app was live.' }]);
  await held.close();
});

test('a password change sent before the app is live changes it, with no password in any address', async ({ browser, server, createUser }) => {
  const student = await createUser({ role: 'student' });
  const held = await beforeTheApp(browser, server, '/dashboard/settings', student);
  const { page } = held;
  const newPassword = `Early-Changed-${suffix()}`;
  await page.getByLabel('Current password').fill(student.password);
  await page.getByLabel('New password').fill(newPassword);
  // Sent, changed, and back to the same address (303): a navigation to wait for, not a new URL.
  const sent = page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/dashboard/settings');
  const drawnAgain = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame());
  await page.getByLabel('New password').press('Enter');
  expect((await sent).status()).toBe(303);
  await drawnAgain;
  await page.waitForLoadState('domcontentloaded');

  const signIn = await fetch(`${server.baseURL}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.baseURL }, body: JSON.stringify({ email: student.email, password: newPassword }) });
  expect(signIn.status).toBe(200);
  await held.live();
  // Still signed in here (the new session the change made), on the settings page.
  await expect(page).toHaveURL(`${server.baseURL}/dashboard/settings`);
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  expect(held.addresses.filter((url) => url.includes(newPassword) || url.includes(student.password) || url.includes('Password'))).toEqual([]);
  await held.close();
});

test('a new session sent before the app is live is created by the server, as the app would have', async ({ browser, server, createUser }) => {
  const tutor = await createUser({ role: 'tutor' });
  const title = `Kept session ${suffix()}`;
  const held = await sessionFormBeforeTheApp(browser, server, tutor, { title, description: 'Sent too early: kept.', maxParticipants: '7' });
  const { page } = held;
  const answered = page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/dashboard/create-session');
  await page.getByRole('button', { name: 'Create Session' }).click();
  // The form names the zone its dates are in (the page's): the server creates the
  // session as the app would have, and sends the browser on to the tutor's sessions.
  expect((await answered).status()).toBe(303);
  await expect(page).toHaveURL(`${server.baseURL}/dashboard/manage-sessions`);
  const row = await server.deps.db.kysely.selectFrom('study_session').select(['description', 'maxParticipants']).where('title', '=', title).executeTakeFirst();
  expect(row).toEqual({ description: 'Sent too early: kept.', maxParticipants: 7 });
  await held.close();
});

/** A session cookie of `user`'s own (another device). */
async function cookieOf(server: Server, user: CreatedUser): Promise<string> {
  const res = await fetch(`${server.baseURL}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseURL },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

test('Book now pressed before the app is live books the session, and the page says so', async ({ browser, server, createUser }) => {
  const tutor = await createUser({ role: 'tutor' });
  const student = await createUser({ role: 'student' });
  const session = await createStudySession(server.deps, tutor, { title: `Early booking ${suffix()}` });
  const held = await beforeTheApp(browser, server, `/session/${session.id}`, student);
  const { page } = held;
  const sent = page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname === `/session/${session.id}`);
  await page.getByRole('button', { name: 'Book now' }).click();
  expect((await sent).status()).toBe(303);
  await expect(page.getByText('You have booked this session.')).toBeVisible();
  await held.live();
  await expect(page.getByRole('link', { name: 'View booking' })).toBeVisible();
  const bookings = await server.deps.db.kysely.selectFrom('booking').select(['status']).where('sessionId', '=', session.id).where('studentId', '=', student.id).execute();
  expect(bookings).toEqual([{ status: 'confirmed' }]);
  await held.close();
});

test('Join waitlist pressed before the app is live puts the student in line', async ({ browser, server, createUser }) => {
  const tutor = await createUser({ role: 'tutor' });
  const other = await createUser({ role: 'student' });
  const student = await createUser({ role: 'student' });
  const session = await createStudySession(server.deps, tutor, { title: `Early waitlist ${suffix()}`, maxParticipants: 1 });
  await createBooking(server.deps, session, other);
  const held = await beforeTheApp(browser, server, `/session/${session.id}`, student);
  const { page } = held;
  await page.getByRole('button', { name: 'Join waitlist' }).click();
  await expect(page.getByText('You are on the waitlist: number 1 in line.')).toBeVisible();
  await held.live();
  await page.getByRole('button', { name: 'Leave waitlist' }).click();
  await expectPopup(page, 'You left the waitlist');
  expect(await server.deps.db.kysely.selectFrom('waitlist_entry').select('id').where('sessionId', '=', session.id).execute()).toEqual([]);
  await held.close();
});

// A form sent before the app is live runs its page's route action on the server (decision 041):
// a refusal is the page again, which says it as the app does once live; a success, the next page,
// which says the spec's message once the app is live.

test('a wrong password pressed before the app is live shows "Login Failed", the email kept', async ({ browser, server, createUser }) => {
  const student = await createUser({ role: 'student' });
  const held = await beforeTheApp(browser, server, '/login');
  const { page } = held;
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password').fill('not-the-password');
  const answered = page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/login');
  await page.getByRole('button', { name: 'Log In' }).click();
  expect((await answered).status()).toBe(401);
  await held.live();
  const dialog = page.getByRole('dialog', { name: 'Login Failed' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Invalid email or password');
  await expect(page.getByLabel('Email')).toHaveValue(student.email);
  await expect(page.getByLabel('Password')).toHaveValue('');
  await held.close();
});

test('a login pressed before the app is live signs in and shows "Login Successful"', async ({ browser, server, createUser }) => {
  const student = await createUser({ role: 'student' });
  const held = await beforeTheApp(browser, server, '/login');
  const { page } = held;
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password').fill(student.password);
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL(`${server.baseURL}/`);
  await held.live();
  await expectPopup(page, 'Login Successful');
  expect((await page.request.get('/api/me')).status()).toBe(200);
  // Said once: the next page says nothing of it.
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Login Successful' })).toHaveCount(0);
  await held.close();
});

test('a note created before the app is live shows "Note created successfully" on the list of notes', async ({ browser, server, createUser }) => {
  const student = await createUser({ role: 'student' });
  const title = `Early told note ${suffix()}`;
  const held = await beforeTheApp(browser, server, '/dashboard/create-note', student);
  const { page } = held;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Details').fill('Said so before the app was live.');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(`${server.baseURL}/dashboard/manage-personal-notes`);
  await held.live();
  await expectPopup(page, 'Note created successfully');
  await expect(page.getByText(title)).toBeVisible();
  await held.close();
});
