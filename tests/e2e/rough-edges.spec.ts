// Rough edges of booking and forms, each as a user meets them.
import type { Locator, Page } from '@playwright/test';
import { createBooking, createStudySession } from '#tests/factories.ts';
import { expect, passwordResetLink, test, expectPopup } from './fixtures';

/** The sRGB bytes the page paints for CSS colours (computed colours may be oklch(…): a canvas turns any into sRGB). */
function paintedBytes(page: Page, colours: string[]): Promise<number[][]> {
  return page.evaluate((list) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const paint = canvas.getContext('2d', { willReadFrequently: true })!;
    return list.map((css) => {
      paint.clearRect(0, 0, 1, 1);
      paint.fillStyle = css;
      paint.fillRect(0, 0, 1, 1);
      return [...paint.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    });
  }, colours);
}

/** WCAG contrast ratio of two CSS colours, as `page` paints them. */
async function contrast(page: Page, first: string, second: string): Promise<number> {
  const luminance = (bytes: number[]) => {
    const [r, g, b] = bytes.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [a, b] = (await paintedBytes(page, [first, second])).map(luminance).sort((x, y) => y - x);
  return (a! + 0.05) / (b! + 0.05);
}

/** WCAG contrast ratio of a control's text against its own background. */
async function contrastOf(control: Locator): Promise<number> {
  const [color, background] = await control.evaluate((element) => [getComputedStyle(element).color, getComputedStyle(element).backgroundColor]);
  return contrast(control.page(), color!, background!);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`Join waitlist is on brand (like Book now) and readable, contrast at least 4.5:1 (${colorScheme})`, async ({ browser, server, createUser, loginAs }) => {
    const context = await browser.newContext({ baseURL: server.baseURL, colorScheme });
    const page = await context.newPage();
    const tutor = await createUser({ role: 'tutor' });
    const full = await createStudySession(server.deps, tutor, { maxParticipants: 1 });
    await createBooking(server.deps, full, await createUser({ role: 'student' }));
    const open = await createStudySession(server.deps, tutor);
    await loginAs(page, await createUser({ role: 'student' }));
    await page.goto(`/session/${open.id}`);
    const bookNow = page.getByRole('button', { name: 'Book now' });
    const brand = await bookNow.evaluate((element) => getComputedStyle(element).backgroundColor);
    await page.goto(`/session/${full.id}`);
    const join = page.getByRole('button', { name: 'Join waitlist' });
    await expect(join).toBeVisible();
    expect(await join.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(brand);
    expect(await contrastOf(join)).toBeGreaterThanOrEqual(4.5);
    await context.close();
  });
}

test('"Last seen" reads the same in the page the server drew and once the app runs', async ({ page, createUser, loginAs }) => {
  const admin = await createUser({ role: 'admin' });
  const seen = await createUser({ role: 'student', name: `Seen ${Date.now().toString(36)}` });
  await loginAs(page, seen);
  await page.context().clearCookies();
  await loginAs(page, admin);
  const url = `/dashboard/all-users?q=${encodeURIComponent(seen.name)}`;
  await page.goto(url);
  const row = page.getByText(/^Last seen /).first();
  const inBrowser = (await row.innerText()).trim();
  const drawn = (await (await page.request.get(url)).text()).replaceAll('<!-- -->', '');
  expect(drawn).toContain(inBrowser);
  expect(inBrowser).toMatch(/^Last seen on \w{3} \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} \(your time\)$/);
});

test('Delete buttons look the same on every list (outlined)', async ({ page, server, createUser, loginAs }) => {
  const tutor = await createUser({ role: 'tutor' });
  const session = await createStudySession(server.deps, tutor, { status: 'pending', title: `Delete me ${Date.now().toString(36)}` });
  await loginAs(page, tutor);
  await page.goto('/dashboard/manage-sessions');
  const style = (button: Locator) => button.evaluate((element) => `${getComputedStyle(element).backgroundColor} ${getComputedStyle(element).borderColor}`);
  const tutors = await style(page.getByRole('button', { name: `Delete ${session.title}` }));
  await page.context().clearCookies();
  await loginAs(page, await createUser({ role: 'admin' }));
  await page.goto(`/dashboard/all-sessions?q=${encodeURIComponent(session.title)}`);
  expect(await style(page.getByRole('button', { name: `Delete ${session.title}` }))).toBe(tutors);
});

test("the carousel's first image is preloaded on Home only, the page that shows it", async ({ page }) => {
  const home = await (await page.request.get('/')).text();
  expect(home).toMatch(/<link rel="preload" as="image"[^>]*slide-math/);
  for (const path of ['/all-sessions', '/login']) {
    expect(await (await page.request.get(path)).text()).not.toContain('rel="preload" as="image"');
  }
});

test('the "Open for registration" switch sits beside the search box', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/all-sessions');
  const search = await page.getByRole('button', { name: 'Search' }).boundingBox();
  const toggle = await page.getByLabel('Open for registration').boundingBox();
  expect(toggle!.x - (search!.x + search!.width)).toBeLessThan(64);
});

test("tutors' avatars stand out from the page in the dark theme (3:1)", async ({ browser, server, createUser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL, colorScheme: 'dark' });
  const page = await context.newPage();
  // Tutors whose names the avatar's old palette painted 'neutral' (its fourth of five colours, nearly
  // the dark page's own), plus a few others; named to come first in Home's list, ordered by name.
  const hash = (name: string) => [...name].reduce((h, ch) => (h * 31 + ch.codePointAt(0)!) >>> 0, 0);
  const stamp = Date.now().toString(36);
  const names = Array.from({ length: 60 }, (_, i) => `Aaron ${stamp}${i}`);
  const chosen = [...names.filter((name) => hash(name) % 5 === 3).slice(0, 2), ...names.filter((name) => hash(name) % 5 !== 3).slice(0, 3)];
  for (const name of chosen) await createStudySession(server.deps, await createUser({ role: 'tutor', name }));
  await page.goto('/');
  const avatars = await page.locator('.avatar-placeholder > div').evaluateAll((found) => found.map((avatar) => getComputedStyle(avatar).backgroundColor));
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const ratios = await Promise.all(avatars.map((avatar) => contrast(page, avatar, background)));
  expect(ratios.length).toBeGreaterThan(0);
  for (const ratio of ratios) expect(ratio).toBeGreaterThanOrEqual(3);
  await context.close();
});

test('the create-session form starts at the left edge like every other dashboard page', async ({ page, createUser, loginAs }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAs(page, await createUser({ role: 'tutor' }));
  await page.goto('/dashboard/manage-sessions');
  const list = await page.getByRole('heading', { level: 1 }).boundingBox();
  await page.goto('/dashboard/create-session');
  const form = await page.getByRole('heading', { name: 'Create a Session' }).boundingBox();
  expect(Math.abs(form!.x - list!.x)).toBeLessThan(2);
});

test('Booked Sessions lists upcoming classes soonest first, then past ones, each with its time', async ({ page, server, createUser, loginAs }) => {
  const tutor = await createUser({ role: 'tutor' });
  const student = await createUser({ role: 'student' });
  const day = 24 * 60 * 60 * 1000;
  const now = Date.now();
  const at = (from: number) => ({ registrationStartDate: new Date(now - 30 * day).toISOString(), registrationEndDate: new Date(now - 20 * day).toISOString(), classStartDate: new Date(from).toISOString(), classEndDate: new Date(from + 3_600_000).toISOString() });
  // Booked in this order: the later class first, then the past one, then the sooner one.
  for (const [title, from] of [['Later class', now + 9 * day], ['Past class', now - 9 * day], ['Sooner class', now + 2 * day]] as const) {
    await createBooking(server.deps, await createStudySession(server.deps, tutor, { title, ...at(from) }), student);
  }
  await loginAs(page, student);
  await page.goto('/dashboard/view-booked-session');
  const upcoming = page.getByRole('region', { name: 'Upcoming' }).getByTestId('booked-session-row');
  await expect(upcoming).toHaveCount(2);
  await expect(upcoming.nth(0)).toContainText('Sooner class');
  await expect(upcoming.nth(1)).toContainText('Later class');
  await expect(upcoming.nth(0)).toContainText('(your time)');
  await expect(page.getByRole('region', { name: 'Past' }).getByTestId('booked-session-row')).toContainText('Past class');
});

test('after "Load more", keyboard focus is on the first session it brought', async ({ page, server, createUser }) => {
  const tutor = await createUser({ role: 'tutor' });
  const tag = `Paged${Date.now().toString(36)}`;
  // One more than a page (12), in class order, soonest first: "00" has the soonest class, an
  // hour before "01", and so on; the latest, "12", comes with Load more.
  const firstClass = Date.now() + 14 * 24 * 60 * 60 * 1000;
  for (let i = 0; i < 13; i++) {
    const classStart = firstClass + i * 60 * 60 * 1000;
    await createStudySession(server.deps, tutor, { title: `${tag} ${String(i).padStart(2, '0')}`, classStartDate: new Date(classStart).toISOString(), classEndDate: new Date(classStart + 30 * 60 * 1000).toISOString() });
  }
  await page.goto(`/all-sessions?q=${tag}`);
  await expect(page.getByRole('article')).toHaveCount(12);
  await page.getByRole('button', { name: 'Load more' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('article')).toHaveCount(13);
  // Focus is inside the new card (on its first link), not back at the top of the page.
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('li')?.querySelector('h2')?.textContent ?? null)).toBe(`${tag} 12`);
});

test('a used password reset link says so at once, with a way to ask for a new one; a successful reset goes to login', async ({ page, server, createUser }) => {
  const student = await createUser({ role: 'student' });
  const link = await passwordResetLink(server, student);

  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('A-new-password-2026');
  await page.getByLabel('Confirm new password').fill('A-new-password-2026');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto(link);
  await expect(page.getByText('This password reset link has expired or was already used')).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the photo field says its limits up front and refuses a non-image named .png as soon as it is chosen', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByText('PNG, JPEG, WebP, GIF or AVIF, up to 2 MB.')).toBeVisible();
  const field = page.getByLabel('Photo');
  await field.setInputFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: Buffer.from('this is a text file, not a picture') });
  await expect(page.getByRole('alert').filter({ hasText: 'holiday.png is not an image we can use.' })).toBeVisible();
  expect(await field.evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);
});

test('an unverified user can resend the verification email, and its link lands on a page that says the address is verified', async ({ page, server, createUser, loginAs }) => {
  const student = await createUser({ role: 'student', verified: false });
  await loginAs(page, student);
  await page.goto('/dashboard');
  await expect(page.getByTestId('details-status')).toHaveText('Unverified');
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expectPopup(page, 'Verification email sent');
  const mail = await server.mailbox.waitFor(student.email, /Verify your StudyNest email/);
  const link = /https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?[^\s"<>]+/.exec(mail.text)![0];
  await page.goto(link);
  await expect(page).toHaveURL(/\/dashboard\?verified=1$/);
  await expect(page.getByText('Your email address is verified. Thank you!')).toBeVisible();
  await expect(page.getByTestId('details-status')).toHaveText('Verified');
});

test('a verification link opened in a browser that is not signed in signs no one in: the page says the address is verified and offers Log in', async ({ page, server, createUser }) => {
  const student = await createUser({ role: 'student', verified: false });
  // The link as sign-up sends it (no callbackURL of the caller's: the server's landing page).
  const sent = await page.request.post(`${server.baseURL}/api/auth/send-verification-email`, { data: { email: student.email }, headers: { origin: server.baseURL } });
  expect(sent.status(), await sent.text()).toBe(200);
  const mail = await server.mailbox.waitFor(student.email, /Verify your StudyNest email/);
  const link = /https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?[^\s"<>]+/.exec(mail.text)![0];
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?/);
  await expect(page.getByText('Your email address is verified. Log in to continue.')).toBeVisible();
  const me = await page.request.get(`${server.baseURL}/api/me`);
  expect(me.status()).toBe(401);
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password').fill(student.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard\?verified=1$/);
  await expect(page.getByTestId('details-status')).toHaveText('Verified');
});

test('after a dialog closes, keyboard focus is on the page, not back at its top', async ({ page, server, createUser, loginAs }) => {
  const tutor = await createUser({ role: 'tutor' });
  const session = await createStudySession(server.deps, tutor, { status: 'pending', title: `Focus ${Date.now().toString(36)}` });
  await loginAs(page, tutor);
  await page.goto('/dashboard/manage-sessions');
  await page.getByRole('button', { name: `Delete ${session.title}` }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Yes, delete it!' }).press('Enter');
  await expectPopup(page, 'Session deleted successfully');
  await expect(page.getByRole('heading', { name: 'Session deleted successfully' })).toBeHidden();
  // The row is gone with its button: focus is on the page's heading.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});
