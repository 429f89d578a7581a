// Paid sessions in the browser: Book now → the (fake) Stripe Checkout page → back to StudyNest →
// booked. This worker's server runs with Stripe pointed at tests/helpers/fake-stripe.ts, whose
// Pay button posts the signed webhook to StudyNest before redirecting, as Stripe does.
import { randomBytes } from 'node:crypto';
import { createStudySession } from '#tests/factories.ts';
import { expect, test, waitForApp } from './fixtures';

test.use({ withStripe: true });

const suffix = () => randomBytes(3).toString('hex');

test('a student pays for a session on Checkout and comes back booked', async ({ page, server, createUser, loginAs }) => {
  const tutor = await createUser({ role: 'tutor' });
  const student = await createUser({ role: 'student' });
  const session = await createStudySession(server.deps, tutor, { title: `Paid Calculus ${suffix()}`, registrationFeeCents: 1250, maxParticipants: 4 });
  await loginAs(page, student);

  await page.goto(`/session/${session.id}`);
  await expect(page.getByText('Registration fee $12.50, paid on Stripe\'s secure page. Your seat is held for 30 minutes while you pay.')).toBeVisible();
  await page.getByRole('button', { name: 'Book now' }).click();

  // On the provider's page, at the price of the session.
  await expect(page).toHaveURL(new RegExp(`^${server.stripe!.url}/checkout/cs_test_`));
  await expect(page.getByText('Total: $12.50')).toBeVisible();
  await page.getByRole('button', { name: 'Pay $12.50' }).click();

  await expect(page).toHaveURL(/\/payment\/success\?checkout_session_id=cs_test_/);
  await expect(page.getByText('Session booked successfully')).toBeVisible();
  await expect(page).toHaveTitle('StudyNest | Payment');
  const row = await server.deps.db.kysely.selectFrom('booking').selectAll().where('sessionId', '=', session.id).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ studentId: student.id, status: 'confirmed', amountCents: 1250 });

  await page.getByRole('link', { name: 'View booked session' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/view-booked-session/${session.id}$`));
  await expect(page.getByTestId('booking-status')).toHaveText('Booked');
});

test('leaving Checkout keeps the seat held; Pay now resumes the same payment', async ({ page, server, createUser, loginAs }) => {
  const tutor = await createUser({ role: 'tutor' });
  const student = await createUser({ role: 'student' });
  const session = await createStudySession(server.deps, tutor, { title: `Paid Physics ${suffix()}`, registrationFeeCents: 2000, maxParticipants: 1 });
  await loginAs(page, student);
  await page.setViewportSize({ width: 375, height: 800 });

  await page.goto(`/session/${session.id}`);
  await page.getByRole('button', { name: 'Book now' }).click();
  await expect(page).toHaveURL(new RegExp(`^${server.stripe!.url}/checkout/`));
  const checkoutUrl = page.url();
  await page.getByRole('link', { name: 'Back' }).click();

  await expect(page).toHaveURL(new RegExp(`/payment/cancelled\\?session=${session.id}$`));
  await expect(page).toHaveTitle('StudyNest | Payment cancelled');
  await expect(page.getByText('You have not been charged and the session is not booked.', { exact: false })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.getByRole('link', { name: 'Back to the session' }).click();

  await expect(page.getByText('A seat is held for you', { exact: false })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  // A full page load (the link from the cancelled page): pressed before the app is live, Pay now is
  // the server's form (early-input.spec.ts); pressed while the app hydrates, the browser's POST was
  // seen abandoned twice in CI (a known, still open flake): this test is about resuming the payment.
  await waitForApp(page);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(checkoutUrl);
  await page.getByRole('button', { name: 'Pay $20' }).click();
  await expect(page.getByText('Session booked successfully')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});
