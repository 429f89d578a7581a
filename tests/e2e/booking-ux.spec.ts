// Rough edges of booking, each as a user meets them.
import { createStudySession } from '#tests/factories.ts';
import { expect, test } from './fixtures';

test("Booked Sessions with nothing booked says so in words, with a link to browse (not the page's code)", async ({ page, createUser, loginAs }) => {
  const student = await createUser({ role: 'student' });
  await loginAs(page, student);
  await page.goto('/dashboard/view-booked-session');
  await expect(page.getByText('You have not booked any session yet.')).toBeVisible();
  await expect(page.getByText('<Link')).toHaveCount(0);
  await page.getByRole('link', { name: 'Browse sessions' }).click();
  await expect(page).toHaveURL(/\/all-sessions$/);
});

for (const role of ['tutor', 'admin'] as const) {
  test(`a session's page shows no Book now to a${role === 'admin' ? 'n' : ''} ${role}`, async ({ page, server, createUser, loginAs }) => {
    const tutor = await createUser({ role: 'tutor' });
    const viewer = role === 'tutor' ? tutor : await createUser({ role });
    const session = await createStudySession(server.deps, tutor);
    await loginAs(page, viewer);
    await page.goto(`/session/${session.id}`);
    await expect(page.getByText('Only students can book sessions.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Book now' })).toHaveCount(0);
  });
}

test('on a phone the dashboard menu button reads "Menu"', async ({ page, createUser, loginAs }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await loginAs(page, await createUser({ role: 'student' }));
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Booked Sessions' })).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`popups follow the ${colorScheme} colour scheme`, async ({ browser, server }) => {
    const context = await browser.newContext({ baseURL: server.baseURL, colorScheme });
    const page = await context.newPage();
    await page.goto('/login');
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('Not-The-Password-1');
    await page.getByRole('button', { name: 'Log In' }).click();
    const popup = page.getByRole('dialog').filter({ hasText: 'Login Failed' });
    await expect(popup).toBeVisible();
    // The popup's box (the <dialog> itself is the dimmed backdrop around it): dark on a dark page, light on a light one.
    // Read as the screen shows it: the theme's colours are oklch(), which a canvas turns into red, green and blue.
    const [r, g, b] = await popup.locator('.modal-box').evaluate((element) => {
      const canvas = document.createElement('canvas').getContext('2d')!;
      canvas.fillStyle = getComputedStyle(element).backgroundColor;
      canvas.fillRect(0, 0, 1, 1);
      return [...canvas.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    });
    const luminance = (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
    if (colorScheme === 'dark') expect(luminance).toBeLessThan(0.3);
    else expect(luminance).toBeGreaterThan(0.9);
    await context.close();
  });
}
