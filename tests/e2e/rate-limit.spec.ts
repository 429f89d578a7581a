// A visitor who hits the sign-in rate limit is told how long to wait, from the answer's
// Retry-After (or better-auth's X-Retry-After), not just "try again later" (issue 14, row 11).
import { expect, test } from './fixtures';

test('signing in past the rate limit says how long to wait', async ({ page, server, createUser }) => {
  const user = await createUser();
  try {
    await page.goto('/login');
    // This worker's server allows SIGN_IN_RATE_LIMIT (100) attempts per 10 s from an address:
    // use them up from the browser's own address (bodies refused at once, but counted).
    for (let i = 0; i < 100; i++) {
      const res = await page.request.post(`${server.baseURL}/api/auth/sign-in/email`, { data: {}, headers: { origin: server.baseURL } });
      if (res.status() === 429) break;
    }
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Login Failed' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(/Too many requests\. Try again in ([1-9]|10) seconds?\./);
  } finally {
    // Other tests of this worker sign in from the same address.
    await server.deps.db.kysely.deleteFrom('rateLimit').execute();
  }
});
