// Pages are drawn by the server and come alive once the app has loaded (docs/decisions/013):
// what a visitor does in between must not be lost, nor send a form the browser's way.
import type { Page } from '@playwright/test';
import { createStudySession } from '#tests/factories.ts';
import { expect, test, waitForApp } from './fixtures';

/** Holds back the responses for `files` until `release` is called; resolves `requested` when the first is asked for. */
async function holdBack(page: Page, files: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested!: () => void;
  const asked = new Promise<void>((resolve) => (requested = resolve));
  await page.route(files, async (route) => {
    requested();
    await released;
    await route.continue();
  });
  return { release, asked };
}

for (const moment of ['before the page script has run', 'after the page script, before the app is live'] as const) {
  test(`a login sent with Enter ${moment} signs in (the server's way) and returns to ?from=, with no password in any address`, async ({ browser, server, createUser }) => {
    const student = await createUser({ role: 'student', name: 'Early Typist' });
    // A page of our own (no waiting for the app after navigation), its scripts held back.
    const context = await browser.newContext({ baseURL: server.baseURL });
    const page = await context.newPage();
    const app = await holdBack(page, /\/assets\/main-[^/]+\.js$/);
    const boot = moment === 'before the page script has run' ? await holdBack(page, /\/assets\/index-[^/]+\.js$/) : null;
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) addresses.push(frame.url());
    });

    await page.goto('/login?from=%2Fdashboard', { waitUntil: 'commit' });
    // The page script asks for the app's files as soon as it runs.
    if (!boot) await app.asked;
    await page.getByLabel('Email').fill(student.email);
    await page.getByLabel('Password').fill(student.password);
    expect(await page.locator('html').getAttribute('data-app')).toBeNull();
    // A real form, sent the browser's way: a POST to the page's own address, which signs in.
    await page.getByLabel('Password').press('Enter');

    // (Not waiting for the page's load: its script may be the one held back.)
    await page.waitForURL(`${server.baseURL}/dashboard`, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'Personal Details' })).toBeVisible();
    await expect(page.getByTestId('details-email')).toHaveText(student.email);
    boot?.release();
    app.release();
    await waitForApp(page);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    expect(addresses.filter((url) => url.includes('password') || url.includes(encodeURIComponent(student.email)) || url.includes(student.password))).toEqual([]);
    await context.close();
  });
}

test('a role chosen and a form sent before the app is live register with that role', async ({ browser, server }) => {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  const app = await holdBack(page, /\/assets\/main-[^/]+\.js$/);
  const email = `early-tutor-${Date.now().toString(36)}@example.com`;
  const addresses: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) addresses.push(frame.url());
  });

  await page.goto('/register', { waitUntil: 'commit' });
  await app.asked;
  await page.getByLabel('Full name').fill('Early Tutor');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Early-Tutor-Pass-1');
  await page.getByLabel('Role').selectOption('tutor');
  expect(await page.locator('html').getAttribute('data-app')).toBeNull();
  await page.getByLabel('Password', { exact: true }).press('Enter');

  // Registered and signed in by the server: Home, signed in.
  await page.waitForURL(`${server.baseURL}/`);
  app.release();
  await waitForApp(page);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  const user = await server.deps.db.kysely.selectFrom('user').select(['name', 'role']).where('email', '=', email).executeTakeFirst();
  expect(user).toEqual({ name: 'Early Tutor', role: 'tutor' });
  expect(addresses.filter((url) => url.includes('Early-Tutor-Pass-1') || url.includes('password'))).toEqual([]);
  await context.close();
});

test('a filter switched on before the app is live applies once it is', async ({ browser, server, createUser }) => {
  const tutor = await createUser({ role: 'tutor' });
  const tag = `early${Date.now().toString(36)}`;
  const day = 86_400_000;
  await createStudySession(server.deps, tutor, { title: `Open ${tag}` });
  await createStudySession(server.deps, tutor, { title: `Closed ${tag}`, registrationStartDate: new Date(Date.now() - 5 * day).toISOString(), registrationEndDate: new Date(Date.now() - day).toISOString() });
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  const app = await holdBack(page, /\/assets\/main-[^/]+\.js$/);

  await page.goto(`/all-sessions?q=${tag}`, { waitUntil: 'commit' });
  await app.asked;
  await expect(page.getByRole('article', { name: `Closed ${tag}` })).toBeVisible();
  await page.getByLabel('Open for registration').check();
  expect(await page.locator('html').getAttribute('data-app')).toBeNull();
  app.release();

  await expect(page.getByRole('article', { name: `Closed ${tag}` })).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByRole('article', { name: `Open ${tag}` })).toBeVisible();
  await expect(page.getByLabel('Open for registration')).toBeChecked();
  await context.close();
});
