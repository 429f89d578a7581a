// Pages are drawn by the server and come alive once the app has loaded (docs/decisions/013):
// what a visitor does in between must not be lost, nor send a form the browser's way.
import { expect, test } from './fixtures';

test('a login sent with Enter before the app is live signs in once it is, with no password in the address', async ({ browser, server, createUser }) => {
  const student = await createUser({ role: 'student', name: 'Early Typist' });
  // A page of our own (no waiting for the app after navigation), on a slow link for the app's code.
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const addresses: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) addresses.push(frame.url());
  });

  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password').fill(student.password);
  await page.getByLabel('Password').press('Enter');
  expect(await page.locator('html').getAttribute('data-app')).toBeNull();

  await expect(page.getByRole('dialog', { name: 'Login Successful' })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(`${server.baseURL}/`);
  expect(addresses.filter((url) => url.includes('password') || url.includes(encodeURIComponent(student.email)))).toEqual([]);
  await context.close();
});
