// Axe on every route of the router, signed out and as each role, plus the dialogs and
// the date fields, and the main pages in Spanish; zero violations of WCAG 2.x A/AA and axe's best practices. A page added to
// web/src/app/router.tsx is checked here without editing this file (tests/e2e/app-routes.ts).
import type { Locator, Page } from '@playwright/test';
import { appRoutes, fillPattern, type Visitor } from './app-routes';
import { axeViolations } from './axe';
import { test, expect } from './fixtures';
import { seedTour, visitSettled, type Tour } from './page-tour';

// Axe reads the whole page while Home's slideshow and typewriter re-render it: beside the API
// suites on two cores that takes up to a minute on its own.
test.describe.configure({ timeout: 180_000 });

async function expectNoViolations(page: Page, where: string) {
  expect(await axeViolations(page), `axe violations on ${where}`).toEqual([]);
}

/** `dialog` is open, and the page with it has no axe violations. */
async function expectShownWithoutViolations(page: Page, dialog: Locator, where: string) {
  await expect(dialog).toBeVisible();
  await expectNoViolations(page, where);
}

let tour: Tour;
test.beforeAll(async ({ server }) => {
  tour = await seedTour(server);
});

const VISITORS: Visitor[] = ['signed-out', 'student', 'tutor', 'admin'];

for (const visitor of VISITORS) {
  test.describe(`as ${visitor}`, () => {
    for (const route of appRoutes().filter((r) => r.visitors.includes(visitor))) {
      test(`${route.pattern} has no axe violations`, async ({ tourPage }) => {
        const page = await tourPage(visitor === 'signed-out' ? undefined : tour.users[visitor]);
        const url = fillPattern(route.pattern, tour.params);
        expect(url, `no sample value for a parameter of ${route.pattern} (tests/e2e/page-tour.ts)`).toBeDefined();
        await visitSettled(page, url!);
        await expectNoViolations(page, `${url} as ${visitor}`);
      });
    }
  });
}

test.describe('Home in motion', () => {
  // The tours see still pages (the suite's default); the slideshow and the typewriter running are
  // checked here, where a reader without the reduced-motion preference sees them.
  test.use({ reducedMotion: 'no-preference' });
  test('/ with its slideshow running has no axe violations', async ({ page }) => {
    await visitSettled(page, '/');
    await expect(page.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
    await expectNoViolations(page, '/ in motion');
  });
});

test.describe('dialogs and date fields', () => {
  test('the error dialog (Login Failed)', async ({ page }) => {
    await visitSettled(page, '/login');
    await page.getByLabel('Email', { exact: true }).fill(tour.users.student.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expectShownWithoutViolations(page, page.getByRole('dialog', { name: 'Login Failed' }), 'the Login Failed dialog');
  });

  test('the success dialog (Logged out successfully)', async ({ page, loginAs }) => {
    await loginAs(page, tour.users.student);
    await visitSettled(page, '/');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expectShownWithoutViolations(page, page.getByRole('dialog', { name: 'Logged out successfully' }), 'the Logged out dialog');
  });

  test('the delete confirmation and the approve/reject dialogs (admin)', async ({ page, loginAs }) => {
    await loginAs(page, tour.users.admin);
    await visitSettled(page, '/dashboard/all-sessions');
    await page.getByRole('button', { name: 'Delete Pending physics review' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await expectShownWithoutViolations(page, confirm, 'the delete confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();

    for (const action of ['Approve', 'Reject']) {
      await page.getByRole('button', { name: `${action} Pending physics review` }).click();
      const dialog = page.locator('dialog[open]');
      await expectShownWithoutViolations(page, dialog, `the ${action} dialog`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  });

  test('the date fields of Create a Session, focused and filled', async ({ page, loginAs }) => {
    await loginAs(page, tour.users.tutor);
    await visitSettled(page, '/dashboard/create-session');
    // Each date is a dd/MM/yyyy field and an HH:mm one.
    const dates = page.locator('input[inputmode="numeric"][pattern]');
    expect(await dates.count(), 'date fields on Create a Session').toBeGreaterThanOrEqual(4);
    await dates.first().focus();
    await expectNoViolations(page, 'Create a Session with a date field focused');
  });
});

test.describe('dark colour scheme', () => {
  test.use({ colorScheme: 'dark' });
  for (const [visitor, pattern] of [
    ['signed-out', '/'],
    ['signed-out', '/login'],
    ['signed-out', '/all-sessions'],
    ['student', '/session/:id'],
    ['student', '/dashboard'],
    ['tutor', '/dashboard/manage-sessions'],
    ['admin', '/dashboard/all-users'],
  ] as const) {
    test(`${pattern} as ${visitor} has no axe violations`, async ({ tourPage }) => {
      const page = await tourPage(visitor === 'signed-out' ? undefined : tour.users[visitor]);
      await visitSettled(page, fillPattern(pattern, tour.params)!);
      expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
      await expectNoViolations(page, `${pattern} as ${visitor} (dark)`);
    });
  }
});

// The main pages in Spanish, drawn with <html lang="es"> (axe checks that the page's
// language is declared and valid, and reads every label in it).
test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES' });
  for (const [visitor, pattern] of [
    ['signed-out', '/'],
    ['signed-out', '/all-sessions'],
    ['signed-out', '/login'],
    ['signed-out', '/register'],
    ['signed-out', '/session/:id'],
    ['signed-out', '/tutors/:id'],
    ['student', '/dashboard/view-booked-session'],
    ['student', '/dashboard/view-booked-session/:id'],
    ['student', '/dashboard/settings'],
    ['tutor', '/dashboard/session/:email/:id'],
    ['admin', '/dashboard/all-sessions'],
  ] as const) {
    test(`${pattern} as ${visitor} has no axe violations`, async ({ tourPage }) => {
      const page = await tourPage(visitor === 'signed-out' ? undefined : tour.users[visitor]);
      await visitSettled(page, fillPattern(pattern, tour.params)!);
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expectNoViolations(page, `${pattern} as ${visitor} (Spanish)`);
    });
  }
});
