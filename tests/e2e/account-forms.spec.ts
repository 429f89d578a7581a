// The account's forms on a 375 px phone, each saying what it did: a tutor's bio typed and not
// saved survives Settings' other Save and is not lost to "Save language" without a question; a
// password reset ends on Log In saying the password was changed (with and without JavaScript); a
// visitor who registers from a session's page goes back to it, told to verify their address.
import { createStudySession } from '#tests/factories.ts';
import { expect, passwordResetLink, test, expectPopup } from './fixtures';

test.use({ viewport: { width: 375, height: 812 } });

test("a tutor's bio typed and not saved survives Save profile, and Save language asks before losing it", async ({ page, createUser, loginAs }) => {
  const tutor = await createUser({ role: 'tutor', name: 'Bea Before' });
  await loginAs(page, tutor);
  await page.goto('/dashboard/settings');
  const bio = page.getByRole('form', { name: 'Your tutor profile' }).getByRole('textbox', { name: 'Bio' });
  await bio.fill('Typed, not saved yet.');

  const profile = page.getByRole('form', { name: 'Profile' });
  await profile.getByLabel('Full name').fill('Bea After');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expectPopup(page, 'Profile updated successfully');
  await expect(page.getByRole('form', { name: 'Profile' }).getByLabel('Full name')).toHaveValue('Bea After');
  await expect(bio).toHaveValue('Typed, not saved yet.');

  // The language form draws the page again: it asks first, and "Cancel" keeps everything.
  const language = page.getByRole('form', { name: 'Language' });
  await language.getByLabel('Language').selectOption('es');
  await language.getByRole('button', { name: 'Save language' }).click();
  const ask = page.getByRole('dialog', { name: 'Lose what you typed?' });
  await expect(ask).toContainText('What you typed in Your tutor profile is not saved yet');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(bio).toHaveValue('Typed, not saved yet.');

  await page.getByRole('form', { name: 'Your tutor profile' }).getByRole('button', { name: 'Save bio' }).click();
  await expectPopup(page, 'Bio saved');
  expect((await page.request.get('/api/me/tutor-profile')).ok()).toBe(true);
  expect(await (await page.request.get('/api/me/tutor-profile')).json()).toEqual({ bio: 'Typed, not saved yet.' });
});

test('a password reset ends on Log In, which says the password was changed above the form; the new one signs in', async ({ page, server, createUser }) => {
  const student = await createUser({ role: 'student' });
  await page.goto(await passwordResetLink(server, student));
  await page.getByLabel('New password', { exact: true }).fill('Reset-In-App-Pass-1');
  await page.getByLabel('Confirm new password').fill('Reset-In-App-Pass-2');
  await page.getByRole('button', { name: 'Reset password' }).click();
  // Two passwords that differ: said under the second, nothing sent.
  await expect(page.getByText('The passwords do not match.')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('Reset-In-App-Pass-1');
  await page.getByRole('button', { name: 'Reset password' }).click();

  await page.waitForURL((url) => url.pathname === '/login');
  // Said above the form, which stays free to fill: no popup over it.
  await expect(page.getByRole('status').filter({ hasText: 'Password reset successful' })).toContainText('Your password has been changed. Log in with your new password.');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByLabel('Email', { exact: true }).fill(student.email);
  await page.getByLabel('Password', { exact: true }).fill('Reset-In-App-Pass-1');
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expectPopup(page, 'Login Successful');
  await page.waitForURL((url) => url.pathname === '/');
});

for (const [locale, words] of [
  ['en-GB', 'Your password has been changed. Log in with your new password.'],
  ['es-ES', 'Tu contraseña se ha cambiado. Inicia sesión con la nueva.'],
] as const) {
  test(`without JavaScript, a password reset ends on Log In saying the password was changed (${locale})`, async ({ browser, server, createUser }) => {
    const student = await createUser({ role: 'student' });
    const context = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false, locale, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await page.goto(await passwordResetLink(server, student));
    await page.locator('input[name="newPassword"]').fill('No-Script-Reset-1');
    await page.locator('input[name="confirmPassword"]').fill('No-Script-Reset-1');
    await page.locator('input[name="confirmPassword"]').press('Enter');
    await expect(page).toHaveURL(`${server.baseURL}/login`);
    await expect(page.getByRole('status').filter({ hasText: words })).toBeVisible();
    await context.close();
  });
}

test("registering from a session's page goes back to the session, which asks to verify the address", async ({ page, server, createUser }) => {
  const tutor = await createUser({ role: 'tutor' });
  const session = await createStudySession(server.deps, tutor, { title: 'Back after registering' });
  await page.goto(`/session/${session.id}`);
  await page.getByRole('main').getByRole('link', { name: 'Register' }).click();
  await page.waitForURL((url) => url.pathname === '/register');

  const email = `back-${Date.now().toString(36)}@example.com`;
  await page.getByLabel('Full name').fill('Comes Back');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Comes-Back-Pass-1');
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  const said = page.getByRole('dialog', { name: 'Registration Successful' });
  await expect(said).toContainText('Check your email: open the link we sent you to verify your address.');
  await expect(page).toHaveURL(new RegExp(`/session/${session.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Back after registering' })).toBeVisible();
  await server.mailbox.waitFor(email, /verify/i);
});
