// A student's own booking on the session cards, and Booked Sessions in class order.
// A session's page and a booking in Spanish, the server's words kept by the app.
// Times are read in UTC (the browser's zone in these tests).
import { createBooking, createStudySession, createUser, createWaitlistEntry } from '#tests/factories.ts';
import { expect, test, waitForApp, expectPopup } from './fixtures';

const DAY = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();
const tag = () => Date.now().toString(36);

test('a student’s cards say they are booked, on the waitlist (#k), or holding a seat with Pay now', async ({ page, server, createUser: newUser, loginAs }) => {
  const tutor = await newUser({ role: 'tutor' });
  const me = await newUser({ role: 'student' });
  const prefix = `Mine ${tag()}`;
  const booked = await createStudySession(server.deps, tutor, { title: `${prefix} booked` });
  const full = await createStudySession(server.deps, tutor, { title: `${prefix} waiting`, maxParticipants: 1 });
  const held = await createStudySession(server.deps, tutor, { title: `${prefix} held`, registrationFeeCents: 1250 });
  await createBooking(server.deps, booked, me);
  await createBooking(server.deps, full, await createUser(server.deps, { role: 'student' }));
  await createWaitlistEntry(server.deps, full, await createUser(server.deps, { role: 'student' }));
  await createWaitlistEntry(server.deps, full, me);
  const hold = await createBooking(server.deps, held, me, { status: 'pending_payment', amountCents: 1250 });
  await server.deps.db.kysely.updateTable('booking').set({ holdExpiresAt: '2099-01-05T10:30:00.000Z' }).where('id', '=', hold.id).execute();

  await loginAs(page, me);
  await page.goto(`/all-sessions?q=${encodeURIComponent(prefix)}`);
  await expect(page.getByRole('article', { name: `${prefix} booked` })).toContainText('You are booked');
  await expect(page.getByRole('article', { name: `${prefix} waiting` })).toContainText('On the waitlist (#2)');
  const heldCard = page.getByRole('article', { name: `${prefix} held` });
  await expect(heldCard).toContainText('Seat held until Mon 05/01/2099, 10:30 (your time)');
  await expect(heldCard.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', `/dashboard/view-booked-session/${held.id}`);
  // The card and the session's page say the same.
  await page.goto(`/session/${full.id}`);
  await expect(page.getByText('You are on the waitlist: number 2 in line.')).toBeVisible();
});

test('Booked Sessions lists upcoming classes soonest first and past ones latest first, with their times', async ({ page, server, createUser: newUser, loginAs }) => {
  const tutor = await newUser({ role: 'tutor' });
  const me = await newUser({ role: 'student' });
  // Classes at 10:00–11:30 UTC, days from today: a class that started at "now + 2 days" crossed
  // midnight when the suite ran after 22:30 UTC, and its time was then written as two days.
  const today = new Date();
  const tenToday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 10);
  const at = (start: number, title: string) =>
    createStudySession(server.deps, tutor, { title, registrationStartDate: iso(start - 10 * DAY), registrationEndDate: iso(start - DAY), classStartDate: iso(start), classEndDate: iso(start + 90 * 60_000) });
  // Booked in an order unlike their classes', and more than a page (20) of them: the soonest
  // class was booked first, so a list paged by booking time would not have it on its first page.
  const sessions = [await at(tenToday + 2 * DAY, 'Soon'), await at(tenToday - DAY, 'Yesterday'), await at(tenToday - 60 * DAY, 'Long ago'), await at(tenToday + 30 * DAY, 'Far ahead'), await at(tenToday - 7 * DAY, 'Last week')];
  for (let i = 0; i < 20; i++) sessions.push(await at(tenToday - (10 + i) * DAY, `Older ${i + 1}`));
  for (const s of sessions) await createBooking(server.deps, s, me);

  await loginAs(page, me);
  await page.goto('/dashboard/view-booked-session');
  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  const past = page.getByRole('region', { name: 'Past' });
  await expect(upcoming.getByTestId('booked-session-row').locator('p.text-lg')).toHaveText(['Soon', 'Far ahead']);
  await expect(past.getByTestId('booked-session-row').locator('p.text-lg').first()).toHaveText('Yesterday');
  await expect(past.getByTestId('booked-session-row').locator('p.text-lg').nth(1)).toHaveText('Last week');
  // Past's next page ends with the oldest class.
  await past.getByRole('button', { name: 'Load more' }).click();
  await expect(past.getByTestId('booked-session-row').locator('p.text-lg').last()).toHaveText('Long ago');
  await expect(upcoming.getByTestId('booked-session-row').first()).toContainText(/\w{3} \d{2}\/\d{2}\/\d{4}, 10:00–11:30 \(your time\)/);
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('a visitor reads a session’s page in Spanish, the same words from the server and the app', async ({ page, server, createUser: newUser }) => {
    const tutor = await newUser({ role: 'tutor' });
    const title = `Sesión ${tag()}`;
    const session = await createStudySession(server.deps, tutor, {
      title,
      maxParticipants: 10,
      registrationStartDate: iso(Date.now() - DAY),
      registrationEndDate: '2099-01-07T09:00:00.000Z',
      classStartDate: '2099-01-14T18:00:00.000Z',
      classEndDate: '2099-01-14T19:30:00.000Z',
    });
    for (let i = 0; i < 9; i++) await createBooking(server.deps, session, await createUser(server.deps, { role: 'student' }));
    const sentence = 'Inscripción abierta: queda 1 de 10 plazas, hasta el mié 07/01/2099, 09:00 (UTC).';
    const drawn = (await (await page.request.get(`/session/${session.id}`, { headers: { 'accept-language': 'es' } })).text()).replaceAll('<!-- -->', '');
    expect(drawn).toContain(sentence);
    expect(drawn).toContain('Inicia sesión para reservar');

    await page.goto(`/session/${session.id}`);
    await waitForApp(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    // The app redraws the times in the browser's zone (UTC here) as "(tu hora)", nothing else changes.
    await expect(page.getByText('Inscripción abierta: queda 1 de 10 plazas, hasta el mié 07/01/2099, 09:00 (tu hora).')).toBeVisible();
    await expect(page.getByText('mié 14/01/2099, 18:00–19:30 (tu hora)')).toBeVisible();
    await expect(page.getByText('En curso', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Inicia sesión para reservar' })).toBeVisible();
    await expect(page.getByText('Precio de inscripción: Gratis')).toBeVisible();
  });

  test('a student books a free session in Spanish and finds it in Booked Sessions', async ({ page, server, createUser: newUser, loginAs }) => {
    const tutor = await newUser({ role: 'tutor' });
    const title = `Reserva ${tag()}`;
    const session = await createStudySession(server.deps, tutor, { title, classStartDate: '2099-02-02T17:00:00.000Z', classEndDate: '2099-02-02T18:00:00.000Z' });
    await loginAs(page, await newUser({ role: 'student' }));

    await page.goto(`/all-sessions?q=${encodeURIComponent(title)}`);
    await waitForApp(page);
    const card = page.getByRole('article', { name: title });
    await expect(card).toContainText('Abierta: sin límite de plazas');
    await expect(card).toContainText('Gratis');
    await card.getByRole('link', { name: `Leer más sobre ${title}` }).click();

    await page.getByRole('button', { name: 'Reservar ahora' }).click();
    await expectPopup(page, 'Sesión reservada correctamente');
    await expect(page.getByText('Has reservado esta sesión.')).toBeVisible();

    const drawn = (await (await page.request.get('/dashboard/view-booked-session', { headers: { 'accept-language': 'es' } })).text()).replaceAll('<!-- -->', '');
    expect(drawn).toContain('Próximas');
    expect(drawn).toContain(title);
    await page.goto('/dashboard/view-booked-session');
    await waitForApp(page);
    await expect(page).toHaveTitle('StudyNest | Sesiones reservadas');
    const upcoming = page.getByRole('region', { name: 'Próximas' });
    await expect(upcoming.getByTestId('booked-session-row')).toContainText(title);
    await expect(upcoming.getByTestId('booked-session-row')).toContainText('lun 02/02/2099, 17:00–18:00 (tu hora)');
    await expect(upcoming.getByRole('link', { name: `Ver detalles de ${title}` })).toBeVisible();
    await expect(page.getByText(session.id)).toHaveCount(0);
  });
});
