// Keyboard only: after opening the first URL, every step is a key press. A student logs
// in, books a session, writes a note and logs out; focus moves into each dialog and back to the
// control that opened it; form errors are announced.
import type { Locator, Page } from '@playwright/test';
import { createStudySession } from '#tests/factories.ts';
import { expect, passwordResetLink, test } from './fixtures';

/** Presses Tab (or Shift+Tab) until `target` has focus; fails if it never does. */
async function tabTo(page: Page, target: Locator, { max = 60, backwards = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `Tab never reached ${target.toString()}`).toBeFocused();
}

/** Tabs to `target` (tabTo) and presses Enter on it. */
async function enterOn(page: Page, target: Locator, options: { max?: number; backwards?: boolean } = {}) {
  await tabTo(page, target, options);
  await page.keyboard.press('Enter');
}

/** The dialog named `name` is open, its Ok button focused: where focus goes when a dialog opens. */
async function dialogFocusedOnOk(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Ok' })).toBeFocused();
  return dialog;
}

test('a student logs in, books a session, writes a note and logs out with the keyboard only', async ({
  page,
  server,
  createUser,
}) => {
  test.slow(); // a long walk through five pages, one key at a time
  const tutor = await createUser({ role: 'tutor', name: 'Kim Keys' });
  const session = await createStudySession(server.deps, tutor, { title: 'Keyboard-only calculus' });
  const student = await createUser({ role: 'student' });

  await page.goto('/login');
  const email = page.getByLabel('Email', { exact: true });
  await tabTo(page, email);
  await page.keyboard.type(student.email);

  await page.keyboard.press('Tab');
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toBeFocused();
  await page.keyboard.type(student.password);
  await page.keyboard.press('Enter');
  const loggedIn = page.getByRole('dialog', { name: 'Login Successful' });
  await expect(loggedIn).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/');
  // The popup is modal until it closes itself (after 1500 ms): until then Tab stays inside it. On a
  // busy machine the presses below could all fall in that time and never reach the page.
  await expect(loggedIn).toBeHidden();

  // Sessions in the navbar → the session's Read More → Book now.
  await enterOn(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sessions' }));
  await page.waitForURL((url) => url.pathname === '/all-sessions');
  // The list is in class order, soonest first, and other classes on this server may come before
  // this one: the student searches for it by its title, as a user would.
  await tabTo(page, page.getByLabel('Search by title or tutor'));
  await page.keyboard.type(session.title);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('q') === session.title);
  const card = page.getByRole('article').filter({ hasText: session.title });
  await enterOn(page, card.getByRole('link', { name: /Read More/ }));
  await page.waitForURL((url) => url.pathname === `/session/${session.id}`);
  const bookNow = page.getByRole('button', { name: 'Book now' });
  await enterOn(page, bookNow);
  const booked = page.getByRole('dialog', { name: 'Success' });
  await expect(booked).toContainText('Session booked successfully');
  await expect(booked).toBeHidden(); // the success popup closes itself (after 1500 ms)

  // Dashboard → Create Note in the sidebar → title, details, Save.
  await enterOn(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }));
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await enterOn(page, page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Create Note' }));
  await page.waitForURL((url) => url.pathname === '/dashboard/create-note');
  await tabTo(page, page.getByLabel('Title'));
  await page.keyboard.type('Limits by keyboard');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Details')).toBeFocused();
  await page.keyboard.type('Squeeze theorem, then L’Hôpital.');
  await enterOn(page, page.getByRole('button', { name: 'Save' }));
  await expect(page.getByRole('dialog', { name: 'Note created successfully' })).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/dashboard/manage-personal-notes');
  await expect(page.getByText('Limits by keyboard')).toBeVisible();

  // Booked Sessions lists the booking.
  await enterOn(page, page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Booked Sessions' }), { backwards: true });
  await expect(page.getByText(session.title)).toBeVisible();

  // Account menu → Log out → the dialog's Ok.
  const accountMenu = page.getByRole('button', { name: 'Account menu' });
  await enterOn(page, accountMenu, { backwards: true });
  const logOut = page.getByRole('button', { name: 'Log out' });
  await enterOn(page, logOut);
  await dialogFocusedOnOk(page, 'Logged out successfully');
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
});

test('focus moves into a dialog and back to the control that opened it', async ({ page }) => {
  await page.goto('/login');
  const forgot = page.getByRole('button', { name: 'Forgot password?' });
  await enterOn(page, forgot);
  const dialog = await dialogFocusedOnOk(page, 'Email is required');
  // Tab stays inside the modal dialog.
  await page.keyboard.press('Tab');
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(forgot).toBeFocused();
});

// Readers who prefer reduced motion once got dialogs that took no focus: the page's reduced-motion
// rule stretched the dialog's 0 s visibility transition, so it was still hidden when opened.
for (const reducedMotion of ['reduce', 'no-preference'] as const) {
  test(`a modal of the dashboard takes focus and gives it back (admin rejects a session), motion: ${reducedMotion}`, async ({
    page,
    server,
    createUser,
    loginAs,
  }) => {
    await page.emulateMedia({ reducedMotion });
    const tutor = await createUser({ role: 'tutor' });
    const session = await createStudySession(server.deps, tutor, { title: `Waiting for review, ${reducedMotion}`, status: 'pending' });
    const admin = await createUser({ role: 'admin' });
    await loginAs(page, admin);
    await page.goto('/dashboard/all-sessions');
    const reject = page.getByRole('button', { name: `Reject ${session.title}` });
    await enterOn(page, reject);
    const dialog = page.locator('dialog[open]');
    await expect(dialog).toBeVisible();
    await expect(dialog.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(reject).toBeFocused();
  });
}

test('form errors are announced (role=alert)', async ({ page, server, createUser }) => {
  // A real reset link: the page shows its form only for a token that can still be used.
  const user = await createUser({ role: 'student' });
  await page.goto(await passwordResetLink(server, user));
  await tabTo(page, page.getByLabel('New password', { exact: true }));
  await page.keyboard.type('first-password-1');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Confirm new password')).toBeFocused();
  await page.keyboard.type('second-password-2');
  await page.keyboard.press('Enter');
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('The passwords do not match.');
  await expect(page.getByLabel('Confirm new password')).toHaveAccessibleDescription(/The passwords do not match/);
});
