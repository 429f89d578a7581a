// StudyNest in Spanish. A browser that prefers Spanish gets the pages the server draws
// in Spanish with <html lang="es">, and the app takes them over with the same words (a hydration
// mismatch is a console error, which fails the test); the footer's switch works; axe passes with
// the language set; right-to-left pages overflow nothing on a phone and on a desktop.
import type { Page } from '@playwright/test';
import { newId } from '#server/ids.ts';
import { createStudySession } from '#tests/factories.ts';
import { axeViolations } from './axe';
import { test, expect, waitForApp, expectPopup } from './fixtures';

test.describe('a browser that prefers Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('gets Home in Spanish, drawn by the server and taken over by the app, and axe passes', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page).toHaveTitle('StudyNest | Inicio');
    await expect(page.getByRole('heading', { level: 2, name: 'Sesiones' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Inicio' })).toBeVisible();
    await expect(page.getByText('© ' + new Date().getFullYear() + ' StudyNest. Todos los derechos reservados.')).toBeVisible();
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 2, name: 'Conoce a nuestros tutores' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();

    expect(await axeViolations(page), 'axe violations on Home in Spanish').toEqual([]);

    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Sesiones' }).click();
    await expect(page).toHaveTitle('StudyNest | Todas las sesiones');
    await expect(page.getByRole('heading', { level: 1, name: 'Todas las sesiones' })).toBeVisible();
    await expect(page.getByLabel('Con inscripción abierta')).toBeVisible();
  });

  test('logs in in Spanish, and a saved choice in Settings follows the account', async ({ page, createUser }) => {
    const student = await createUser({ role: 'student' });
    await page.goto('/login');
    await expect(page).toHaveTitle('StudyNest | Iniciar sesión');
    await expect(page.getByRole('heading', { level: 1, name: 'Inicia sesión en tu cuenta' })).toBeVisible();
    await waitForApp(page);
    await page.getByLabel('Correo electrónico', { exact: true }).fill(student.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(student.password);
    await page.getByRole('main').getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await expectPopup(page, 'Sesión iniciada');
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/dashboard/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Ajustes' })).toBeVisible();
    await waitForApp(page);
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
    await page.getByRole('button', { name: 'Guardar idioma' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  });
});

test('the footer switches a visitor to Spanish and back, on the page they were on', async ({ page }) => {
  await page.goto('/all-sessions');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await waitForApp(page);
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page).toHaveURL(/\/all-sessions$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Sesiones' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Español' })).toHaveAttribute('aria-current', 'true');

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Sesiones' })).toBeVisible();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 2, name: 'Sessions' })).toBeVisible();
});

test('without JavaScript, the footer still switches the language', async ({ browser, server }) => {
  const context = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false, timezoneId: 'UTC' });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 2, name: 'Sesiones' })).toBeVisible();
  } finally {
    await context.close();
  }
});

/**
 * Elements whose box leaves the viewport sideways, and the page's width against its scroll width.
 * An element inside one that clips it sideways (the carousel's other slides) shows only within
 * that one, which is checked itself.
 */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clippedByAncestor = (element: HTMLElement) => {
      for (let ancestor = element.parentElement; ancestor && ancestor !== document.body; ancestor = ancestor.parentElement) {
        if (getComputedStyle(ancestor).overflowX !== 'visible') return true;
      }
      return false;
    };
    const outside = [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden')
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.left < -1 || box.right > width + 1) && !clippedByAncestor(element);
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 80));
    return { direction: getComputedStyle(document.body).direction, scrollWidth: document.documentElement.scrollWidth, width, outside };
  });
}

test.describe('right to left', () => {
  for (const width of [375, 1366]) {
    test(`Home, All Sessions and a session’s page with reviews, drawn with dir="rtl", overflow nothing at ${width} px`, async ({ page, server, createUser, loginAs }) => {
      await page.setViewportSize({ width, height: 900 });
      const tutor = await createUser({ role: 'tutor' });
      const student = await createUser({ role: 'student' });
      const long = 'Termodinámica-y-mecánica-estadística-para-principiantes-sin-espacios';
      const session = await createStudySession(server.deps, tutor, { title: long, description: `${long} `.repeat(4), maxParticipants: 10 });
      const now = new Date().toISOString();
      await server.deps.db.kysely
        .insertInto('review')
        .values({ id: newId(), sessionId: session.id, studentId: student.id, studentName: student.name, rating: 4, review: `${long} `.repeat(3), createdAt: now, updatedAt: now })
        .execute();
      await loginAs(page, student);
      for (const path of ['/', '/all-sessions', `/session/${session.id}`]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
        const overflow = await sidewaysOverflow(page);
        expect(overflow.direction, path).toBe('rtl');
        expect(overflow.outside, `boxes outside the viewport on ${path} at ${width} px`).toEqual([]);
        expect(overflow.scrollWidth, `sideways scroll on ${path} at ${width} px`).toBeLessThanOrEqual(overflow.width);
      }
    });
  }
});
