// A visitor who hits the sign-in rate limit is told how long to wait, from the answer's
// Retry-After (or better-auth's X-Retry-After), not just "try again later", in
// the page's language (the server says it, the page shows it as is).
import type { Page } from '@playwright/test';
import { expect, test, type Server } from './fixtures';

/** Uses up the sign-in limit, then signs in from the login page: the dialog that says so. */
async function signInPastTheLimit(page: Page, server: Server, user: { email: string; password: string }, words: { email: string; password: string; logIn: string; failed: string }) {
  await page.goto('/login');
  // This worker's server allows SIGN_IN_RATE_LIMIT (100) attempts per 10 s from an address:
  // use them up from the browser's own address (bodies refused at once, but counted).
  for (let i = 0; i < 100; i++) {
    const res = await page.request.post(`${server.baseURL}/api/auth/sign-in/email`, { data: {}, headers: { origin: server.baseURL } });
    if (res.status() === 429) break;
  }
  await page.getByLabel(words.email, { exact: true }).fill(user.email);
  await page.getByLabel(words.password, { exact: true }).fill(user.password);
  await page.getByRole('button', { name: words.logIn, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: words.failed });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('signing in past the rate limit says how long to wait', async ({ page, server, createUser }) => {
  const user = await createUser();
  try {
    const dialog = await signInPastTheLimit(page, server, user, { email: 'Email', password: 'Password', logIn: 'Log In', failed: 'Login Failed' });
    await expect(dialog).toContainText(/Too many requests\. Try again in ([1-9]|10) seconds?\./);
  } finally {
    // Other tests of this worker sign in from the same address.
    await server.deps.db.kysely.deleteFrom('rateLimit').execute();
  }
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('signing in past the rate limit says how long to wait, in Spanish', async ({ page, server, createUser }) => {
    const user = await createUser();
    try {
      const dialog = await signInPastTheLimit(page, server, user, {
        email: 'Correo electrónico',
        password: 'Contraseña',
        logIn: 'Iniciar sesión',
        failed: 'No se pudo iniciar sesión',
      });
      await expect(dialog).toContainText(/Demasiadas solicitudes\. Inténtalo de nuevo dentro de ([1-9]|10) segundos?\./);
      await expect(dialog).not.toContainText('Too many requests');
    } finally {
      await server.deps.db.kysely.deleteFrom('rateLimit').execute();
    }
  });
});
