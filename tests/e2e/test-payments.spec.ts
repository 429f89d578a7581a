// Without Stripe, the built-in test payment page stands in for Checkout, marked "Test
// payment, no money moves": hold, pay, confirm and refund on cancel, in a real browser. This
// file's server runs with TEST_PAYMENTS=true (as `npm start` with demo data does by default).
import { createStudySession } from '#tests/factories.ts';
import { expect, test } from './fixtures';

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
