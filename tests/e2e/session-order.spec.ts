// All Sessions in class order (docs/decisions/053-reschedule-and-class-order.md), at 375 px, in
// English and Spanish: upcoming classes soonest first, past ones in their own view, each search
// and view in the address and the history (Back returns to the list before); each card keeps its
// Ongoing/Closed badge with the session page's state label beside it; Manage Sessions says when
// each class is and how many booked.
import { createBooking, createStudySession } from '#tests/factories.ts';
import { expect, test } from './fixtures';

const DAY = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

test.use({ viewport: { width: 375, height: 812 } });

const languages = [
  { locale: 'en-GB', show: 'Show', past: 'Past', open: 'Open: no seat limit', closed: 'Closed', ongoing: 'Ongoing', seats: '1 of 5 seats taken' },
  { locale: 'es-ES', show: 'Mostrar', past: 'Pasadas', open: 'Abierta: sin límite de plazas', closed: 'Cerrada', ongoing: 'En curso', seats: '1 de 5 plazas ocupadas' },
] as const;

for (const words of languages) {
  test.describe(`in ${words.locale}`, () => {
    test.use({ locale: words.locale });

    test('All Sessions lists upcoming classes soonest first, past ones in their own view, and Back returns to the list before', async ({ page, server, createUser: newUser }) => {
      const tutor = await newUser({ role: 'tutor' });
      const tag = `Order${Date.now().toString(36)}${words.locale.slice(0, 2)}`;
      const now = Date.now();
      // Created in an order unlike their classes'.
      for (const [name, offset] of [['far', 30 * DAY], ['ended', -3 * DAY], ['soon', 2 * DAY], ['long-ago', -20 * DAY]] as const) {
        const start = now + offset;
        await createStudySession(server.deps, tutor, { title: `${tag} ${name}`, registrationStartDate: iso(Math.min(now, start) - 2 * DAY), registrationEndDate: iso(Math.min(now + DAY, start)), classStartDate: iso(start), classEndDate: iso(start + 2 * 3600_000) });
      }
      const titles = page.getByRole('article').getByRole('heading');

      await page.goto('/all-sessions');
      await page.getByRole('searchbox').fill(tag);
      await page.getByRole('searchbox').press('Enter');
      await expect(page).toHaveURL(new RegExp(`q=${tag}`));
      await expect(titles).toHaveText([`${tag} soon`, `${tag} far`]);
      // Each card: its badge and, beside it, the state label of the session's page.
      const soon = page.getByRole('article', { name: `${tag} soon` });
      await expect(soon.getByText(words.ongoing, { exact: true })).toBeVisible();
      await expect(soon.getByTestId('session-card-state')).toBeVisible();
      await expect(soon.getByTestId('session-card-state')).toContainText(words.open);
      const badge = await soon.getByText(words.ongoing, { exact: true }).boundingBox();
      const label = await soon.getByTestId('session-card-state').boundingBox();
      expect(label!.x + label!.width).toBeLessThanOrEqual(375);
      expect(Math.abs(label!.y - badge!.y)).toBeLessThan(60);

      await page.getByLabel(words.show).selectOption('past');
      await expect(page).toHaveURL(/when=past/);
      await expect(titles).toHaveText([`${tag} ended`, `${tag} long-ago`]);
      await expect(page.getByRole('article', { name: `${tag} ended` }).getByText(words.closed, { exact: true })).toBeVisible();

      // Back: the upcoming list of the same search, then the list before the search.
      await page.goBack();
      await expect(page).not.toHaveURL(/when=past/);
      await expect(titles).toHaveText([`${tag} soon`, `${tag} far`]);
      await page.goBack();
      await expect(page).toHaveURL(/\/all-sessions$/);
    });

    test('Manage Sessions shows each class’s date, time and seats taken', async ({ page, server, createUser: newUser, loginAs }) => {
      const tutor = await newUser({ role: 'tutor' });
      const start = Date.UTC(2099, 0, 5, 10);
      const s = await createStudySession(server.deps, tutor, { title: `Managed ${words.locale}`, maxParticipants: 5, classStartDate: iso(start), classEndDate: iso(start + 90 * 60_000) });
      await createBooking(server.deps, s, await newUser({ role: 'student' }));
      await loginAs(page, tutor);
      await page.goto('/dashboard/manage-sessions');
      const row = page.getByTestId('manage-session-row').filter({ hasText: `Managed ${words.locale}` });
      await expect(row.getByTestId('manage-session-class')).toContainText('05/01/2099');
      await expect(row.getByTestId('manage-session-class')).toContainText('10:00');
      await expect(row.getByTestId('manage-session-class')).toContainText(words.seats);
    });
  });
}
