// A session makes sense or is refused, on a 375 px phone: Create Session proposes a class the
// server takes as it is (next week at the next whole hour, 90 minutes, registration open until
// it starts), and a 0-minute class is refused at its field, saying the time is wrong, with
// everything typed kept; a place still "to be announced" is a choice of its own that an admin
// cannot approve until the tutor gives a place or a link. English and Spanish.
import type { Page } from '@playwright/test';
import { expect, test, expectPopup } from './fixtures';

const suffix = () => Date.now().toString(36) + Math.floor(Math.random() * 1000).toString(36);
const DAY = 24 * 60 * 60 * 1000;

async function typeSession(page: Page, words: { title: string; description: string; online: string; link: string }, title: string) {
  await page.getByLabel(words.title).fill(title);
  await page.getByLabel(words.description).fill('A class at a sensible time.');
  await page.getByLabel(words.online, { exact: true }).check();
  await page.getByLabel(words.link).fill('https://meet.example/sensible');
}

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 800 }, timezoneId: 'Europe/Madrid' });

  test('the proposed dates kept as they are make a 90-minute class next week', async ({ page, server, createUser, loginAs }) => {
    await loginAs(page, await createUser({ role: 'tutor' }));
    await page.goto('/dashboard/create-session');
    const title = `As proposed ${suffix()}`;
    await typeSession(page, { title: 'Session Title', description: 'Session description', online: 'Online', link: 'Meeting link' }, title);
    await page.getByRole('button', { name: 'Create Session' }).click();
    await expectPopup(page, 'Session created successfully');
    const row = await server.deps.db.kysely.selectFrom('study_session').select(['classStartDate', 'registrationEndDate', 'durationMinutes']).where('title', '=', title).executeTakeFirstOrThrow();
    expect(row.durationMinutes).toBe(90);
    expect(row.registrationEndDate).toBe(row.classStartDate);
    expect(Date.parse(row.classStartDate) - Date.now()).toBeGreaterThan(7 * DAY - 60 * 60 * 1000);
    expect(new Date(row.classStartDate).getUTCMinutes()).toBe(0);
  });

  test('a class that ends when it starts is refused: the time is named under Class End, everything typed kept', async ({ page, server, createUser, loginAs }) => {
    await loginAs(page, await createUser({ role: 'tutor' }));
    await page.goto('/dashboard/create-session');
    const title = `Zero minutes ${suffix()}`;
    await typeSession(page, { title: 'Session Title', description: 'Session description', online: 'Online', link: 'Meeting link' }, title);
    // The same day and time as the start: the proposed 90 minutes cross midnight when the next whole hour is late in the day.
    await page.getByLabel('Class End Date').fill(await page.getByLabel('Class Start Date').inputValue());
    await page.getByLabel('Class End Time').fill(await page.getByLabel('Class Start Time').inputValue());
    await page.getByRole('button', { name: 'Create Session' }).click();
    const message = 'Class End Time must be later than the Class Start Time.';
    await expect(page.getByLabel('Class End Date')).toHaveAccessibleDescription(message);
    await expect(page.getByLabel('Class End Time')).toHaveAccessibleDescription(message);
    await expect(page.getByLabel('Session Title')).toHaveValue(title);
    await expect(page.getByLabel('Meeting link')).toHaveValue('https://meet.example/sensible');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await server.deps.db.kysely.selectFrom('study_session').select('id').where('title', '=', title).execute()).toEqual([]);
  });

  test.describe('in Spanish', () => {
    test.use({ locale: 'es-ES' });

    test('the same refusal says the time in Spanish', async ({ page, server, createUser, loginAs }) => {
      await loginAs(page, await createUser({ role: 'tutor' }));
      await page.goto('/dashboard/create-session');
      const title = `Cero minutos ${suffix()}`;
      await typeSession(page, { title: 'Título de la sesión', description: 'Descripción de la sesión', online: 'En línea', link: 'Enlace de la reunión' }, title);
      await page.getByLabel('Fecha de fin de la clase').fill(await page.getByLabel('Fecha de inicio de la clase').inputValue());
      await page.getByLabel(/^Hora de fin de la clase/).fill(await page.getByLabel(/^Hora de inicio de la clase/).inputValue());
      await page.getByRole('button', { name: 'Crear sesión' }).click();
      await expect(page.getByLabel('Fecha de fin de la clase')).toHaveAccessibleDescription('La hora de fin de la clase debe ser posterior a la hora de inicio de la clase.');
      expect(await server.deps.db.kysely.selectFrom('study_session').select('id').where('title', '=', title).execute()).toEqual([]);
    });
  });
});

/** Words of the place test, per language. */
const PLACE_WORDS = {
  en: {
    title: 'Session Title', description: 'Session description', create: 'Create Session', created: 'Session created successfully', tba: 'To be announced',
    hint: 'Choose this only if the place is not decided yet', approve: (title: string) => `Approve ${title}`, dialog: 'Approve session', submit: 'Approve',
    note: 'Where this class happens is still “to be announced”: it cannot be approved until its tutor gives a place or a meeting link.',
    refused: 'Where the class happens is still “to be announced”: its tutor must give a place or a meeting link before it can be approved.',
  },
  es: {
    title: 'Título de la sesión', description: 'Descripción de la sesión', create: 'Crear sesión', created: 'Sesión creada correctamente', tba: 'Por anunciar',
    hint: 'Elige esto solo si el lugar aún no está decidido', approve: (title: string) => `Aprobar ${title}`, dialog: 'Aprobar sesión', submit: 'Aprobar',
    note: 'El lugar de esta clase sigue «por anunciar»: no se puede aprobar hasta que su tutor indique un lugar o un enlace de reunión.',
    refused: 'El lugar de la clase sigue «por anunciar»: su tutor debe indicar un lugar o un enlace de reunión antes de que se pueda aprobar.',
  },
} as const;

for (const language of ['en', 'es'] as const) {
  test.describe(`a place to be announced, on a 375 px phone (${language})`, () => {
    test.use({ viewport: { width: 375, height: 800 }, locale: language === 'es' ? 'es-ES' : 'en-US', timezoneId: 'Europe/Madrid' });

    test('the form requires a choice; "to be announced" is one, and an admin cannot approve it until the tutor gives a place', async ({ page, server, createUser, loginAs }) => {
      const words = PLACE_WORDS[language];
      await loginAs(page, await createUser({ role: 'tutor' }));
      await page.goto('/dashboard/create-session');
      const title = `${words.tba} ${suffix()}`;
      await page.getByLabel(words.title).fill(title);
      await page.getByLabel(words.description).fill('Somewhere, soon.');
      // No place chosen: the browser does not send the form.
      const tba = page.getByLabel(words.tba, { exact: true });
      expect(await tba.evaluate((input: HTMLInputElement) => input.required && !input.checked && input.validity.valueMissing)).toBe(true);
      await tba.check();
      await expect(page.getByText(words.hint)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.getByRole('button', { name: words.create }).click();
      await expectPopup(page, words.created);
      const row = await server.deps.db.kysely.selectFrom('study_session').select(['id', 'locationKind', 'status']).where('title', '=', title).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ locationKind: 'tba', status: 'pending' });

      await page.context().clearCookies();
      await loginAs(page, await createUser({ role: 'admin' }));
      await page.goto('/dashboard/all-sessions?status=pending');
      await page.getByRole('button', { name: words.approve(title) }).click();
      const dialog = page.getByRole('dialog', { name: words.dialog });
      await expect(dialog.getByRole('note').filter({ hasText: words.note })).toBeVisible();
      await dialog.getByRole('button', { name: words.submit, exact: true }).click();
      await expect(dialog.getByRole('alert').filter({ hasText: words.refused })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await server.deps.db.kysely.selectFrom('study_session').select('status').where('id', '=', row.id).executeTakeFirstOrThrow()).toEqual({ status: 'pending' });
    });
  });
}
