// Phones: every route of the router at 375 × 812, signed out and as each role, fits the
// width (no horizontal scroll) and has no two visible controls on top of each other; the
// dashboard's Menu drawer works by touch and by keyboard.
import type { Page } from '@playwright/test';
import { appRoutes, fillPattern, type Visitor } from './app-routes';
import { test, expect } from './fixtures';
import { seedTour, visitSettled, type Tour } from './page-tour';

test.use({ viewport: { width: 375, height: 812 } });

let tour: Tour;
test.beforeAll(async ({ server }) => {
  tour = await seedTour(server);
});

/**
 * Pairs of visible, separate controls whose boxes intersect (more than a pixel each way), among
 * the controls inside `scope` (an open drawer covers the page: only its own controls count).
 */
async function overlappingControls(page: Page, scope = 'body'): Promise<string[]> {
  return page.evaluate((scope) => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], summary';
    const describe = (el: Element) => {
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> "${name}"`;
    };
    const controls = [...document.querySelectorAll(scope)].flatMap((root) => [...root.querySelectorAll(selector)]).filter((el) => {
      if (el.closest('[inert], [aria-hidden="true"]')) return false;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      const box = el.getBoundingClientRect();
      return box.width > 2 && box.height > 2; // visually hidden (sr-only) content is 1 px
    });
    const overlaps: string[] = [];
    for (let i = 0; i < controls.length; i++) {
      for (let j = i + 1; j < controls.length; j++) {
        const a = controls[i]!;
        const b = controls[j]!;
        if (a.contains(b) || b.contains(a)) continue;
        const ra = a.getBoundingClientRect();
        const rb = b.getBoundingClientRect();
        const width = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const height = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (width > 1 && height > 1) overlaps.push(`${describe(a)} overlaps ${describe(b)}`);
      }
    }
    return overlaps;
  }, scope);
}

async function expectFitsPhone(page: Page, where: string, scope?: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `horizontal scroll on ${where}`).toBeLessThanOrEqual(innerWidth);
  expect(await overlappingControls(page, scope), `overlapping controls on ${where}`).toEqual([]);
}

const VISITORS: Visitor[] = ['signed-out', 'student', 'tutor', 'admin'];

for (const visitor of VISITORS) {
  test.describe(`as ${visitor}`, () => {
    for (const route of appRoutes().filter((r) => r.visitors.includes(visitor))) {
      test(`${route.pattern} fits 375 px`, async ({ tourPage }) => {
        const page = await tourPage(visitor === 'signed-out' ? undefined : tour.users[visitor]);
        const url = fillPattern(route.pattern, tour.params);
        expect(url, `no sample value for a parameter of ${route.pattern} (tests/e2e/page-tour.ts)`).toBeDefined();
        await visitSettled(page, url!);
        await expectFitsPhone(page, `${url} as ${visitor}`);
        // The phone menu open must fit too.
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.locator('#phone-menu')).toBeVisible();
        await expectFitsPhone(page, `${url} as ${visitor}, phone menu open`);
      });
    }
  });
}

test.describe('the Menu drawer', () => {
  test.use({ hasTouch: true, isMobile: true });

  test('opens, navigates and closes by touch', async ({ page, loginAs }) => {
    await loginAs(page, tour.users.student);
    await visitSettled(page, '/dashboard');
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(sidebar).not.toBeInViewport();

    await page.getByRole('button', { name: 'Menu', exact: true }).tap();
    await expect(sidebar).toBeInViewport();
    await expectFitsPhone(page, 'the open drawer', '#dashboard-sidebar');
    // A tap on the dimmed page beside the drawer closes it.
    await page.touchscreen.tap(360, 700);
    await expect(sidebar).not.toBeInViewport();

    await page.getByRole('button', { name: 'Menu', exact: true }).tap();
    await expect(sidebar).toBeInViewport();
    await sidebar.getByRole('link', { name: 'Settings' }).tap();
    await page.waitForURL((url) => url.pathname === '/dashboard/settings');
    await expect(sidebar).not.toBeInViewport();
    await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Menu', exact: true }).tap();
    await expect(sidebar).toBeInViewport();
    await sidebar.getByRole('button', { name: 'Close sidebar' }).tap();
    await expect(sidebar).not.toBeInViewport();
  });

  test('opens, navigates and closes by keyboard, focus going in and back', async ({ page, loginAs }) => {
    await loginAs(page, tour.users.tutor);
    await visitSettled(page, '/dashboard');
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    const filters = page.getByRole('button', { name: 'Menu', exact: true });

    await filters.focus();
    await page.keyboard.press('Enter');
    await expect(sidebar).toBeInViewport();
    await expect(sidebar.getByRole('button', { name: 'Close sidebar' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(sidebar).not.toBeInViewport();
    await expect(filters).toBeFocused();

    await page.keyboard.press('Space');
    await expect(sidebar).toBeInViewport();
    // Tab to the Settings link (the last entry) and follow it.
    const settings = sidebar.getByRole('link', { name: 'Settings' });
    for (let i = 0; i < 20 && !(await settings.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(settings).toBeFocused();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/dashboard/settings');
    await expect(sidebar).not.toBeInViewport();
  });
});
