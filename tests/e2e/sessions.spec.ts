// Sessions in a real browser: a tutor creates, an admin approves with a fee, everyone
// sees it with the right badge; a rejected session shows its feedback and is resubmitted; the
// carousel advances and its controls work; All Sessions is 1 column on a phone, 3 on a desktop.
import type { Page } from '@playwright/test';
import { createStudySession } from '#tests/factories.ts';
import { test, expect, expectPopup } from './fixtures';

// The first test's session is approved with a fee and seen open: only true where the server
// takes payments (a paid session nobody can pay for is Closed), so this file's server
// pays through the local fake of Stripe.
test.use({ withStripe: true });

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** The browser runs in UTC (playwright.config.ts): a date field holds dd/MM/yyyy, a time field HH:mm. */
const fillPicker = async (page: Page, field: string, ms: number) => {
  await page.getByLabel(`${field} Date`).fill(ddMMyyyy(ms));
  await page.getByLabel(`${field} Time`).fill(new Date(ms).toISOString().slice(11, 16));
};
const ddMMyyyy = (ms: number) => {
  const d = new Date(ms);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

async function switchUser(page: Page, loginAs: (page: Page, user: never) => Promise<void>, user: unknown) {
  await page.context().clearCookies();
  await loginAs(page, user as never);
}

async function gridColumns(page: Page): Promise<number> {
  return page
    .getByTestId('session-grid')
    .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').filter(Boolean).length);
}

test('a tutor creates a session, an admin approves it with a fee, and everyone sees it open', async ({ page, createUser, loginAs }) => {
  const tutor = await createUser({ role: 'tutor', name: 'Tessa Tutor' });
  const admin = await createUser({ role: 'admin' });
  const title = `Calculus Sprint ${Date.now().toString(36)}`;
  const now = Date.now();
  // Home lists the six soonest classes: in 10 days, this one comes before the sessions the other
  // tests on this server make (their classes are in 14 days, the factories' default).
  const classStart = now + 10 * DAY;

  await loginAs(page, tutor);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Create Session' }).click();
  await expect(page).toHaveTitle('StudyNest | Create Session');
  await expect(page.getByRole('heading', { name: 'Create a Session' })).toBeVisible();
  await expect(page.getByText('Fill the form below to create a session.')).toBeVisible();
  // Registration opens now (dd/MM/yyyy and HH:mm) and closes when the proposed class starts.
  const regStart = page.getByLabel('Registration Start Date');
  await expect(regStart).toHaveValue(ddMMyyyy(now));
  await expect(page.getByLabel('Registration End Date')).toHaveValue(await page.getByLabel('Class Start Date').inputValue());

  await page.getByLabel('Session Title').fill(title);
  await fillPicker(page, 'Registration End', now + 7 * DAY);
  await fillPicker(page, 'Class Start', classStart);
  await fillPicker(page, 'Class End', classStart + 2 * HOUR);
  await page.getByLabel('Session description').fill('Derivatives and integrals, fast.');
  await page.getByLabel('Max participants (optional)').fill('10');
  await page.getByLabel('In person', { exact: true }).check();
  await page.getByLabel('Place name').fill('Library, room 4');
  await page.getByLabel('Address').fill('1 Main St');
  await page.getByRole('button', { name: 'Create Session' }).click();
  await expectPopup(page, 'Session created successfully');

  await page.waitForURL('**/dashboard/manage-sessions');
  const row = page.getByTestId('manage-session-row').filter({ hasText: title });
  await expect(row).toContainText('Pending');

  // The admin approves it as a paid session.
  await switchUser(page, loginAs, admin);
  await page.goto('/dashboard/all-sessions');
  await expect(page).toHaveTitle('StudyNest | All Sessions');
  await page.getByRole('button', { name: `Approve ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve session' });
  await dialog.getByLabel('Paid').check();
  await dialog.getByLabel('Amount (USD)').fill('15');
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expectPopup(page, 'Session approved successfully');
  await expect(page.getByTestId('admin-session-row').filter({ hasText: title })).toContainText('Approved');

  // Home, as a visitor.
  await page.context().clearCookies();
  await page.goto('/');
  const homeCard = page.getByRole('article', { name: title });
  await expect(homeCard).toBeVisible();
  // The card's status button reads "Registration: Ongoing" (its visible word alone is hidden from readers).
  await expect(homeCard.getByText('Registration: Ongoing', { exact: true })).toBeVisible();

  // All Sessions, searched by the tutor's name.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sessions' }).click();
  await page.getByLabel('Search by title or tutor').fill('Tessa');
  await page.getByRole('button', { name: 'Search' }).click();
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('Registration: Ongoing', { exact: true })).toBeVisible();

  // Details are public (a shared link works signed out); booking needs a login.
  await card.getByRole('link', { name: `Read More about ${title}` }).click();
  await page.waitForURL('**/session/**');
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const student = await createUser({ role: 'student' });
  await loginAs(page, student);
  await page.reload();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const details = page.getByRole('article', { name: title });
  await expect(details.getByText('Ongoing', { exact: true })).toBeVisible();
  await expect(details).toContainText('Registration fee: $15');
  await expect(details).toContainText('No ratings yet');
  await expect(details).toContainText('2 hours');
  await expect(details).toContainText(ddMMyyyy(classStart));
  await expect(details).toContainText('0 of 10 seats taken');
  await expect(page).toHaveTitle(`StudyNest | ${title}`);
});

test('a rejected session shows the feedback to its tutor and can be resubmitted', async ({ page, createUser, loginAs, server }) => {
  const tutor = await createUser({ role: 'tutor' });
  const admin = await createUser({ role: 'admin' });
  const session = await createStudySession(server.deps, tutor, { status: 'pending', title: `Quantum Basics ${Date.now().toString(36)}` });

  await loginAs(page, admin);
  await page.goto('/dashboard/all-sessions');
  await page.getByLabel('Status').selectOption({ label: 'Pending' });
  await page.getByRole('button', { name: `Reject ${session.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject session' });
  // Both fields are required.
  await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  await dialog.getByLabel('Reason').fill('Too vague');
  await dialog.getByLabel('Feedback').fill('Please list the topics you will cover.');
  await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
  await expectPopup(page, 'Session rejected');

  await switchUser(page, loginAs, tutor);
  await page.goto('/dashboard/manage-sessions');
  const row = page.getByTestId('manage-session-row').filter({ hasText: session.title });
  await expect(row).toContainText('Rejected');
  await expect(row).toContainText('Too vague');
  await expect(row).toContainText('Please list the topics you will cover.');

  // The tutor's details page shows it too; the public details page is closed to others.
  await row.getByRole('link', { name: `View ${session.title}` }).click();
  await expect(page.getByRole('heading', { name: 'Session Details' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('Please list the topics you will cover.');

  await page.goto('/dashboard/manage-sessions');
  await row.getByRole('button', { name: `Resubmit ${session.title}` }).click();
  await expectPopup(page, 'Session resubmitted for review');
  await expect(row).toContainText('Pending');
  await expect(row).not.toContainText('Too vague');
  await expect(row.getByRole('button', { name: `Resubmit ${session.title}` })).toHaveCount(0);
});

test('the tutor edits title and details and lands on the session page', async ({ page, createUser, loginAs, server }) => {
  const tutor = await createUser({ role: 'tutor' });
  const session = await createStudySession(server.deps, tutor, { title: `Edit me ${Date.now().toString(36)}` });
  await loginAs(page, tutor);
  await page.goto('/dashboard/manage-sessions');
  await page.getByRole('link', { name: `Edit ${session.title}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit Session' })).toBeVisible();
  // Approved: the dates are fixed.
  await expect(page.getByLabel('Class Start Date')).toHaveCount(0);
  await page.getByLabel('Title', { exact: true }).fill(`${session.title} (updated)`);
  await page.getByLabel('Details').fill('New details.');
  await page.getByRole('button', { name: 'Update' }).click();
  await expectPopup(page, 'Session updated successfully');
  await page.waitForURL(`**/dashboard/session/${encodeURIComponent(tutor.email)}/${session.id}`);
  await expect(page.getByRole('heading', { name: `${session.title} (updated)` })).toBeVisible();
  await expect(page.getByText('New details.')).toBeVisible();
});

test('deleting a session asks first, then removes it', async ({ page, createUser, loginAs, server }) => {
  const tutor = await createUser({ role: 'tutor' });
  const session = await createStudySession(server.deps, tutor, { status: 'pending', title: `Delete me ${Date.now().toString(36)}` });
  await loginAs(page, tutor);
  await page.goto('/dashboard/manage-sessions');
  await page.getByRole('button', { name: `Delete ${session.title}` }).click();
  await expect(page.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
  await expect(page.getByText("You won't be able to revert this!")).toBeVisible();
  await page.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expectPopup(page, 'Session deleted successfully');
  await expect(page.getByTestId('manage-session-row').filter({ hasText: session.title })).toHaveCount(0);
});

test('the carousel advances by itself, and its bullets and arrows work', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/');
  await expect(page).toHaveTitle('StudyNest | Home');
  const slides = page.getByTestId('hero-slide');
  // A loader shows while auth loads; a busy machine may take a while.
  await expect(slides).toHaveCount(3, { timeout: 20_000 });
  await expect(slides.nth(0)).toHaveAttribute('data-active', 'true');
  // The typewriter types the title out.
  await expect(slides.nth(0).getByTestId('hero-title')).toHaveText('Math Tutoring Session', { timeout: 5000 });

  await expect(slides.nth(1)).toHaveAttribute('data-active', 'true', { timeout: 10_000 });

  await page.getByRole('button', { name: 'Go to slide 3: Hands-on experience in organic chemistry' }).click();
  await expect(slides.nth(2)).toHaveAttribute('data-active', 'true');
  await expect(page.getByRole('button', { name: /Go to slide 3/ })).toHaveAttribute('aria-current', 'true');
  await page.getByRole('button', { name: 'Next slide' }).click();
  await expect(slides.nth(0)).toHaveAttribute('data-active', 'true');
  await page.getByRole('button', { name: 'Previous slide' }).click();
  await expect(slides.nth(2)).toHaveAttribute('data-active', 'true');
});

test('the carousel stays still, with whole titles, for users who prefer reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const slides = page.getByTestId('hero-slide');
  await expect(slides).toHaveCount(3, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Pause slideshow' })).toHaveCount(0);
  await expect(slides.nth(0).getByTestId('hero-title')).toHaveText('Math Tutoring Session');
  await page.waitForTimeout(5_600);
  await expect(slides.nth(0)).toHaveAttribute('data-active', 'true');
  await page.getByRole('button', { name: 'Next slide' }).click();
  await expect(slides.nth(1).getByTestId('hero-title')).toHaveText('Physics Study Group');
});

test('All Sessions: 1 column on a phone with no sideways scroll, 3 on a desktop; more pages load', async ({ page, createUser, server }) => {
  const tutor = await createUser({ role: 'tutor' });
  for (let i = 0; i < 14; i++) await createStudySession(server.deps, tutor, { title: `Grid session ${i}` });

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/all-sessions');
  await expect(page).toHaveTitle('StudyNest | All Sessions');
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(await gridColumns(page)).toBe(1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await gridColumns(page)).toBe(3);

  const before = await page.getByRole('article').count();
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(before);

  // Home: "See all sessions" appears once more than 2 sessions are loaded.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'See all sessions' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'See our Tutors' })).toBeVisible();
  await expect(page.getByText(/Our Teachers/)).toBeVisible();
  // In the tutors section (the cards above now link every "by …" to the tutor's page too).
  await expect(page.getByRole('region', { name: 'See our Tutors' }).getByText(tutor.name, { exact: true })).toBeVisible();
});

test('"Open for registration" hides sessions whose window is closed', async ({ page, createUser, server }) => {
  const tutor = await createUser({ role: 'tutor' });
  const tag = Date.now().toString(36);
  const now = Date.now();
  await createStudySession(server.deps, tutor, { title: `Open ${tag}` });
  await createStudySession(server.deps, tutor, { title: `Closed ${tag}`, registrationStartDate: new Date(now - 5 * DAY).toISOString(), registrationEndDate: new Date(now - DAY).toISOString() });
  await page.goto(`/all-sessions?q=${tag}`);
  await expect(page.getByRole('article', { name: `Closed ${tag}` }).getByText('Closed', { exact: true })).toBeVisible();
  await page.getByLabel('Open for registration').check();
  await expect(page.getByRole('article', { name: `Closed ${tag}` })).toHaveCount(0);
  await expect(page.getByRole('article', { name: `Open ${tag}` }).getByText('Registration: Ongoing', { exact: true })).toBeVisible();
});

test('every sessions page fits a 375 px phone without sideways scrolling', async ({ page, createUser, loginAs, server }) => {
  const tutor = await createUser({ role: 'tutor' });
  const admin = await createUser({ role: 'admin' });
  const long = 'Supercalifragilisticexpialidocious-thermodynamics-and-statistical-mechanics';
  const approved = await createStudySession(server.deps, tutor, { title: long, description: `${long} `.repeat(5) });
  const rejected = await createStudySession(server.deps, tutor, { status: 'rejected', title: `Rejected ${long}` });
  await page.setViewportSize({ width: 375, height: 800 });
  const fits = async (path: string, ready: string) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: ready }).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/${path.replace(/\W+/g, '_')}.png`, fullPage: true });
  };
  await fits('/', 'See our Tutors');
  await fits('/all-sessions', 'All Sessions');
  await loginAs(page, tutor);
  await fits(`/session/${approved.id}`, long);
  await fits('/dashboard/create-session', 'Create a Session');
  await fits('/dashboard/manage-sessions', 'Manage Sessions');
  await fits(`/dashboard/session/${encodeURIComponent(tutor.email)}/${rejected.id}`, 'Session Details');
  await fits(`/dashboard/session/edit/${rejected.id}`, 'Edit Session');
  await page.context().clearCookies();
  await loginAs(page, admin);
  await fits('/dashboard/all-sessions', 'All Sessions');
});
