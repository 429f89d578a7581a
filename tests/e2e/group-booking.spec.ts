// A group booking on a phone (375 px): the booker names each attendee, in English with the app and
// in Spanish without JavaScript; a group that does not fit waits for all its seats
// (docs/decisions/061-group-bookings.md).
import type { Page } from '@playwright/test';
import { createBooking, createStudySession } from '#tests/factories.ts';
import { expect, test, waitForApp } from './fixtures';

const PHONE = { width: 375, height: 800 };

/** Nothing on the page is wider than the phone. */
async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test('a student books seats for two named people on a phone, and the tutor sees them on the roster', async ({ browser, server, createUser, loginAs }) => {
  const tutor = await createUser({ role: 'tutor' });
  const student = await createUser({ role: 'student' });
  const session = await createStudySession(server.deps, tutor, { title: `Family maths ${Date.now()}`, maxParticipants: 6, maxSeatsPerBooking: 3 });
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: PHONE, timezoneId: 'UTC' });
  const page = await context.newPage();
  await loginAs(page, student);
  await page.goto(`/session/${session.id}`);
  await waitForApp(page);

  await page.getByText('Book for several people (up to 3)').click();
  const first = page.getByRole('group', { name: 'Attendee 1' });
  await first.getByLabel('Name').fill('Ana Ruiz');
  await first.getByLabel('Email (optional)').fill('ana@example.com');
  await page.getByRole('group', { name: 'Attendee 2' }).getByLabel('Name').fill('Luis Ruiz');
  await expect(page.getByLabel('Wait for all of them together on the waitlist')).toBeChecked();
  await expectNoSideScroll(page);
  await page.getByRole('button', { name: 'Book these seats' }).click();
  await expect(page.getByText('Session booked successfully')).toBeVisible();

  await page.goto(`/dashboard/view-booked-session/${session.id}`);
  await expect(page.getByText('Ana Ruiz, Luis Ruiz')).toBeVisible();
  await expectNoSideScroll(page);
  const row = await server.deps.db.kysely.selectFrom('booking').selectAll().where('sessionId', '=', session.id).executeTakeFirstOrThrow();
  expect(row.seats).toBe(2);

  await context.clearCookies();
  await loginAs(page, tutor);
  await page.goto(`/dashboard/session/${encodeURIComponent(tutor.email)}/${session.id}`);
  const attendees = page.getByRole('list', { name: `Attendees booked by ${student.name}` });
  await expect(attendees.getByRole('listitem')).toHaveText(['Ana Ruiz ana@example.com', 'Luis Ruiz']);
  await expect(page.getByText('2 of 6 seats taken').first()).toBeVisible();
  await expectNoSideScroll(page);
  await context.close();
});

test('sin JavaScript y en español: un grupo que no cabe espera todas sus plazas', async ({ browser, server, createUser, loginAs }) => {
  const tutor = await createUser({ role: 'tutor' });
  const student = await createUser({ role: 'student' });
  const session = await createStudySession(server.deps, tutor, { title: `Grupo de estudio ${Date.now()}`, maxParticipants: 3, maxSeatsPerBooking: 3 });
  for (const other of [await createUser({ role: 'student' }), await createUser({ role: 'student' })]) await createBooking(server.deps, session, other);
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: PHONE, javaScriptEnabled: false, locale: 'es-ES', timezoneId: 'UTC' });
  const page = await context.newPage();
  await loginAs(page, student);
  await page.goto(`/session/${session.id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  // A disclosure the browser opens on its own.
  await page.getByText('Reservar para varias personas (hasta 3)').click();
  // A nameless second row is refused by the server, which draws the form again, open, with what was typed.
  await page.getByRole('group', { name: 'Asistente 1' }).getByLabel('Nombre').fill('Ana');
  await page.getByRole('group', { name: 'Asistente 2' }).getByLabel('Correo (opcional)').fill('luis@example.com');
  await page.getByRole('button', { name: 'Reservar estas plazas' }).click();
  await expect(page.getByRole('alert')).toContainText('El nombre de cada asistente es obligatorio');
  await expect(page.getByRole('group', { name: 'Asistente 1' }).getByLabel('Nombre')).toHaveValue('Ana');

  await page.getByRole('group', { name: 'Asistente 2' }).getByLabel('Nombre').fill('Luis');
  await expect(page.getByLabel('Esperar juntos en la lista de espera')).toBeChecked();
  await expectNoSideScroll(page);
  await page.getByRole('button', { name: 'Reservar estas plazas' }).click();
  await expect(page).toHaveURL(new RegExp(`/session/${session.id}$`));
  await expect(page.getByRole('status').filter({ hasText: 'Te has unido a la lista de espera' })).toBeVisible();
  await expectNoSideScroll(page);

  const entry = await server.deps.db.kysely.selectFrom('waitlist_entry').selectAll().where('sessionId', '=', session.id).executeTakeFirstOrThrow();
  expect(entry.seats).toBe(2);
  const named = await server.deps.db.kysely.selectFrom('booking_attendee').select(['name', 'email']).where('sessionId', '=', session.id).orderBy('position').execute();
  expect(named).toEqual([
    { name: 'Ana', email: null },
    { name: 'Luis', email: 'luis@example.com' },
  ]);
  await context.close();
});
