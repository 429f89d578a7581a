// Every time in the reader's own zone and language, at 375 px (docs/decisions/054-reader-zone-and-language.md):
// a student chooses a time zone in Settings (with JavaScript or without) and a session's time is then
// shown in it; an admin's Audit Log names an approval's fee and an edit's dates as the forms do, in the admin's zone.
// English and Spanish.
import { axeViolations } from './axe';
import type { Page } from '@playwright/test';
import { createStudySession } from '#tests/factories.ts';
import { expect, test, waitForApp } from './fixtures';

const tag = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

const WORDS = {
  en: {
    locale: 'en-GB',
    zoneField: 'Time zone',
    save: 'Save time zone',
    saved: 'Time zone saved',
    utcTime: '14/01/2099, 17:00–18:30 (your time)',
    tokyoTime: '15/01/2099, 02:00–03:30 (your time)',
    approved: 'Session approved',
    session: (title: string) => `Session “${title}”`,
    fee: /Registration fee:\s*\$0\.00/,
    classStart: /Class start:\s*13\/01\/2099 18:00 → 14\/01\/2099 18:00/,
  },
  es: {
    locale: 'es-ES',
    zoneField: 'Zona horaria',
    save: 'Guardar zona horaria',
    saved: 'Zona horaria guardada',
    utcTime: '14/01/2099, 17:00–18:30 (tu hora)',
    tokyoTime: '15/01/2099, 02:00–03:30 (tu hora)',
    approved: 'Sesión aprobada',
    session: (title: string) => `Sesión «${title}»`,
    fee: /Precio de inscripción:\s*0,00\sUS\$/,
    classStart: /Inicio de la clase:\s*13\/01\/2099 18:00 → 14\/01\/2099 18:00/,
  },
} as const;

async function expectNoAxeViolations(page: Page, where: string) {
  expect(await axeViolations(page), `axe violations on ${where}`).toEqual([]);
}

const hasNoHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

for (const [language, words] of Object.entries(WORDS)) {
  test.describe(`in ${language} at 375 px`, () => {
    // The browser's own zone is UTC: the zone chosen in Settings is what moves the times.
    test.use({ locale: words.locale, viewport: { width: 375, height: 812 }, timezoneId: 'UTC' });

    test('a student chooses a time zone in Settings, and a session’s time is shown in it', async ({ page, server, createUser, loginAs }) => {
      const tutor = await createUser({ role: 'tutor' });
      const student = await createUser({ role: 'student' });
      const session = await createStudySession(server.deps, tutor, { title: `Zoned class ${tag()}`, classStartDate: '2099-01-14T17:00:00.000Z', classEndDate: '2099-01-14T18:30:00.000Z' });
      await loginAs(page, student);

      await page.goto(`/session/${session.id}`);
      await waitForApp(page);
      await expect(page.getByText(words.utcTime)).toBeVisible();

      await page.goto('/dashboard/settings');
      await waitForApp(page);
      const zone = page.getByRole('combobox', { name: words.zoneField });
      await expect(zone).toHaveValue('');
      expect(await hasNoHorizontalScroll(page)).toBe(true);
      await expectNoAxeViolations(page, 'Settings');
      await zone.selectOption('Asia/Tokyo');
      await page.getByRole('button', { name: words.save }).click();
      await expect(page.getByText(words.saved)).toBeVisible();
      await page.reload();
      await waitForApp(page);
      await expect(page.getByRole('combobox', { name: words.zoneField })).toHaveValue('Asia/Tokyo');

      await page.goto(`/session/${session.id}`);
      await waitForApp(page);
      await expect(page.getByText(words.tokyoTime)).toBeVisible();
      await expect(page.getByText(words.utcTime)).toHaveCount(0);
    });

    test('without JavaScript, the Time zone field is a form that saves, and says so', async ({ browser, server, createUser }) => {
      const student = await createUser({ role: 'student' });
      const context = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false, locale: words.locale, viewport: { width: 375, height: 812 } });
      const signIn = await context.request.post('/api/auth/sign-in/email', { data: { email: student.email, password: student.password }, headers: { origin: server.baseURL } });
      expect(signIn.status(), await signIn.text()).toBe(200);
      const page = await context.newPage();
      await page.goto('/dashboard/settings');
      await page.getByRole('combobox', { name: words.zoneField }).selectOption('America/New_York');
      await page.getByRole('button', { name: words.save }).click();
      await expect(page).toHaveURL(/\/dashboard\/settings$/);
      // Said in the page (a <noscript> the parser reads as markup with scripts off).
      await expect(page.getByRole('status').filter({ hasText: words.saved })).toBeVisible();
      await expect(page.getByRole('combobox', { name: words.zoneField })).toHaveValue('America/New_York');
      await context.close();
    });

    test('the Audit Log names an approval’s fee and an edit’s dates as the forms do, in the admin’s zone', async ({ page, server, createUser, loginAs }) => {
      const admin = await createUser({ role: 'admin' });
      const tutor = await createUser({ role: 'tutor' });
      const title = `Audited ${tag()}`;
      const session = await createStudySession(server.deps, tutor, { title, status: 'pending', registrationEndDate: '2099-01-10T12:00:00.000Z', classStartDate: '2099-01-13T17:00:00.000Z', classEndDate: '2099-01-13T18:30:00.000Z' });
      await loginAs(page, admin);
      const headers = { origin: server.baseURL };
      expect((await page.request.put('/api/me/time-zone', { data: { timeZone: 'Europe/Madrid' }, headers })).status()).toBe(200);
      const edited = await page.request.put(`/api/session/${encodeURIComponent(tutor.email)}/${session.id}`, { data: { classStartDate: '2099-01-14T17:00:00.000Z', classEndDate: '2099-01-14T18:30:00.000Z' }, headers });
      expect(edited.status(), await edited.text()).toBe(200);
      expect((await page.request.post(`/api/sessions/${session.id}/approve`, { data: { registrationFee: 0 }, headers })).status()).toBe(200);

      await page.goto(`/dashboard/audit-log?q=${encodeURIComponent(title)}`);
      await waitForApp(page);
      const approval = page.getByTestId('audit-row').filter({ hasText: words.approved });
      await expect(approval).toHaveCount(1);
      await expect(approval).toContainText(words.session(title));
      await expect(approval).toContainText(words.fee);
      await expect(page.getByTestId('audit-row').filter({ hasText: words.classStart })).toHaveCount(1);
      await expect(page.locator('main')).not.toContainText('registrationFeeCents');
      await expect(page.locator('main')).not.toContainText(session.id);
      expect(await hasNoHorizontalScroll(page)).toBe(true);
      await expectNoAxeViolations(page, 'Audit Log');
    });
  });
}
