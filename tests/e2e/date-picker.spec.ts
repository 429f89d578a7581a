// The session form's date picker (docs/decisions/069-date-picker.md): beside each dd/MM/yyyy
// field a button opens a calendar in a native dialog, worked with the keyboard, in the page's
// language; the day picked is written into the field as dd/MM/yyyy, which is what is sent. On a
// 375 px phone, in English and in Spanish.
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
