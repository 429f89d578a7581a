// The spine in a real browser: sign-up with a photo, log out and back in, a failed login, a
// password reset through the captured email, role guards and phone-width navigation.
import type { Page } from '@playwright/test';
import { closeDialog, expect, liveNavigation, test, expectPopup } from './fixtures';
import { pngPhoto } from './png-photo';

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `horizontal overflow on ${page.url()}`).toBeLessThanOrEqual(0);
}

test('register with a photo, then the dashboard shows the details', async ({ page }) => {
  const email = `ada-${Date.now()}@example.com`;
  await page.goto('/register');
  await expect(page).toHaveTitle('StudyNest | Register');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.getByText('Please select an image')).toBeVisible();

  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-1');
  await page.getByLabel('Role').selectOption({ label: 'Tutor' });
  await page.getByLabel('Photo').setInputFiles({
    name: 'ada.png',
    mimeType: 'image/png',
    buffer: pngPhoto(),
  });
  await expect(page.getByText('ada.png', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Preview of ada.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Personal Details' })).toBeVisible();
  const details = page.locator('main dl');
  await expect(details).toContainText('Ada Lovelace');
  await expect(details).toContainText('Tutor');
  await expect(details).toContainText(email);
  await expect(details).toContainText('Unverified');
  const photo = page.getByRole('img', { name: 'Photo of Ada Lovelace' });
  await expect(photo).toHaveAttribute('src', /^\/api\/uploads\//);
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
});

test('log out with the dialog; a protected page sends to login, which returns to it', async ({
  page,
  createUser,
  loginAs,
}) => {
  const user = await createUser({ role: 'student' });
  await loginAs(page, user);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Personal Details' })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Logged out successfully' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();

  await page.goto('/dashboard/settings');
  await page.waitForURL((url) => url.pathname === '/login');
  expect(new URL(page.url()).searchParams.get('from')).toBe('/dashboard/settings');
  await fillLogin(page, user.email, user.password);
  await expectPopup(page, 'Login Successful');
  await page.waitForURL((url) => url.pathname === '/dashboard/settings');
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  await expect(page).toHaveTitle('StudyNest | Settings');

  // History was replaced: Back does not return to the login form.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/login/);
});

test('a wrong password shows "Login Failed" with the server message', async ({
  page,
  createUser,
}) => {
  const user = await createUser();
  await page.goto('/login');
  await fillLogin(page, user.email, 'not-the-password');
  const dialog = page.getByRole('dialog', { name: 'Login Failed' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(/invalid email or password/i);
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('password reset end to end through the captured email', async ({
  page,
  createUser,
  mailbox,
}) => {
  const user = await createUser();
  await page.goto('/login');

  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await closeDialog(page, 'Email is required');

  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Password reset link sent to your email' }),
  ).toBeVisible();

  const mail = await mailbox.waitFor(user.email, /reset/i);
  const link = /\/reset-password\?token=[^\s"<>]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  await page.goto(link!);
  await expect(page).toHaveTitle('StudyNest | Reset password');
  const newPassword = 'a-brand-new-password-9';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page.waitForURL((url) => url.pathname === '/login');

  await fillLogin(page, user.email, newPassword);
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  // The link is single-use: opened again, the page says so before anything is typed
  // and offers no form.
  await page.goto(link!);
  await expect(page.getByRole('alert')).toContainText('This password reset link has expired or was already used');
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
});

test('role guards: a student opening an admin page lands on /dashboard; an admin sees it', async ({
  page,
  browser,
  createUser,
  loginAs,
}) => {
  const student = await createUser({ role: 'student' });
  await loginAs(page, student);
  await page.goto('/dashboard/all-users');
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByRole('heading', { name: 'Personal Details' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'All Users' })).toHaveCount(0);

  // A signed-in user visiting login or register goes home.
  await page.goto('/login');
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/register');
  await page.waitForURL((url) => url.pathname === '/');

  const admin = await createUser({ role: 'admin' });
  const adminPage = liveNavigation(await browser.newPage({ baseURL: new URL(page.url()).origin }));
  await loginAs(adminPage, admin);
  await adminPage.goto('/dashboard/all-users');
  await expect(adminPage.getByRole('heading', { name: 'All Users' })).toBeVisible();
  await adminPage.close();
});

test('an unknown path shows the 404 page with Back to Home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: /StudyNest/ })).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Sessions', exact: true })).toBeVisible();
});

test('an unknown session and an unknown tutor answer 404 with the 404 page', async ({ page }) => {
  for (const path of ['/session/no-such-session', '/tutors/no-such-tutor']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  }
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('navigates through the collapsible menu and the Menu drawer without horizontal scroll', async ({
    page,
    createUser,
    loginAs,
  }) => {
    await page.goto('/');
    await expectNoHorizontalScroll(page);
    await page.goto('/login');
    await expectNoHorizontalScroll(page);
    await page.goto('/register');
    await expectNoHorizontalScroll(page);

    const user = await createUser({ role: 'student', name: 'Pia Phone' });
    await loginAs(page, user);
    await page.goto('/');
    const main = page.getByRole('navigation', { name: 'Main' });
    // The desktop links are hidden; the menu button opens the phone menu.
    await expect(main.getByRole('link', { name: 'Sessions' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const phoneMenu = page.locator('#phone-menu');
    await expect(phoneMenu).toContainText('Pia Phone');
    await expect(phoneMenu).toContainText(user.email);
    await expectNoHorizontalScroll(page);
    await phoneMenu.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect(phoneMenu).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Personal Details' })).toBeVisible();
    await expectNoHorizontalScroll(page);

    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(sidebar).not.toBeInViewport();
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(sidebar).toBeInViewport();
    await sidebar.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/settings');
    await expect(sidebar).not.toBeInViewport();
    await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});
