// A weekly series on a 375 px phone (docs/decisions/064-series.md): the tutor's Create Series form
// and a student booking the series from a class on (a seat in each class with one, the waitlist
// of the full one), grouped in Booked Sessions; the tutor calling off a class and every later
// one, confirmed in its dialog; in English, and in Spanish.
import type { Page } from '@playwright/test';
import { createBooking, createStudySession, type CreatedUser } from '#tests/factories.ts';
import { newId } from '#server/ids.ts';
import { expect, expectPopup, type Server, test } from './fixtures';

const suffix = () => Date.now().toString(36) + Math.floor(Math.random() * 1000).toString(36);
const DAY = 24 * 60 * 60 * 1000;

/** Each element named is within a 375 px screen, and the page does not scroll sideways. */
async function withinPhone(page: Page, labels: string[]) {
  for (const label of labels) {
    const box = (await page.getByLabel(label, { exact: true }).boundingBox())!;
    expect(box.x, label).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, label).toBeLessThanOrEqual(375);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

/** Three approved weekly classes of `tutor`, the second full (one seat, taken). */
async function seriesWithFullSecondClass(server: Server, tutor: CreatedUser, title: string, filler: CreatedUser) {
  const seriesId = newId();
  const start = Date.now() + 14 * DAY;
  const classes = [];
  for (let week = 0; week < 3; week++) {
    classes.push(await createStudySession(server.deps, tutor, { title, seriesId, classStartDate: new Date(start + week * 7 * DAY).toISOString(), ...(week === 1 && { maxParticipants: 1 }) }));
  }
  await createBooking(server.deps, classes[1]!, filler);
  return classes;
}

test.describe('on a 375 px phone, in English', () => {
  test.use({ viewport: { width: 375, height: 800 }, locale: 'en-US', timezoneId: 'UTC' });

  test('a tutor creates a weekly series; a student books it from its first class, waiting where a class is full', async ({ page, server, createUser, loginAs }) => {
    const tutor = await createUser({ role: 'tutor' });
    const title = `Weekly algebra ${suffix()}`;
    await loginAs(page, tutor);
    await page.goto('/dashboard/create-session');
    await page.getByRole('link', { name: 'Teaching every week? Create a weekly series' }).click();
    await expect(page.getByRole('heading', { name: 'Create a weekly series' })).toBeVisible();
    await withinPhone(page, ['Every how many weeks', 'Number of classes', 'Last day (dd/MM/yyyy)', 'Days without class (dd/MM/yyyy)']);
    await page.getByLabel('Session Title').fill(title);
    await page.getByLabel('Session description').fill('Four Monday evenings.');
    // Registration opens now (as proposed) and closes the day before each class.
    await page.getByLabel('Registration End Date').fill('13/01/2030');
    await page.getByLabel(/^Class Start Date$/).fill('14/01/2030');
    await page.getByLabel(/^Class Start Time/).fill('18:00');
    await page.getByLabel(/^Class End Date$/).fill('14/01/2030');
    await page.getByLabel(/^Class End Time/).fill('19:30');
    await page.getByLabel('Online', { exact: true }).check();
    await page.getByLabel('Meeting link').fill('https://meet.example/algebra');
    await page.getByLabel('Number of classes').fill('4');
    await page.getByLabel('Days without class (dd/MM/yyyy)').fill('28/01/2030');
    await page.getByRole('button', { name: 'Create series' }).click();
    await expectPopup(page, 'Series created: 4 classes waiting for approval.');
    const rows = await server.deps.db.kysely.selectFrom('study_session').select(['id', 'seriesId', 'status', 'classStartDate']).where('title', '=', title).orderBy('classStartDate').execute();
    expect(rows.map((r) => r.classStartDate)).toEqual(['2030-01-14T18:00:00.000Z', '2030-01-21T18:00:00.000Z', '2030-02-04T18:00:00.000Z', '2030-02-11T18:00:00.000Z']);
    expect(new Set(rows.map((r) => r.seriesId)).size).toBe(1);
    expect(rows.every((r) => r.status === 'pending' && r.seriesId !== null)).toBe(true);

    // Approved (the API's one action, tests/api/series.test.ts); the second class full.
    await server.deps.db.kysely.updateTable('study_session').set({ status: 'approved' }).where('seriesId', '=', rows[0]!.seriesId).execute();
    await server.deps.db.kysely.updateTable('study_session').set({ maxParticipants: 1 }).where('id', '=', rows[1]!.id).execute();
    await createBooking(server.deps, rows[1]!, await createUser());

    const student = await createUser();
    await page.context().clearCookies();
    await loginAs(page, student);
    await page.goto(`/session/${rows[0]!.id}`);
    await page.getByRole('button', { name: 'Book this and every later class' }).click();
    await expect(page.getByText('Booked in 3 classes, on the waitlist of 1 full class.')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.goto('/dashboard/view-booked-session');
    const series = page.getByTestId('booked-series');
    await expect(series.getByRole('heading', { name: `Weekly series: ${title} (4 classes)` })).toBeVisible();
    await expect(series.getByTestId('booked-session-row')).toHaveCount(4);
    await expect(series.getByText('Waitlist: #1 in line')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test.describe('on a 375 px phone, the tutor calls off the rest', () => {
  test.use({ viewport: { width: 375, height: 800 }, locale: 'en-US', timezoneId: 'UTC' });

  test('from the second class: its dialog asks for the reason, then that class and the third are called off, the first stays', async ({ page, server, createUser, loginAs }) => {
    const tutor = await createUser({ role: 'tutor' });
    const title = `Weekly physics ${suffix()}`;
    const classes = await seriesWithFullSecondClass(server, tutor, title, await createUser());
    await loginAs(page, tutor);
    await page.goto(`/dashboard/session/${encodeURIComponent(tutor.email)}/${classes[1]!.id}`);
    await page.getByRole('button', { name: 'Call off this and every later class' }).click();
    const dialog = page.getByRole('dialog', { name: 'Call off this and every later class' });
    await expect(dialog.getByText('Earlier classes are not touched.')).toBeVisible();
    // Nothing is called off until the dialog is confirmed.
    await dialog.getByLabel('Reason').fill('The lab closes for the term.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await dialog.getByRole('button', { name: 'Call them off' }).click();
    await expectPopup(page, '2 classes called off');
    const statuses = await server.deps.db.kysely.selectFrom('study_session').select(['status']).where('title', '=', title).orderBy('classStartDate').execute();
    expect(statuses.map((r) => r.status)).toEqual(['approved', 'cancelled', 'cancelled']);
    await expect(page.getByRole('button', { name: 'Call off this and every later class' })).toHaveCount(0);
  });
});

test.describe('on a 375 px phone, in Spanish', () => {
  test.use({ viewport: { width: 375, height: 800 }, locale: 'es-ES', timezoneId: 'UTC' });

  test('el formulario de la serie y la reserva de una serie en español', async ({ page, server, createUser, loginAs }) => {
    const tutor = await createUser({ role: 'tutor' });
    await loginAs(page, tutor);
    await page.goto('/dashboard/create-series');
    await expect(page.getByRole('heading', { name: 'Crear una serie semanal' })).toBeVisible();
    await withinPhone(page, ['Cada cuántas semanas', 'Número de clases', 'Último día (dd/MM/aaaa)', 'Días sin clase (dd/MM/aaaa)']);

    const title = `Química semanal ${suffix()}`;
    const classes = await seriesWithFullSecondClass(server, tutor, title, await createUser());
    const student = await createUser();
    await page.context().clearCookies();
    await loginAs(page, student);
    await page.goto(`/session/${classes[0]!.id}`);
    await page.getByRole('button', { name: 'Reservar esta clase y todas las siguientes' }).click();
    await expect(page.getByText('Reservado en 2 clases, en la lista de espera de 1 clase llena.')).toBeVisible();
    await page.goto('/dashboard/view-booked-session');
    await expect(page.getByRole('heading', { name: `Serie semanal: ${title} (3 clases)` })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
