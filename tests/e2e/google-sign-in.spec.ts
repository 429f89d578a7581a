import { test, expect } from './fixtures';

test('Google sign-in through a real OpenID Connect flow creates a verified student', async ({ page, server }) => {
  server.oidcUser.sub = 'google-sub-e2e';
  server.oidcUser.email = 'gina.google@example.com';
  server.oidcUser.name = 'Gina Google';
  await page.goto('/login');
  await page.getByRole('button', { name: /google/i }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/dashboard');
  await expect(page.getByTestId('details-email')).toHaveText('gina.google@example.com');
  await expect(page.getByTestId('details-name')).toHaveText('Gina Google');
  await expect(page.getByTestId('details-status')).toHaveText('Verified');
  await expect(page.getByTestId('details-role')).toHaveText('Student');
});

test('the Google button is shown only because Google is configured', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('button', { name: /google/i })).toBeVisible();
});
