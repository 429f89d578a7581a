// The create/edit session form: its dates read and write dd/MM/yyyy and 24-hour
// HH:mm whatever the browser's language, labelled with the zone they are in; it fits a 375 px
// phone; and it works without JavaScript (docs/decisions/028-session-date-fields.md).
import type { Browser, Page } from '@playwright/test';
import { createStudySession, type CreatedUser } from '#tests/factories.ts';
import { expect, type Server, test, expectPopup } from './fixtures';

const suffix = () => Date.now().toString(36) + Math.floor(Math.random() * 1000).toString(36);

async function fillSchedule(page: Page) {
  await page.getByLabel('Registration Start Date').fill('07/01/2030');
  await page.getByLabel('Registration Start Time').fill('09:00');
  await page.getByLabel('Registration End Date').fill('13/01/2030');
  await page.getByLabel('Registration End Time').fill('21:30');
  await page.getByLabel('Class Start Date').fill('14/01/2030');
  await page.getByLabel('Class Start Time').fill('18:00');
  await page.getByLabel('Class End Date').fill('14/01/2030');
  await page.getByLabel('Class End Time').fill('19:30');
}

/** Where the class happens: a choice the form requires (in person, online or to be announced). */
async function choosePlace(page: Page) {
  await page.getByLabel('Online', { exact: true }).check();
  await page.getByLabel('Meeting link').fill('https://meet.example/typed');
}

test.describe('an en-US browser in Madrid', () => {
  test.use({ locale: 'en-US', timezoneId: 'Europe/Madrid' });

  test('the dates are dd/MM/yyyy and 24-hour times in the viewer’s zone, and are saved as typed', async ({ page, server, createUser, loginAs }) => {
    const tutor = await createUser({ role: 'tutor' });
    const title = `Madrid evening ${suffix()}`;
    await loginAs(page, tutor);
    await page.goto('/dashboard/create-session');
    await expect(page.getByText('Dates as dd/mm/yyyy and times as 24-hour hh:mm, in the time zone Europe/Madrid.')).toBeVisible();
    // The proposed dates, written the product's way.
    await expect(page.getByLabel('Registration Start Date')).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
    await expect(page.getByLabel('Registration Start Time (your time)')).toHaveValue(/^([01]\d|2[0-3]):[0-5]\d$/);
    await page.getByLabel('Session Title').fill(title);
    await page.getByLabel('Session description').fill('Typed the product’s way in an American browser.');
    await fillSchedule(page);
    await choosePlace(page);
    await expect(page.getByText('Reads Mon 14/01/2030, 18:00 (your time)')).toBeVisible();
    await page.getByRole('button', { name: 'Create Session' }).click();
    await expectPopup(page, 'Session created successfully');
    const row = await server.deps.db.kysely.selectFrom('study_session').select(['registrationStartDate', 'registrationEndDate', 'classStartDate', 'classEndDate', 'tutorTimeZone']).where('title', '=', title).executeTakeFirst();
    expect(row).toEqual({
      registrationStartDate: '2030-01-07T08:00:00.000Z',
      registrationEndDate: '2030-01-13T20:30:00.000Z',
      classStartDate: '2030-01-14T17:00:00.000Z',
      classEndDate: '2030-01-14T18:30:00.000Z',
      tutorTimeZone: 'Europe/Madrid',
    });
  });

  test('a date not written dd/MM/yyyy is refused in the field, and the server’s reason shows under its field, once', async ({ page, server, createUser, loginAs }) => {
    const tutor = await createUser({ role: 'tutor' });
    const title = `Backwards ${suffix()}`;
    await loginAs(page, tutor);
    await page.goto('/dashboard/create-session');
    await page.getByLabel('Session Title').fill(title);
    await page.getByLabel('Session description').fill('End before start.');
    await fillSchedule(page);
    await choosePlace(page);
    await page.getByLabel('Class Start Date').fill('2030-01-14');
    expect(await page.getByLabel('Class Start Date').evaluate((input: HTMLInputElement) => input.validity.patternMismatch)).toBe(true);
    await page.getByLabel('Class Start Date').fill('14/01/2030');
    // A day before the start: the date is wrong (a wrong time alone is said of the time, session-rules.spec.ts).
    await page.getByLabel('Class End Date').fill('13/01/2030');
    await page.getByLabel('Registration End Time').fill('17:00');
    await page.getByRole('button', { name: 'Create Session' }).click();
    const endDate = page.getByLabel('Class End Date');
    await expect(endDate).toHaveAttribute('aria-invalid', 'true');
    await expect(endDate).toHaveAccessibleDescription('Class End Date cannot be before the Class Start Date.');
    await expect(page.getByLabel('Class End Time')).toHaveAccessibleDescription('Class End Date cannot be before the Class Start Date.');
    // Said once, under its fields: no dialog repeats it (one would have opened by now).
    await page.waitForTimeout(1000);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await server.deps.db.kysely.selectFrom('study_session').select('id').where('title', '=', title).execute()).toEqual([]);
  });

  test('on a 375 px phone every date and time field is within the screen', async ({ page, createUser, loginAs }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await loginAs(page, await createUser({ role: 'tutor' }));
    await page.goto('/dashboard/create-session');
    await expect(page.getByLabel('Class End Time')).toBeVisible();
    for (const label of ['Registration Start Date', 'Registration Start Time', 'Class End Date', 'Class End Time']) {
      const box = (await page.getByLabel(label).boundingBox())!;
      expect(box.x, label).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, label).toBeLessThanOrEqual(375);
      expect(box.width, label).toBeGreaterThanOrEqual(80);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

/** A tab with JavaScript off (no app, no tz cookie), signed in as `user` through the API (the fixture's loginAs waits for the app). */
async function withoutJavaScript(browser: Browser, server: Server, user: CreatedUser) {
  const context = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false, timezoneId: 'UTC' });
  const signedIn = await context.request.post('/api/auth/sign-in/email', { data: { email: user.email, password: user.password }, headers: { origin: server.baseURL } });
  expect(signedIn.status()).toBe(200);
  return { page: await context.newPage(), close: () => context.close() };
}

test.describe('without JavaScript', () => {

  test('a tutor creates a session, is told why a wrong one is refused with what they typed, and edits it', async ({ browser, server, createUser }) => {
    const tutor = await createUser({ role: 'tutor' });
    const title = `No script ${suffix()}`;
    const { page, close } = await withoutJavaScript(browser, server, tutor);
    await page.goto('/dashboard/create-session');
    await page.getByLabel('Session Title').fill(title);
    await page.getByLabel('Session description').fill('Made with scripts off.');
    await fillSchedule(page);
    await choosePlace(page);
    await page.getByLabel('Class End Date').fill('13/01/2030');
    await page.getByLabel('Registration End Time').fill('17:00');
    await page.getByRole('button', { name: 'Create Session' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Class End Date cannot be before the Class Start Date.' })).toBeVisible();
    await expect(page.getByLabel('Session Title')).toHaveValue(title);
    await expect(page.getByLabel('Class End Date')).toHaveValue('13/01/2030');
    await expect(page.getByLabel('Class Start Time')).toHaveValue('18:00');

    await page.getByLabel('Class End Date').fill('14/01/2030');
    await page.getByRole('button', { name: 'Create Session' }).click();
    await expect(page).toHaveURL(`${server.baseURL}/dashboard/manage-sessions`);
    // No tz cookie (no script set it): the form said UTC, and the dates are read in UTC.
    const row = await server.deps.db.kysely.selectFrom('study_session').select(['id', 'classStartDate', 'tutorTimeZone', 'status']).where('title', '=', title).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ classStartDate: '2030-01-14T18:00:00.000Z', tutorTimeZone: 'UTC', status: 'pending' });

    await page.goto(`/dashboard/session/edit/${row.id}`);
    await page.getByLabel('Title', { exact: true }).fill(`${title} (edited)`);
    await page.getByLabel('Class Start Time').fill('17:45');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page).toHaveURL(`${server.baseURL}/dashboard/session/${encodeURIComponent(tutor.email)}/${row.id}`);
    const edited = await server.deps.db.kysely.selectFrom('study_session').select(['title', 'classStartDate', 'classEndDate']).where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(edited).toEqual({ title: `${title} (edited)`, classStartDate: '2030-01-14T17:45:00.000Z', classEndDate: '2030-01-14T19:30:00.000Z' });
    await close();
  });

  test('an approved session’s title is edited without JavaScript; its dates are not offered', async ({ browser, server, createUser }) => {
    const tutor = await createUser({ role: 'tutor' });
    const session = await createStudySession(server.deps, tutor, { title: `Approved ${suffix()}` });
    const { page, close } = await withoutJavaScript(browser, server, tutor);
    await page.goto(`/dashboard/session/edit/${session.id}`);
    await expect(page.getByLabel('Class Start Date')).toHaveCount(0);
    await page.getByLabel('Details').fill('New details, no script.');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page).toHaveURL(`${server.baseURL}/dashboard/session/${encodeURIComponent(tutor.email)}/${session.id}`);
    expect(await server.deps.db.kysely.selectFrom('study_session').select('description').where('id', '=', session.id).executeTakeFirstOrThrow()).toEqual({ description: 'New details, no script.' });
    await close();
  });
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('the dashboard’s session pages say the same Spanish words drawn by the server and once the app is live', async ({ page, createUser, loginAs }) => {
    await loginAs(page, await createUser({ role: 'tutor' }));
    const served = await (await page.request.get('/dashboard/create-session', { headers: { 'accept-language': 'es-ES' } })).text();
    expect(served).toContain('Crea una sesión');
    expect(served).toContain('Fecha de inicio de la clase');
    await page.goto('/dashboard/create-session');
    await expect(page.getByRole('heading', { name: 'Crea una sesión' })).toBeVisible();
    await expect(page.getByLabel('Fecha de inicio de la clase')).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
    await expect(page.getByLabel(/^Hora de inicio de la clase \(/)).toHaveValue(/^\d{2}:\d{2}$/);
    await expect(page.getByRole('button', { name: 'Crear sesión' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Panel' }).getByRole('link', { name: 'Gestionar sesiones' }).click();
    await expect(page.getByRole('heading', { name: 'Gestionar sesiones' })).toBeVisible();
    await expect(page).toHaveTitle(/Gestionar sesiones/);
  });
});
