// What a reader sees in their language at 375 px (docs/decisions/054-reader-zone-and-language.md):
// a one-seat class says "1 seat left", not "1 of 1 seats left"; a cutoff of 0 hours says the
// student may cancel until the class starts; a rating is a number in the page's language
// ("4,5" in Spanish); the link preview's image is described in the page's language; a deleted
// account is "Deleted" in All Users, with no Unblock. English and Spanish.
import { createBooking, createStudySession } from '#tests/factories.ts';
import { expect, test, waitForApp } from './fixtures';

const tag = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

const WORDS = {
  en: {
    locale: 'en-GB',
    seatCard: 'Open: 1 seat left',
    seatPage: /^Open for registration: 1 seat left, until .+\.$/,
    rating: 'Average rating: 4.5 (2 reviews)',
    cancelUntil: /^You can cancel until the class starts, \S+ 14\/01\/2099, 18:00 \(your time\)\.$/,
    zeroHours: /0 hours/,
    imageAlt: 'StudyNest: study sessions with tutors',
    deleted: 'Deleted',
    unblock: 'Unblock',
    block: 'Block',
  },
  es: {
    locale: 'es-ES',
    seatCard: 'Abierta: queda 1 plaza',
    seatPage: /^Inscripción abierta: queda 1 plaza, hasta el .+\.$/,
    rating: 'Valoración media: 4,5 (2 reseñas)',
    cancelUntil: /^Puedes cancelar hasta que empiece la clase, el \S+ 14\/01\/2099, 18:00 \(tu hora\)\.$/,
    zeroHours: /0 horas/,
    imageAlt: 'StudyNest: sesiones de estudio con tutores',
    deleted: 'Eliminado',
    unblock: 'Desbloquear',
    block: 'Bloquear',
  },
} as const;

for (const [language, words] of Object.entries(WORDS)) {
  test.describe(`in ${language} at 375 px`, () => {
    test.use({ locale: words.locale, viewport: { width: 375, height: 812 }, timezoneId: 'UTC' });

    test('a one-seat class, a rating and the link preview’s image, in the page’s language', async ({ page, server, createUser }) => {
      const tutor = await createUser({ role: 'tutor' });
      const title = `One seat ${tag()}`;
      const session = await createStudySession(server.deps, tutor, { title, maxParticipants: 1 });
      // Two reviews, 4 and 5: the session's running sum and count, as reviews keep them.
      await server.deps.db.kysely.updateTable('study_session').set({ ratingSum: 9, ratingCount: 2 }).where('id', '=', session.id).execute();

      await page.goto(`/all-sessions?q=${encodeURIComponent(title)}`);
      await waitForApp(page);
      const card = page.getByRole('article', { name: title });
      await expect(card).toContainText(words.seatCard);
      await expect(card).not.toContainText(/1 (of|de) 1/);

      await page.goto(`/session/${session.id}`);
      await waitForApp(page);
      await expect(page.getByText(words.seatPage)).toBeVisible();
      await expect(page.getByText(words.rating)).toBeVisible();
      // The server's <head>: what a crawler reads.
      const drawn = await (await page.request.get('/', { headers: { 'accept-language': language } })).text();
      expect(drawn).toContain(`<meta property="og:image:alt" content="${words.imageAlt}" />`);
      expect(drawn).toContain(`<meta name="twitter:image:alt" content="${words.imageAlt}" />`);
    });

    test('a booked class whose cancellation cutoff is 0 hours: cancel until the class starts, never "0 hours"', async ({ page, server, createUser, loginAs }) => {
      const tutor = await createUser({ role: 'tutor' });
      const student = await createUser({ role: 'student' });
      const session = await createStudySession(server.deps, tutor, {
        title: `No cutoff ${tag()}`,
        cancellationCutoffHours: 0,
        classStartDate: '2099-01-14T18:00:00.000Z',
        classEndDate: '2099-01-14T19:30:00.000Z',
        registrationEndDate: '2099-01-13T18:00:00.000Z',
      });
      await createBooking(server.deps, session, student);
      await loginAs(page, student);
      await page.goto(`/dashboard/view-booked-session/${session.id}`);
      await waitForApp(page);
      await expect(page.getByText(words.cancelUntil)).toBeVisible();
      await expect(page.locator('main')).not.toContainText(words.zeroHours);
    });

    test('All Users: a deleted account says Deleted, with no Unblock; a blocked one keeps Unblock', async ({ page, server, createUser, loginAs }) => {
      const admin = await createUser({ role: 'admin' });
      const gone = await createUser({ role: 'student', name: `Gone ${tag()}` });
      const blocked = await createUser({ role: 'student', name: `Held ${tag()}`, blocked: true });
      await loginAs(page, admin);
      const erased = await page.request.delete(`/api/users/${gone.id}`, { headers: { origin: server.baseURL } });
      expect(erased.status(), await erased.text()).toBeLessThan(300);

      // The deleted account keeps its row (an anonymised name, an address in the reserved domain with its id).
      await page.goto(`/dashboard/all-users?q=${encodeURIComponent(`deleted-${gone.id}`)}`);
      await waitForApp(page);
      const deletedRow = page.getByTestId('user-row');
      await expect(deletedRow).toHaveCount(1);
      await expect(deletedRow).toContainText(words.deleted);
      await expect(deletedRow.getByRole('button', { name: new RegExp(`^(${words.unblock}|${words.block})`) })).toHaveCount(0);

      await page.goto(`/dashboard/all-users?q=${encodeURIComponent(blocked.name)}`);
      await waitForApp(page);
      const blockedRow = page.getByTestId('user-row');
      await expect(blockedRow).toHaveCount(1);
      await expect(blockedRow).not.toContainText(words.deleted);
      await expect(blockedRow.getByRole('button', { name: new RegExp(`^${words.unblock}`) })).toBeVisible();
    });
  });
}
