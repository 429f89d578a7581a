// A tutor's API key, in a real browser on a 375 px phone, in English and in Spanish: found in the
// dashboard's menu, made with a name and scopes, its secret shown once and copied from the page,
// used by a program (fetch with `Authorization: Bearer`, no cookie) to list the tutor's sessions,
// then revoked after a question: the same request is refused with 401, and the secret is nowhere
// on the page any more (docs/decisions/056-api-keys.md).
import type { Page } from '@playwright/test';
import { createStudySession } from '#tests/factories.ts';
import { expect, test } from './fixtures';

test.use({ viewport: { width: 375, height: 812 } });

const WORDS = {
  'en-US': {
    menu: 'Menu',
    dashboard: 'Dashboard',
    title: 'API Keys',
    name: 'Name',
    readSessions: 'Read sessions',
    create: 'Create key',
    created: (name: string) => `Key created: ${name}`,
    shownOnce: 'it will not be shown again',
    secret: 'Your new key',
    copy: 'Copy key',
    copied: 'Copied',
    revoke: (name: string) => `Revoke ${name}`,
    revokeQuestion: (name: string) => `Revoke ${name}?`,
    revokeConfirm: 'Revoke key',
    revoked: 'API key revoked',
    none: 'You have no API keys yet.',
  },
  'es-ES': {
    menu: 'Menú',
    dashboard: 'Panel',
    title: 'Claves de API',
    name: 'Nombre',
    readSessions: 'Leer sesiones',
    create: 'Crear clave',
    created: (name: string) => `Clave creada: ${name}`,
    shownOnce: 'no se volverá a mostrar',
    secret: 'Tu nueva clave',
    copy: 'Copiar clave',
    copied: 'Copiada',
    revoke: (name: string) => `Revocar ${name}`,
    revokeQuestion: (name: string) => `¿Revocar ${name}?`,
    revokeConfirm: 'Revocar clave',
    revoked: 'Clave de API revocada',
    none: 'Todavía no tienes claves de API.',
  },
} as const;

async function hasNoHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

/** A program's call: the tutor's sessions through the API with the key alone (no cookie). */
function listSessionsWith(page: Page, key: string, email: string) {
  return page.evaluate(
    async ({ key, email }) => {
      const res = await fetch(`/api/view-sessions/${encodeURIComponent(email)}`, { headers: { Authorization: `Bearer ${key}` }, credentials: 'omit' });
      const body = (await res.json()) as { items?: Array<{ title: string }> };
      return { status: res.status, titles: (body.items ?? []).map((item) => item.title) };
    },
    { key, email },
  );
}

for (const [locale, words] of Object.entries(WORDS)) {
  test.describe(locale, () => {
    test.use({ locale });

    test('a tutor makes a key, copies it from the page, lists their sessions with it, revokes it: then it is refused (401)', async ({ page, context, server, createUser, loginAs }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseURL });
      const tutor = await createUser({ role: 'tutor' });
      const title = `Keyed class ${Date.now().toString(36)}`;
      await createStudySession(server.deps, tutor, { title });
      await loginAs(page, tutor);

      await page.goto('/dashboard');
      await page.getByRole('button', { name: words.menu, exact: true }).click();
      await page.getByRole('navigation', { name: words.dashboard }).getByRole('link', { name: words.title }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/api-keys');
      await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
      await expect(page.getByText(words.none)).toBeVisible();
      expect(await hasNoHorizontalScroll(page)).toBe(true);

      await page.getByLabel(words.name, { exact: true }).fill('Timetable');
      await expect(page.getByRole('checkbox', { name: words.readSessions })).toBeChecked();
      await page.getByRole('button', { name: words.create }).click();

      const shown = page.getByRole('region', { name: words.created('Timetable') });
      await expect(shown).toContainText(words.shownOnce);
      await expect(shown.getByRole('heading', { name: words.created('Timetable') })).toBeFocused();
      await shown.getByRole('button', { name: words.copy }).click();
      await expect(shown.getByRole('button', { name: words.copied })).toBeVisible();
      const secret = await page.evaluate(() => navigator.clipboard.readText());
      expect(secret).toMatch(/^snk_[A-Za-z0-9_-]{43}$/);
      expect(await shown.getByLabel(words.secret).inputValue()).toBe(secret);
      // The form is empty again, for another key; the list has this one.
      await expect(page.getByLabel(words.name, { exact: true })).toHaveValue('');
      await expect(page.getByTestId('api-key-row')).toHaveCount(1);
      expect(page.url()).not.toContain(secret);
      expect((await context.cookies()).map((cookie) => cookie.value).join(' ')).not.toContain(secret);
      expect(await hasNoHorizontalScroll(page)).toBe(true);

      expect(await listSessionsWith(page, secret, tutor.email)).toEqual({ status: 200, titles: [title] });

      await page.getByRole('button', { name: words.revoke('Timetable') }).click();
      const question = page.getByRole('dialog', { name: words.revokeQuestion('Timetable') });
      await question.getByRole('button', { name: words.revokeConfirm }).click();
      await expect(page.getByRole('dialog', { name: words.revoked })).toBeVisible();
      await expect(page.getByTestId('api-key-row')).toHaveCount(0);
      await expect(page.getByText(words.none)).toBeVisible();
      await expect(page.getByTestId('new-api-key')).toHaveCount(0);

      expect((await listSessionsWith(page, secret, tutor.email)).status).toBe(401);
      await page.reload();
      expect(await page.content()).not.toContain(secret);
    });
  });
}
