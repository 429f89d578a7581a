// Every class is shown as its date and time range with the zone, in the viewer's zone,
// with the tutor's beside it when they differ; deadlines with their hour; the server draws the
// same text the browser does (the zone comes from a cookie the page sets; UTC, labelled, before).
import { createBooking, createStudySession } from '#tests/factories.ts';
import { expect, test } from './fixtures';

// Monday 14 January 2030, 18:00–19:30 UTC: 13:00–14:30 in New York, 19:00–20:30 in Madrid.
const CLASS = { classStartDate: '2030-01-14T18:00:00.000Z', classEndDate: '2030-01-14T19:30:00.000Z', registrationEndDate: '2030-01-10T17:00:00.000Z' };
const IN_NEW_YORK = 'Mon 14/01/2030, 13:00–14:30 (your time) · Mon 14/01/2030, 19:00–20:30 (tutor’s time, Europe/Madrid)';

test('a student in New York sees a Madrid tutor’s class in both zones, drawn so by the server too', async ({ browser, server, createUser, loginAs }) => {
  const context = await browser.newContext({ baseURL: server.baseURL, timezoneId: 'America/New_York' });
  const page = await context.newPage();
  const tutor = await createUser({ role: 'tutor' });
  const title = `Zones ${Date.now().toString(36)}`;
  const session = await createStudySession(server.deps, tutor, { title, ...CLASS, tutorTimeZone: 'Europe/Madrid' });
  await loginAs(page, await createUser({ role: 'student' }));

  // A first visit: the server does not know the zone yet and says so (UTC); the browser then shows New York's.
  const first = await (await page.request.get(`/session/${session.id}`)).text();
  expect(first.replaceAll('<!-- -->', '')).toContain('Mon 14/01/2030, 18:00–19:30 (UTC)');
  await page.goto(`/session/${session.id}`);
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
  await expect(page.getByText(IN_NEW_YORK)).toBeVisible();
  await expect(page.getByText('Thu 10/01/2030, 12:00 (your time)', { exact: false }).first()).toBeVisible();

  // From then on the server draws the page in the visitor's zone: the same text before and after the app starts.
  const html = (await (await page.request.get(`/session/${session.id}`)).text()).replaceAll('<!-- -->', '');
  expect(html).toContain(IN_NEW_YORK);
  await page.goto(`/all-sessions?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole('article', { name: title })).toContainText(IN_NEW_YORK);
  await context.close();
});

test('a booked student reads the cancellation deadline with its hour', async ({ page, server, createUser, loginAs }) => {
  const tutor = await createUser({ role: 'tutor' });
  const student = await createUser({ role: 'student' });
  const session = await createStudySession(server.deps, tutor, { ...CLASS, cancellationCutoffHours: 24 });
  await createBooking(server.deps, session, student);
  await loginAs(page, student);
  await page.goto(`/dashboard/view-booked-session/${session.id}`);
  await expect(page.getByText('You can cancel until Sun 13/01/2030, 18:00 (your time) (24 hours before class starts).')).toBeVisible();
  await expect(page.getByText('Mon 14/01/2030, 18:00–19:30 (your time)')).toBeVisible();
  await page.goto('/dashboard/view-booked-session');
  await expect(page.getByTestId('booked-session-row').filter({ hasText: session.title })).toContainText('Mon 14/01/2030, 18:00–19:30 (your time)');
});

test('the session form reads each picked date back as dd/MM/yyyy, 24-hour, with its zone', async ({ page, createUser, loginAs }) => {
  await loginAs(page, await createUser({ role: 'tutor' }));
  await page.goto('/dashboard/create-session');
  await page.getByLabel('Class Start Date').fill('14/01/2030');
  await page.getByLabel('Class Start Time').fill('18:00');
  await expect(page.getByText('Reads Mon 14/01/2030, 18:00 (your time)')).toBeVisible();
});
