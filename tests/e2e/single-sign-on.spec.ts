// Single sign-on set by an admin in the dashboard and used from the Log In page, on a phone's
// width (375 px), against the worker's local mock OpenID Connect provider
// (docs/decisions/065-single-sign-on-settings.md): saved, it takes effect without a restart; a
// student signs in through it and lands signed in; an address of a domain that must use it is
// refused a password sign-in with a clear message. Turned off again after, for the worker's
// other specs.
import { test, expect, expectPopup } from './fixtures';

test.use({ viewport: { width: 375, height: 812 } });

test.afterAll(async ({ server }) => {
  await server.deps.db.kysely.deleteFrom('single_sign_on_settings').execute();
});

test('an admin sets the school’s provider; a student signs in through it from Log In; a required domain cannot use a password', async ({ browser, page, server, loginAs, createUser }) => {
  const admin = await createUser({ role: 'admin' });
  await loginAs(page, admin);
  await page.goto('/dashboard/single-sign-on');
  await expect(page.getByRole('heading', { name: 'Single sign-on', level: 1 })).toBeVisible();
  await page.getByLabel('Issuer URL').fill(server.oidcIssuer);
  await page.getByLabel('Client ID', { exact: true }).fill('studynest-school');
  await page.getByLabel('Client secret', { exact: true }).fill('school-client-secret');
  await page.getByLabel('Button label').fill('Springfield Accounts');
  await page.getByLabel('Allowed email domains').fill('school.example');
  await page.getByLabel('Domains that must use single sign-on').fill('school.example');
  await page.getByLabel('Domain rules').fill('staff.school.example = tutor');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expectPopup(page, 'Single sign-on settings saved');
  // The secret is never drawn back into the page.
  await expect(page.getByLabel('Client secret', { exact: true })).toHaveValue('');
  expect(await page.content()).not.toContain('school-client-secret');
  // Nothing overflows the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // A visitor on another browser: the Log In page offers the provider, without a restart.
  const visitor = await browser.newContext({ viewport: { width: 375, height: 812 }, baseURL: server.baseURL });
  try {
    const login = await visitor.newPage();
    server.oidcUser.sub = 'school-sub-ana';
    server.oidcUser.email = 'ana@school.example';
    server.oidcUser.name = 'Ana School';
    await login.goto('/login');
    await login.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await login.getByRole('button', { name: 'Sign in with Springfield Accounts' }).click();
    await login.waitForURL((url) => url.pathname === '/');
    await login.goto('/dashboard');
    await expect(login.getByTestId('details-email')).toHaveText('ana@school.example');
    await expect(login.getByTestId('details-role')).toHaveText('Student');

    // Its address's domain must use the provider: a password is refused, saying so.
    const other = await visitor.newPage();
    await visitor.clearCookies();
    const student = await createUser({ email: 'pw.student@staff.example' });
    await server.deps.db.kysely.updateTable('user').set({ email: 'pw.student@school.example' }).where('id', '=', student.id).execute();
    await other.goto('/login');
    await other.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await other.getByLabel('Email', { exact: true }).fill('pw.student@school.example');
    await other.getByLabel('Password', { exact: true }).fill(student.password);
    await other.getByRole('button', { name: 'Log In', exact: true }).click();
    const dialog = other.getByRole('dialog', { name: 'Login Failed' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Addresses of this school sign in with Springfield Accounts, not with a password.');
    expect((await other.request.get('/api/me')).status()).toBe(401);
  } finally {
    await visitor.close();
  }

  // The admin reads both in the audit log.
  const entries = await server.deps.db.kysely.selectFrom('audit_log').select(['action', 'actor']).where('action', 'in', ['sso.settings_changed', 'auth.sso_sign_in']).execute();
  expect(entries).toEqual(expect.arrayContaining([{ action: 'sso.settings_changed', actor: admin.email }, { action: 'auth.sso_sign_in', actor: 'ana@school.example' }]));
});
