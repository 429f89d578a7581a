// Without Stripe, the built-in test payment page stands in for Checkout, marked "Test
// payment, no money moves": hold, pay, confirm and refund on cancel, in a real browser. This
// file's server runs with TEST_PAYMENTS=true (as `npm start` with demo data does by default).
import { newId } from '#server/ids.ts';
import { createBooking, createStudySession, type CreatedUser } from '#tests/factories.ts';
import { expect, type Server, test } from './fixtures';

test.use({ withTestPayments: true });

test('a student pays a paid session on the test payment page, is booked, and cancels with a refund', async ({ page, server, createUser, loginAs }) => {
  const tutor = await createUser({ role: 'tutor' });
  const student = await createUser({ role: 'student' });
  const title = `Paid test ${Date.now().toString(36)}`;
  const session = await createStudySession(server.deps, tutor, { title, registrationFeeCents: 1250, maxParticipants: 4, cancellationCutoffHours: 1 });
  await loginAs(page, student);

  await page.goto(`/all-sessions?q=${encodeURIComponent(title)}`);
  const card = page.getByRole('article', { name: title });
  await expect(card).toContainText('$12.50');
  await expect(card.getByText('Registration: Ongoing', { exact: true })).toBeVisible();

  await page.goto(`/session/${session.id}`);
  await expect(page.getByText('Registration fee $12.50, paid on a test payment page (test payment, no money moves).', { exact: false })).toBeVisible();
  await expect(page.getByText(/not configured/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Book now' }).click();

  await expect(page).toHaveURL(/\/payment\/test\/test_/);
  await expect(page.getByText('Test payment, no money moves')).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();
  await page.getByRole('button', { name: 'Pay $12.50' }).click();

  await expect(page).toHaveURL(/\/payment\/success\?checkout_session_id=test_/);
  await expect(page.getByText('Session booked successfully')).toBeVisible();
  const row = await server.deps.db.kysely.selectFrom('booking').selectAll().where('sessionId', '=', session.id).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ studentId: student.id, status: 'confirmed', amountCents: 1250 });

  await page.getByRole('link', { name: 'View booked session' }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Booked');
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByText(`${title}: your payment is being refunded.`)).toBeVisible();
  const after = await server.deps.db.kysely.selectFrom('booking').select('status').where('sessionId', '=', session.id).where('studentId', '=', student.id).executeTakeFirst();
  expect(after?.status ?? 'removed').not.toBe('confirmed');
});

test('the test payment page can be paid before the app is live (a real form)', async ({ browser, server, createUser, loginAs }) => {
  const context = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  const tutor = await createUser({ role: 'tutor' });
  const student = await createUser({ role: 'student' });
  const session = await createStudySession(server.deps, tutor, { registrationFeeCents: 700 });
  await loginAs(page, student);
  await page.goto(`/session/${session.id}`);
  await page.getByRole('button', { name: 'Book now' }).click();
  await expect(page.getByText('Test payment, no money moves')).toBeVisible();
  await page.getByRole('button', { name: 'Pay $7' }).click();
  await expect(page).toHaveURL(/\/payment\/success\?checkout_session_id=test_/);
  const row = await server.deps.db.kysely.selectFrom('booking').selectAll().where('sessionId', '=', session.id).executeTakeFirstOrThrow();
  expect(row.status).toBe('confirmed');
  await context.close();
});

/** Three weekly classes of `tutor` at $12.50, the second full (one seat, held by another student); one series. */
async function paidSeriesWithFullSecondClass(server: Server, tutor: CreatedUser, title: string, filler: CreatedUser) {
  const seriesId = newId();
  const start = Date.now() + 14 * 24 * 60 * 60 * 1000;
  const classes = [];
  for (let week = 0; week < 3; week++) {
    const at = new Date(start + week * 7 * 24 * 60 * 60 * 1000).toISOString();
    classes.push(await createStudySession(server.deps, tutor, { title, seriesId, registrationFeeCents: 1250, classStartDate: at, ...(week === 1 && { maxParticipants: 1 }) }));
  }
  await createBooking(server.deps, classes[1]!, filler);
  return classes;
}

test.describe('a paid weekly series on a 375 px phone (docs/decisions/064-series.md)', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('is paid once, on one test payment page for the classes held; the full class waits, uncharged', async ({ page, server, createUser, loginAs }) => {
    const tutor = await createUser({ role: 'tutor' });
    const student = await createUser({ role: 'student' });
    const title = `Paid series ${Date.now().toString(36)}`;
    const classes = await paidSeriesWithFullSecondClass(server, tutor, title, await createUser());
    await loginAs(page, student);
    await page.goto(`/session/${classes[0]!.id}`);
    await expect(page.getByText('$12.50 a class: the classes held are paid together, in one payment. A full class is charged only if a seat opens for you.')).toBeVisible();
    await page.getByRole('button', { name: 'Book this and every later class' }).click();

    await expect(page).toHaveURL(/\/payment\/test\/test_/);
    await expect(page.getByText('Test payment, no money moves')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'Pay $25' }).click();
    await expect(page).toHaveURL(/\/payment\/success\?checkout_session_id=test_/);
    await expect(page.getByText('Session booked successfully')).toBeVisible();
    const rows = await server.deps.db.kysely.selectFrom('booking').selectAll().where('studentId', '=', student.id).execute();
    expect(rows.map((r) => [r.sessionId, r.status, r.amountCents, r.paymentTotalCents]).sort()).toEqual(
      [[classes[0]!.id, 'confirmed', 1250, 2500], [classes[2]!.id, 'confirmed', 1250, 2500]].sort(),
    );
    expect(new Set(rows.map((r) => r.paymentRef)).size).toBe(1);
    const waiting = await server.deps.db.kysely.selectFrom('waitlist_entry').select('sessionId').where('studentId', '=', student.id).execute();
    expect(waiting.map((w) => w.sessionId)).toEqual([classes[1]!.id]);
  });

  test.describe('in Spanish', () => {
    test.use({ locale: 'es-ES' });

    test('dice que las clases guardadas se pagan juntas, en un solo pago', async ({ page, server, createUser, loginAs }) => {
      const tutor = await createUser({ role: 'tutor' });
      const classes = await paidSeriesWithFullSecondClass(server, tutor, `Serie de pago ${Date.now().toString(36)}`, await createUser());
      await loginAs(page, await createUser({ role: 'student' }));
      await page.goto(`/session/${classes[0]!.id}`);
      await expect(page.getByText(/por clase: las clases que te guardamos se pagan juntas, en un solo pago\. Una clase llena solo se cobra si se te libera una plaza\./)).toBeVisible();
      await page.getByRole('button', { name: 'Reservar esta clase y todas las siguientes' }).click();
      await expect(page).toHaveURL(/\/payment\/test\/test_/);
      await expect(page.getByText('Pago de prueba, no se mueve dinero')).toBeVisible();
    });
  });
});
