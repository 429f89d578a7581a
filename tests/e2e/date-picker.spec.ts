// The session form's date picker (docs/decisions/069-date-picker.md): beside each dd/MM/yyyy
// field a button opens a calendar in a native dialog, worked with the keyboard, in the page's
// language; the day picked is written into the field as dd/MM/yyyy, which is what is sent. On a
// 375 px phone, in English and in Spanish.
import type { Page } from '@playwright/test';
import { createBooking, createStudySession } from '#tests/factories.ts';
import { axeViolations } from './axe';
import { expect, expectPopup, test } from './fixtures';

const suffix = () => Date.now().toString(36) + Math.floor(Math.random() * 1000).toString(36);

const LANGUAGES = [
  {
    locale: 'en-US',
    classStartDate: 'Class Start Date',
    chooseDate: 'Choose date',
    chooseClassStart: 'Choose date: Class Start Date',
    january: 'January 2030',
    firstWeekday: 'Monday',
    create: 'Create Session',
    created: 'Session created successfully',
  },
  {
    locale: 'es-ES',
    classStartDate: 'Fecha de inicio de la clase',
    chooseDate: 'Elegir fecha',
    chooseClassStart: 'Elegir fecha: Fecha de inicio de la clase',
    january: 'enero 2030',
    firstWeekday: 'lunes',
    create: 'Crear sesión',
    created: 'Sesión creada correctamente',
  },
] as const;

for (const words of LANGUAGES) {
  test.describe(`${words.locale}, on a 375 px phone`, () => {
    test.use({ locale: words.locale, viewport: { width: 375, height: 800 } });

    test('picks the class start date from the calendar with the keyboard, and the session is created on that day', async ({ page, server, createUser, loginAs }) => {
      const tutor = await createUser({ role: 'tutor' });
      const title = `Picked ${suffix()}`;
      await loginAs(page, tutor);
      await page.goto('/dashboard/create-session');
      await page.locator('input[name="title"]').fill(title);
      await page.locator('textarea[name="description"]').fill('Its class start day was picked in the calendar.');
      const typed: Record<string, string> = {
        registrationStartDate: '07/01/2030',
        registrationStartTime: '09:00',
        registrationEndDate: '13/01/2030',
        registrationEndTime: '21:30',
        classStartDate: '14/01/2030',
        classStartTime: '18:00',
        classEndDate: '22/01/2030',
        classEndTime: '19:30',
      };
      for (const [name, value] of Object.entries(typed)) await page.locator(`input[name="${name}"]`).fill(value);
      await page.locator('input[name="locationKind"][value="online"]').check();
      await page.locator('input[name="meetingUrl"]').fill('https://meet.example/picked');

      // From the field, Tab reaches its button; Enter opens the calendar on the field's day.
      const field = page.getByLabel(words.classStartDate, { exact: true });
      await field.focus();
      await page.keyboard.press('Tab');
      // Named "Choose date" (the field's label names the field alone), described with the field's label.
      const button = page.getByRole('button', { name: words.chooseDate, exact: true }).and(page.getByTitle(words.chooseClassStart, { exact: true }));
      await expect(button).toBeFocused();
      await expect(button).toHaveAccessibleDescription(words.chooseClassStart);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: words.chooseClassStart });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('grid', { name: words.january })).toBeVisible();
      // Weeks start on Monday, named in the page's language (the weekdays' row is hidden from
      // screen readers: each day's button says its whole date).
      await expect(dialog.locator('thead th').first()).toHaveAttribute('aria-label', new RegExp(`^${words.firstWeekday}$`, 'i'));
      await expect(dialog.locator('button:focus')).toHaveText('14');
      // Within the screen.
      const box = (await dialog.getByRole('grid').boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);

      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowDown');
      await expect(dialog.locator('button:focus')).toHaveText('22');
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      await expect(field).toHaveValue('22/01/2030');
      await expect(field).toBeFocused();

      await page.getByRole('button', { name: words.create, exact: true }).click();
      await expectPopup(page, words.created);
      const row = await server.deps.db.kysely.selectFrom('study_session').select(['classStartDate', 'classEndDate']).where('title', '=', title).executeTakeFirstOrThrow();
      expect(row).toEqual({ classStartDate: '2030-01-22T18:00:00.000Z', classEndDate: '2030-01-22T19:30:00.000Z' });
    });

    test('Escape closes the calendar and gives the field its focus back, unchanged; axe finds nothing with the calendar open', async ({ page, createUser, loginAs }) => {
      await loginAs(page, await createUser({ role: 'tutor' }));
      await page.goto('/dashboard/create-session');
      const field = page.getByLabel(words.classStartDate, { exact: true });
      await field.fill('03/02/2030');
      await page.getByTitle(words.chooseClassStart, { exact: true }).click();
      const dialog = page.getByRole('dialog', { name: words.chooseClassStart });
      await expect(dialog.locator('button:focus')).toHaveText('3');
      expect(await axeViolations(page), 'axe violations with the calendar open').toEqual([]);
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(field).toBeFocused();
      await expect(field).toHaveValue('03/02/2030');
    });
  });
}

// The same button on the session's other forms with a dd/MM/yyyy day: Edit Session (a pending
// class: an approved one's dates are Reschedule's), Reschedule and Create Series (its class days,
// the form Create Session shares, and its own last day). Tapped on a 375 px phone: the calendar
// opens on the field's day, the day picked is written dd/MM/yyyy, the field has the focus back.

/** Opens `field`'s calendar with its button (found by its title, "Choose date: <label>"), checks it shows `month` with `day` focused, picks with `keys` and Enter. */
async function pickFromCalendar(page: Page, { title, month, day, keys }: { title: string; month: string; day: string; keys: string[] }) {
  const button = page.getByTitle(title, { exact: true });
  await button.click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByRole('grid', { name: month })).toBeVisible();
  await expect(dialog.locator('button:focus')).toHaveText(day);
  const box = (await dialog.getByRole('grid').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  for (const key of keys) await page.keyboard.press(key);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}

test.describe('the other forms with dates, on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 800 }, timezoneId: 'UTC' });

  test.describe('in English', () => {
    test.use({ locale: 'en-GB' });

    test('Edit Session: a pending class’s end day is picked from its calendar', async ({ page, createUser, loginAs, server }) => {
      const tutor = await createUser({ role: 'tutor' });
      const session = await createStudySession(server.deps, tutor, { status: 'pending', classStartDate: '2031-01-14T18:00:00.000Z', classEndDate: '2031-01-14T19:30:00.000Z' });
      await loginAs(page, tutor);
      await page.goto(`/dashboard/session/edit/${session.id}`);
      const field = page.getByLabel('Class End Date', { exact: true });
      await expect(field).toHaveValue('14/01/2031');
      // A tap on the button, then a day clicked in the calendar.
      await page.getByTitle('Choose date: Class End Date', { exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Choose date: Class End Date' });
      await expect(dialog.getByRole('grid', { name: 'January 2031' })).toBeVisible();
      await expect(dialog.locator('button:focus')).toHaveText('14');
      await dialog.getByRole('gridcell').getByRole('button').filter({ hasText: /^15$/ }).click();
      await expect(dialog).toBeHidden();
      await expect(field).toHaveValue('15/01/2031');
      await expect(field).toBeFocused();
      // The other days keep theirs.
      await expect(page.getByLabel('Class Start Date', { exact: true })).toHaveValue('14/01/2031');
    });

    test('Create Series: a class day and the series’ last day are picked from their calendars, and the series ends on that day', async ({ page, createUser, loginAs, server }) => {
      const tutor = await createUser({ role: 'tutor' });
      const title = `Picked series ${suffix()}`;
      await loginAs(page, tutor);
      await page.goto('/dashboard/create-series');
      await page.getByLabel('Session Title').fill(title);
      await page.getByLabel('Session description').fill('Its last day was picked in the calendar.');
      await page.getByLabel('Registration End Date').fill('13/01/2031');
      await page.getByLabel(/^Class Start Date$/).fill('14/01/2031');
      await page.getByLabel(/^Class Start Time/).fill('18:00');
      await page.getByLabel(/^Class End Date$/).fill('13/01/2031');
      await page.getByLabel(/^Class End Time/).fill('19:30');
      await page.getByLabel('Online', { exact: true }).check();
      await page.getByLabel('Meeting link').fill('https://meet.example/picked-series');

      // Class End Date: 13/01 → 14/01, the class's own day.
      const classEnd = page.getByLabel(/^Class End Date$/);
      await pickFromCalendar(page, { title: 'Choose date: Class End Date', month: 'January 2031', day: '13', keys: ['ArrowRight'] });
      await expect(classEnd).toHaveValue('14/01/2031');
      await expect(classEnd).toBeFocused();

      // Last day: typed 28/01, a week later picked (04/02).
      const lastDay = page.getByLabel('Last day (dd/MM/yyyy)', { exact: true });
      await lastDay.fill('28/01/2031');
      await pickFromCalendar(page, { title: 'Choose date: Last day (dd/MM/yyyy)', month: 'January 2031', day: '28', keys: ['ArrowDown'] });
      await expect(lastDay).toHaveValue('04/02/2031');
      await expect(lastDay).toBeFocused();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      await page.getByRole('button', { name: 'Create series' }).click();
      await expectPopup(page, 'Series created: 4 classes waiting for approval.');
      const rows = await server.deps.db.kysely.selectFrom('study_session').select('classStartDate').where('title', '=', title).orderBy('classStartDate').execute();
      expect(rows.map((r) => r.classStartDate)).toEqual(['2031-01-14T18:00:00.000Z', '2031-01-21T18:00:00.000Z', '2031-01-28T18:00:00.000Z', '2031-02-04T18:00:00.000Z']);
    });
  });

  test.describe('in Spanish', () => {
    test.use({ locale: 'es-ES' });

    test('Reprogramar: the new class start day is picked from its calendar, and the class moves to it', async ({ page, createUser, loginAs, server }) => {
      const tutor = await createUser({ role: 'tutor' });
      const session = await createStudySession(server.deps, tutor, { classStartDate: '2031-01-14T18:00:00.000Z', classEndDate: '2031-01-14T19:30:00.000Z', registrationEndDate: '2031-01-13T18:00:00.000Z' });
      await createBooking(server.deps, session, await createUser());
      await loginAs(page, tutor);
      await page.goto(`/dashboard/session/reschedule/${session.id}`);
      await expect(page.getByRole('heading', { name: 'Reprogramar sesión' })).toBeVisible();
      const start = page.getByLabel('Fecha de inicio de la clase', { exact: true });
      await expect(start).toHaveValue('14/01/2031');
      // Named "Elegir fecha", described by its field; a week later with the keyboard.
      const button = page.getByRole('button', { name: 'Elegir fecha', exact: true }).and(page.getByTitle('Elegir fecha: Fecha de inicio de la clase', { exact: true }));
      await expect(button).toHaveAccessibleDescription('Elegir fecha: Fecha de inicio de la clase');
      await pickFromCalendar(page, { title: 'Elegir fecha: Fecha de inicio de la clase', month: 'enero 2031', day: '14', keys: ['ArrowDown'] });
      await expect(start).toHaveValue('21/01/2031');
      await expect(start).toBeFocused();
      await page.getByLabel('Fecha de fin de la clase', { exact: true }).fill('21/01/2031');
      await page.getByLabel('Mensaje para los estudiantes').fill('Una semana más tarde, en el mismo enlace.');
      await page.getByRole('button', { name: 'Reprogramar', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Sesión reprogramada; sus estudiantes han recibido por correo el nuevo horario y tu mensaje' })).toBeVisible();
      const row = await server.deps.db.kysely.selectFrom('study_session').select(['classStartDate', 'classEndDate']).where('id', '=', session.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ classStartDate: '2031-01-21T18:00:00.000Z', classEndDate: '2031-01-21T19:30:00.000Z' });
    });
  });
});
