// Pages are drawn by the server and come alive once the app has loaded (docs/decisions/013):
// what a visitor does in between must not be lost, nor send a form the browser's way.
import type { Page } from '@playwright/test';
import { createStudySession } from '#tests/factories.ts';
import { expect, test } from './fixtures';

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
  test(`a login sent with Enter ${moment} signs in once the app is live, with no password in the address`, async ({ browser, server, createUser }) => {
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

    await page.goto('/login', { waitUntil: 'commit' });
    // The page script asks for the app's files as soon as it runs.
    if (!boot) await app.asked;
    await page.getByLabel('Email').fill(student.email);
    await page.getByLabel('Password').fill(student.password);
    await page.getByLabel('Password').press('Enter');
    expect(await page.locator('html').getAttribute('data-app')).toBeNull();
    // Held by the page's inline guard while its script is still on the way.
    if (boot) expect(await page.evaluate(() => (window as unknown as { heldEarly: unknown[] }).heldEarly.length)).toBe(1);
    boot?.release();
    app.release();

    await expect(page.getByRole('dialog', { name: 'Login Successful' })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(`${server.baseURL}/`);
    expect(addresses.filter((url) => url.includes('password') || url.includes(encodeURIComponent(student.email)))).toEqual([]);
    await context.close();
  });
}

test('a role chosen and a form sent before the app is live register with that role', async ({ browser, server }) => {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  const app = await holdBack(page, /\/assets\/main-[^/]+\.js$/);
  const email = `early-tutor-${Date.now().toString(36)}@example.com`;

  await page.goto('/register', { waitUntil: 'commit' });
  await app.asked;
  await page.getByLabel('Name').fill('Early Tutor');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Early-Tutor-Pass-1');
  await page.getByLabel('Role').selectOption('tutor');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  expect(await page.locator('html').getAttribute('data-app')).toBeNull();
  app.release();

  await expect(page.getByText('Registration Successful')).toBeVisible({ timeout: 15_000 });
  const user = await server.deps.db.kysely.selectFrom('user').select(['name', 'role']).where('email', '=', email).executeTakeFirst();
  expect(user).toEqual({ name: 'Early Tutor', role: 'tutor' });
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
