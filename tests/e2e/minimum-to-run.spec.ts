// A minimum to run (docs/decisions/060-minimum-to-run.md) on a 375 px phone, in English and
// Spanish: the tutor's two fields on Create and Edit Session (without JavaScript too, with a
// refusal under the field it names), and "Needs N more to run" on a session's card and its page.
import type { Browser, Page } from '@playwright/test';
import { createBooking, createStudySession, type CreatedUser } from '#tests/factories.ts';
import { expect, expectPopup, type Server, test } from './fixtures';

const suffix = () => Date.now().toString(36) + Math.floor(Math.random() * 1000).toString(36);
const DAY = 24 * 60 * 60 * 1000;

/** A class far ahead (14/01/2030, 18:00–19:30 UTC), registration open until it starts. */
async function fillSchedule(page: Page) {
  await page.getByLabel(/^(Registration Start Date|Fecha de inicio de la inscripción)$/).fill('07/01/2030');
  await page.getByLabel(/^(Registration End Date|Fecha de fin de la inscripción)$/).fill('13/01/2030');
  await page.getByLabel(/^(Class Start Date|Fecha de inicio de la clase)$/).fill('14/01/2030');
  await page.getByLabel(/^(Class Start Time|Hora de inicio de la clase)/).fill('18:00');
  await page.getByLabel(/^(Class End Date|Fecha de fin de la clase)$/).fill('14/01/2030');
  await page.getByLabel(/^(Class End Time|Hora de fin de la clase)/).fill('19:30');
  // Where the class happens: a choice the form requires.
  await page.getByLabel('Online', { exact: true }).check();
  await page.getByLabel('Meeting link').fill('https://meet.example/minimum');
}

/** Each element named is within a 375 px screen, and the page does not scroll sideways. */
async function withinPhone(page: Page, labels: string[]) {
  for (const label of labels) {
    const box = (await page.getByLabel(label, { exact: true }).boundingBox())!;
    expect(box.x, label).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, label).toBeLessThanOrEqual(375);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

/** An approved class two weeks ahead needing `minimum` students, decided 48 hours before, with `booked` students booked. */
async function classNeedingStudents(server: Server, tutor: CreatedUser, title: string, minimum: number, booked: CreatedUser[]) {
  const start = Date.now() + 14 * DAY;
  const s = await createStudySession(server.deps, tutor, { title, classStartDate: new Date(start).toISOString(), minimumStudents: minimum, decisionHoursBefore: 48 });
  for (const student of booked) await createBooking(server.deps, s, student);
  return s;
}

test.describe('on a 375 px phone, in English', () => {
  test.use({ viewport: { width: 375, height: 800 }, locale: 'en-US', timezoneId: 'UTC' });

  test('a tutor sets a minimum and its decision time on Create Session, and changes them on Edit', async ({ page, server, createUser, loginAs }) => {
    const tutor = await createUser({ role: 'tutor' });
    const title = `Needs a group ${suffix()}`;
    await loginAs(page, tutor);
    await page.goto('/dashboard/create-session');
    // Proposed: no minimum, decided 48 hours before class if one is set.
    await expect(page.getByLabel('Minimum students to run (optional)')).toHaveValue('');
    await expect(page.getByLabel('Decision time (hours before class)')).toHaveValue('48');
    await withinPhone(page, ['Minimum students to run (optional)', 'Decision time (hours before class)']);
    await page.getByLabel('Session Title').fill(title);
    await page.getByLabel('Session description').fill('Runs with at least three students.');
    await fillSchedule(page);
    await page.getByLabel('Max participants (optional)').fill('2');
    await page.getByLabel('Minimum students to run (optional)').fill('3');
    await page.getByLabel('Decision time (hours before class)').fill('72');
    await page.getByRole('button', { name: 'Create Session' }).click();
    // More than the seats: said under the field it names, what was typed kept.
    const minimumField = page.getByLabel('Minimum students to run (optional)');
    await expect(minimumField).toHaveAttribute('aria-invalid', 'true');
    await expect(minimumField).toHaveAccessibleDescription(/Minimum students cannot be more than Max participants\./);
    await expect(minimumField).toHaveValue('3');
    await page.getByLabel('Max participants (optional)').fill('10');
    await page.getByRole('button', { name: 'Create Session' }).click();
    await expectPopup(page, 'Session created successfully');
    const row = await server.deps.db.kysely.selectFrom('study_session').select(['id', 'minimumStudents', 'decisionHoursBefore']).where('title', '=', title).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ minimumStudents: 3, decisionHoursBefore: 72 });

    await page.goto(`/dashboard/session/edit/${row.id}`);
    await expect(page.getByLabel('Minimum students to run (optional)')).toHaveValue('3');
    await expect(page.getByLabel('Decision time (hours before class)')).toHaveValue('72');
    await page.getByLabel('Minimum students to run (optional)').fill('4');
    await page.getByRole('button', { name: 'Update' }).click();
    await expectPopup(page, 'Session updated successfully');
    // The tutor's page of the session says it too.
    await expect(page.getByTestId('session-minimum-state')).toHaveText('Needs 4 more to run');
    expect(await server.deps.db.kysely.selectFrom('study_session').select(['minimumStudents', 'decisionHoursBefore']).where('id', '=', row.id).executeTakeFirstOrThrow()).toEqual({ minimumStudents: 4, decisionHoursBefore: 72 });
  });

  test('the card and the session’s page say "Needs N more to run"', async ({ page, server, createUser }) => {
    const tutor = await createUser({ role: 'tutor' });
    const title = `Group chemistry ${suffix()}`;
    const s = await classNeedingStudents(server, tutor, title, 3, [await createUser()]);
    await page.goto(`/all-sessions?q=${encodeURIComponent(title)}`);
    const card = page.getByRole('article', { name: title });
    await expect(card.getByTestId('session-card-minimum')).toHaveText('Needs 2 more to run');
    const badge = (await card.getByTestId('session-card-minimum').boundingBox())!;
    expect(badge.x + badge.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.goto(`/session/${s.id}`);
    await expect(page.getByText('Minimum to run')).toBeVisible();
    await expect(page.getByTestId('session-minimum-state')).toHaveText('Needs 2 more to run');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Once confirmed: the card says nothing more, the page that it runs.
    await server.deps.db.kysely.updateTable('study_session').set({ minimumOutcome: 'confirmed', minimumDecidedAt: new Date().toISOString() }).where('id', '=', s.id).execute();
    await page.goto(`/all-sessions?q=${encodeURIComponent(title)}`);
    await expect(page.getByRole('article', { name: title })).toBeVisible();
    await expect(page.getByRole('article', { name: title }).getByTestId('session-card-minimum')).toHaveCount(0);
    await page.goto(`/session/${s.id}`);
    await expect(page.getByTestId('session-minimum-state')).toHaveText('Confirmed: this class will run');
  });
});

test.describe('on a 375 px phone, in Spanish', () => {
  test.use({ viewport: { width: 375, height: 800 }, locale: 'es-ES', timezoneId: 'UTC' });

  test('the form’s fields, the card and the session’s page in Spanish', async ({ page, server, createUser, loginAs }) => {
    const tutor = await createUser({ role: 'tutor' });
    await loginAs(page, tutor);
    await page.goto('/dashboard/create-session');
    await expect(page.getByLabel('Mínimo de estudiantes para celebrarse (opcional)')).toHaveValue('');
    await expect(page.getByLabel('Hora de decisión (horas antes de la clase)')).toHaveValue('48');
    await withinPhone(page, ['Mínimo de estudiantes para celebrarse (opcional)', 'Hora de decisión (horas antes de la clase)']);

    const title = `Química en grupo ${suffix()}`;
    const s = await classNeedingStudents(server, tutor, title, 3, [await createUser(), await createUser()]);
    await page.goto(`/all-sessions?q=${encodeURIComponent(title)}`);
    await expect(page.getByRole('article', { name: title }).getByTestId('session-card-minimum')).toHaveText('Falta 1 para celebrarse');
    await page.goto(`/session/${s.id}`);
    await expect(page.getByText('Mínimo para celebrarse')).toBeVisible();
    await expect(page.getByTestId('session-minimum-state')).toHaveText('Falta 1 para celebrarse');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

/** A tab with JavaScript off (no app, no tz cookie), signed in as `user` through the API. */
async function withoutJavaScript(browser: Browser, server: Server, user: CreatedUser) {
  const context = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false, timezoneId: 'UTC', viewport: { width: 375, height: 800 } });
  const signedIn = await context.request.post('/api/auth/sign-in/email', { data: { email: user.email, password: user.password }, headers: { origin: server.baseURL } });
  expect(signedIn.status()).toBe(200);
  return { page: await context.newPage(), close: () => context.close() };
}

test.describe('without JavaScript', () => {
  test('a tutor sets a minimum, is told under the field why one is refused, and the session is saved with it', async ({ browser, server, createUser }) => {
    const tutor = await createUser({ role: 'tutor' });
    const title = `No script minimum ${suffix()}`;
    const { page, close } = await withoutJavaScript(browser, server, tutor);
    await page.goto('/dashboard/create-session');
    await page.getByLabel('Session Title').fill(title);
    await page.getByLabel('Session description').fill('Made with scripts off.');
    await fillSchedule(page);
    await page.getByLabel('Max participants (optional)').fill('1');
    await page.getByLabel('Minimum students to run (optional)').fill('2');
    await page.getByLabel('Decision time (hours before class)').fill('36');
    await page.getByRole('button', { name: 'Create Session' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Minimum students cannot be more than Max participants.' })).toBeVisible();
    await expect(page.getByLabel('Minimum students to run (optional)')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Minimum students to run (optional)')).toHaveValue('2');
    await expect(page.getByLabel('Decision time (hours before class)')).toHaveValue('36');

    await page.getByLabel('Max participants (optional)').fill('');
    await page.getByRole('button', { name: 'Create Session' }).click();
    await expect(page).toHaveURL(`${server.baseURL}/dashboard/manage-sessions`);
    const row = await server.deps.db.kysely.selectFrom('study_session').select(['minimumStudents', 'decisionHoursBefore']).where('title', '=', title).executeTakeFirstOrThrow();
    expect(row).toEqual({ minimumStudents: 2, decisionHoursBefore: 36 });
    await close();
  });
});
