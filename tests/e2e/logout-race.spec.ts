// Log out from a protected page lands on Home, however late the page being left hears that its
// session ended. A page's data may be on its way when Log out is pressed (a refetch as the tab
// comes back into view); answered after the session ended, it is a 401, which must never send the
// user to Log In in place of Home. Here such a refetch is held until the sign-out has been
// answered (what a slow machine or many users at once do now and then), so the race is lost every
// time, not once in hundreds. 375 px, English and Spanish.
import { expect, test } from './fixtures';

for (const [locale, words] of [
  ['en-US', { openMenu: 'Open menu', logOut: 'Log out', loggedOut: 'Logged out successfully', ok: 'Ok' }],
  ['es-ES', { openMenu: 'Abrir menú', logOut: 'Cerrar sesión', loggedOut: 'Sesión cerrada correctamente', ok: 'Aceptar' }],
] as const) {
  test.describe(`on a 375 px phone (${locale})`, () => {
    test.use({ viewport: { width: 375, height: 800 }, locale });

    test('logging out of a protected page lands on Home, even when a refetch of that page is answered 401 after the sign-out', async ({ page, createUser, loginAs }) => {
      test.setTimeout(90_000);
      await loginAs(page, await createUser({ role: 'student' }));
      await page.goto('/dashboard/settings');
      await page.waitForLoadState('networkidle');

      // The sign-out's answer, and the page's own data held until just after it.
      let signedOut: () => void = () => {};
      const signOutAnswered = new Promise<void>((resolve) => (signedOut = resolve));
      page.on('response', (response) => {
        if (new URL(response.url()).pathname === '/api/auth/sign-out') signedOut();
      });
      const held: string[] = [];
      const answered401: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 401 && held.includes(new URL(response.url()).pathname)) answered401.push(new URL(response.url()).pathname);
      });
      await page.route('**/api/me/**', async (route) => {
        held.push(new URL(route.request().url()).pathname);
        await signOutAnswered;
        await new Promise((resolve) => setTimeout(resolve, 300));
        await route.continue();
      });

      // The page's data goes stale (10 s), and the tab comes back into view: it is read again.
      await page.waitForTimeout(11_000);
      await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
      await expect.poll(() => held.length).toBeGreaterThan(0);

      await page.getByRole('button', { name: words.openMenu }).click();
      await page.getByRole('button', { name: words.logOut }).filter({ visible: true }).first().click();
      await expect.poll(() => answered401.length, { timeout: 15_000 }).toBeGreaterThan(0);
      const dialog = page.getByRole('dialog', { name: words.loggedOut });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: words.ok }).click();
      // Settled on Home: nothing sends it on to Log In afterwards.
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    });
  });
}
