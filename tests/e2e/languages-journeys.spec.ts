// The journeys of Home, All Sessions (search, filter, more pages) and login, and the
// pages a booking leads to (a booked session with its review form, the tutor's roster, a tutor's
// page, the test payment page), in Spanish. Each asserts the Spanish words a user sees, and that
// no English word is left on the page (noEnglish: the page's text and its labels, the people's
// and sessions' own words, which are data, set aside).
import type { Page } from '@playwright/test';
import { createBooking, createStudySession } from '#tests/factories.ts';
import { closeDialog, expect, test, type Server, expectPopup } from './fixtures';

// The payment test pays on the built-in test page (the worker's server runs with TEST_PAYMENTS=true).
test.use({ withTestPayments: true });

const DAY = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();
const tag = () => Date.now().toString(36);

/**
 * English words no Spanish page says, as whole words ("session" is not "sesión", "present" not
 * "presente"); a Spanish page showing any is a text left out of the catalogues.
 */
const ENGLISH =
  /\b(the|your|you|and|with|this|that|of|to|is|are|please|sign|log|session|sessions|booked|booking|seat|seats|review|reviews|rating|loading|search|load|more|open|registration|class|fee|free|hours?|minutes?|waitlist|cancel|pay|paid|payment|upcoming|past|back|next|previous|slide|slideshow|attendance|roster|download|email|student|students|teaches|featured)\b/i;

/** What people wrote (titles, descriptions, names, reviews): data, not the app's words. */
async function dataTexts(server: Server): Promise<string[]> {
  const { kysely } = server.deps.db;
  const sessions = await kysely.selectFrom('study_session').select(['title', 'description', 'tutorName', 'tutorEmail']).execute();
  const users = await kysely.selectFrom('user').select(['name', 'email']).execute();
  const reviews = await kysely.selectFrom('review').select(['review', 'studentName']).execute();
  return [...sessions.flatMap((s) => [s.title, s.description, s.tutorName, s.tutorEmail]), ...users.flatMap((u) => [u.name, u.email]), ...reviews.flatMap((r) => [r.review, r.studentName])]
    .filter((text): text is string => Boolean(text))
    .sort((a, b) => b.length - a.length);
}

/** The page's lines and labels (aria-label, title, placeholder, alt) that still say an English word. */
async function englishOn(page: Page, server: Server): Promise<string[]> {
  const data = await dataTexts(server);
  return page.evaluate(
    ({ source, data }) => {
      const english = new RegExp(source, 'i');
      const labels = [...document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')].flatMap((element) =>
        ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? ''),
      );
      return [...document.body.innerText.split('\n'), ...labels].filter((text) => english.test(data.reduce((rest, datum) => rest.replaceAll(datum, ' '), text)));
    },
    { source: ENGLISH.source, data },
  );
}

async function expectNoEnglish(page: Page, server: Server) {
  expect(await englishOn(page, server), `English words on ${page.url()}`).toEqual([]);
}

test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('Home: the carousel, the sessions and the tutors, then a tutor’s page', async ({ page, server, createUser }) => {
    const tutor = await createUser({ role: 'tutor', name: 'Lucía Fernández' });
    const title = `Álgebra ${tag()}`;
    await createStudySession(server.deps, tutor, { title, description: 'Ecuaciones y matrices, con ejercicios.' });
    // Still titles: the typewriter would show them a letter at a time.
    await page.emulateMedia({ reducedMotion: 'reduce' });

    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page).toHaveTitle('StudyNest | Inicio');
    const carousel = page.getByRole('region', { name: 'Sesiones destacadas' });
    const slides = carousel.getByTestId('hero-slide');
    await expect(slides.nth(0).getByTestId('hero-title')).toHaveText('Sesión de tutoría de matemáticas');
    await carousel.getByRole('button', { name: 'Diapositiva siguiente' }).click();
    await expect(slides.nth(1)).toHaveAttribute('data-active', 'true');
    await expect(slides.nth(1).getByTestId('hero-title')).toHaveText('Grupo de estudio de física');
    await carousel.getByRole('button', { name: 'Ir a la diapositiva 3: Práctica de laboratorio de química orgánica' }).click();
    await expect(slides.nth(2)).toHaveAttribute('data-active', 'true');
    await carousel.getByRole('button', { name: 'Diapositiva anterior' }).click();
    await expect(slides.nth(1)).toHaveAttribute('data-active', 'true');

    const card = page.getByRole('article', { name: title });
    await expect(card).toContainText('Gratis');
    await expect(card.getByRole('link', { name: `Leer más sobre ${title}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Conoce a nuestros tutores' })).toBeVisible();
    await expectNoEnglish(page, server);

    await card.getByRole('link', { name: tutor.name }).click();
    await page.waitForURL(`**/tutors/${tutor.id}`);
    await expect(page.getByRole('heading', { level: 1, name: tutor.name })).toBeVisible();
    await expect(page.getByText('Aún sin valoraciones')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Próximas sesiones' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Sesiones pasadas' })).toBeVisible();
    await expect(page.getByText('Aún no hay sesiones pasadas.')).toBeVisible();
    await expectNoEnglish(page, server);
  });

  test('All Sessions: searched, filtered to open ones, and paged', async ({ page, server, createUser }) => {
    const tutor = await createUser({ role: 'tutor', name: 'Mateo Ruiz' });
    const prefix = `Repaso ${tag()}`;
    for (let i = 0; i < 14; i++) await createStudySession(server.deps, tutor, { title: `${prefix} ${i}`, description: 'Una sesión de repaso.' });
    await createStudySession(server.deps, tutor, {
      title: `${prefix} cerrada`,
      description: 'Una sesión cuya inscripción ya cerró.',
      registrationStartDate: iso(Date.now() - 5 * DAY),
      registrationEndDate: iso(Date.now() - DAY),
    });

    await page.goto('/all-sessions');
    await expect(page).toHaveTitle('StudyNest | Todas las sesiones');
    await expect(page.getByRole('heading', { level: 1, name: 'Todas las sesiones' })).toBeVisible();
    const search = page.getByLabel('Buscar por título o tutor');
    await expect(search).toHaveAttribute('placeholder', 'p. ej., Cálculo o María');
    await search.fill(prefix);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    // 15 match: a page of 12, then the rest.
    const cards = page.getByRole('article');
    await expect(cards.filter({ hasNotText: prefix })).toHaveCount(0);
    await expect(cards).toHaveCount(12);
    await page.getByRole('button', { name: 'Cargar más' }).click();
    await expect(cards).toHaveCount(15);
    const closed = page.getByRole('article', { name: `${prefix} cerrada` });
    await expect(closed.getByText('Cerrada', { exact: true })).toBeVisible();
    await expect(page.getByRole('article', { name: `${prefix} 7`, exact: true }).getByText('En curso', { exact: true })).toBeVisible();
    await expectNoEnglish(page, server);

    await page.getByLabel('Con inscripción abierta').check();
    await expect(closed).toHaveCount(0);
    await expect(cards).toHaveCount(12);

    await search.fill(`${prefix} nada`);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(page.getByText('Ninguna sesión coincide con tu búsqueda.')).toBeVisible();
    await expectNoEnglish(page, server);
  });

  test('login: a wrong password, a forgotten one, then in', async ({ page, server, createUser }) => {
    const student = await createUser({ role: 'student', name: 'Sofía Navarro' });
    await page.goto('/login');
    await expect(page).toHaveTitle('StudyNest | Iniciar sesión');
    await expectNoEnglish(page, server);

    await page.getByLabel('Correo electrónico', { exact: true }).fill(student.email);
    await page.getByLabel('Contraseña', { exact: true }).fill('no-es-la-contraseña');
    await page.getByRole('main').getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    const failed = page.getByRole('dialog', { name: 'No se pudo iniciar sesión' });
    await expect(failed).toBeVisible();
    // The server's refusal too.
    await expectNoEnglish(page, server);
    await failed.getByRole('button', { name: 'Aceptar' }).click();
    await expect(failed).toBeHidden();

    await page.getByLabel('Correo electrónico', { exact: true }).fill('');
    await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
    await closeDialog(page, 'El correo es obligatorio', 'Aceptar');
    await page.getByLabel('Correo electrónico', { exact: true }).fill(student.email);
    await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
    await expectPopup(page, 'Te hemos enviado un enlace para restablecer la contraseña');
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.getByLabel('Contraseña', { exact: true }).fill(student.password);
    await page.getByRole('main').getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await expectPopup(page, 'Sesión iniciada');
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('button', { name: 'Menú de la cuenta' })).toBeVisible();
  });

  test('a booked session: its facts, the cancel dialog, and the review form; the review on the session’s page', async ({ page, server, createUser, loginAs }) => {
    const tutor = await createUser({ role: 'tutor', name: 'Elena Castro' });
    const student = await createUser({ role: 'student', name: 'Diego Torres' });
    const ahead = await createStudySession(server.deps, tutor, {
      title: `Física ${tag()}`,
      description: 'Cinemática y dinámica.',
      cancellationCutoffHours: 24,
      classStartDate: '2099-03-02T17:00:00.000Z',
      classEndDate: '2099-03-02T18:30:00.000Z',
    });
    const started = await createStudySession(server.deps, tutor, {
      title: `Química ${tag()}`,
      description: 'Reacciones orgánicas.',
      registrationStartDate: iso(Date.now() - 10 * DAY),
      registrationEndDate: iso(Date.now() - 3 * DAY),
      classStartDate: iso(Date.now() - 2 * DAY),
      classEndDate: iso(Date.now() - 2 * DAY + 2 * 60 * 60 * 1000),
    });
    await createBooking(server.deps, ahead, student);
    await createBooking(server.deps, started, student);
    await loginAs(page, student);

    await page.goto(`/dashboard/view-booked-session/${ahead.id}`);
    await expect(page).toHaveTitle('StudyNest | Sesión reservada');
    await expect(page.getByTestId('booking-status')).toHaveText('Reservada');
    await expect(page.getByText('1 hora 30 minutos')).toBeVisible();
    await expect(page.getByText('Precio de inscripción: Gratis')).toBeVisible();
    await expect(page.getByText('Puedes cancelar hasta el dom 01/03/2099, 17:00 (tu hora) (24 horas antes de que empiece la clase).')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Añadir al calendario' })).toBeVisible();
    await expectNoEnglish(page, server);
    await page.getByRole('button', { name: 'Cancelar reserva' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Cancelar esta reserva?' });
    await expect(dialog).toContainText('Liberas tu plaza: si hay estudiantes esperando una, se la queda el primero de la fila.');
    await dialog.getByRole('button', { name: 'Mantener mi reserva' }).click();
    await expect(dialog).toBeHidden();

    await page.goto(`/dashboard/view-booked-session/${started.id}`);
    const form = page.getByRole('form', { name: 'Reseña esta sesión' });
    await expect(form.getByRole('group', { name: 'Valoración' })).toContainText('valora la sesión del 1 al 5');
    await expectNoEnglish(page, server);
    await form.getByLabel('Reseña', { exact: true }).fill('Muy clara y bien organizada.');
    await form.getByRole('radio', { name: '5 estrellas' }).check();
    await form.getByRole('button', { name: 'Enviar' }).click();
    // Saved through the page's action: the page again says so in a popup (docs/decisions/041), and
    // the form is now the student's own review, with what they wrote.
    await expectPopup(page, 'Reseña enviada correctamente');
    const own = page.getByRole('form', { name: 'Tu reseña' });
    await expect(own.getByLabel('Reseña', { exact: true })).toHaveValue('Muy clara y bien organizada.');
    await expect(own.getByRole('radio', { name: '5 estrellas' })).toBeChecked();

    await page.goto(`/session/${started.id}`);
    const reviews = page.getByRole('region', { name: 'Reseñas' });
    await expect(reviews.getByTestId('review-summary')).toHaveText('Valoración media: 5 / 5 (1 reseña)');
    await expect(reviews.getByLabel('Valorada con 5 de 5')).toBeVisible();
    await expect(page.getByText('2 horas', { exact: true })).toBeVisible();
    await expectNoEnglish(page, server);
  });

  test('the tutor’s roster: seats, attendance and the CSV', async ({ page, server, createUser, loginAs }) => {
    const tutor = await createUser({ role: 'tutor', name: 'Carmen Vidal' });
    const student = await createUser({ role: 'student', name: 'Pablo Moreno' });
    const session = await createStudySession(server.deps, tutor, {
      title: `Historia ${tag()}`,
      description: 'La Edad Media.',
      maxParticipants: 10,
      registrationStartDate: iso(Date.now() - 10 * DAY),
      registrationEndDate: iso(Date.now() - 3 * DAY),
      classStartDate: iso(Date.now() - DAY),
      classEndDate: iso(Date.now() - DAY + 60 * 60 * 1000),
    });
    await createBooking(server.deps, session, student);
    await loginAs(page, tutor);

    await page.goto(`/dashboard/session/${encodeURIComponent(tutor.email)}/${session.id}`);
    const roster = page.getByRole('region', { name: 'Lista de estudiantes' });
    await expect(roster).toContainText('1 de 10 plazas ocupadas · 0 en la lista de espera');
    await expect(roster.getByRole('link', { name: 'Descargar la lista (CSV)' })).toBeVisible();
    await expect(roster.getByRole('group', { name: 'Estudiantes inscritos' }).getByRole('list')).toContainText(student.name);
    await expect(roster.getByRole('group', { name: `Asistencia de ${student.name}` }).getByRole('button', { name: 'Ausente' })).toBeVisible();
    await expectNoEnglish(page, server);
    await roster.getByRole('button', { name: 'Marcar a todos presentes' }).click();
    await expectPopup(page, '1 estudiante marcado como presente');
    await expect(roster.getByRole('button', { name: 'Presente', exact: true })).toHaveAttribute('aria-pressed', 'true');
  });
});

test.describe('in Spanish, paying on the test payment page', () => {
  test.use({ locale: 'es-ES' });

  test('the page says it is a test, and the amount, in Spanish', async ({ page, server, createUser, loginAs }) => {
    const tutor = await createUser({ role: 'tutor', name: 'Andrés Gil' });
    const session = await createStudySession(server.deps, tutor, { title: `Economía ${tag()}`, description: 'Oferta y demanda.', registrationFeeCents: 1250 });
    await loginAs(page, await createUser({ role: 'student', name: 'Marta León' }));
    await page.goto(`/session/${session.id}`);
    await page.getByRole('button', { name: 'Reservar ahora' }).click();

    await expect(page).toHaveURL(/\/payment\/test\/test_/);
    await expect(page).toHaveTitle('StudyNest | Pago de prueba');
    await expect(page.getByText('Pago de prueba, no se mueve dinero')).toBeVisible();
    await expect(page.getByText(/^Total: 12,50\sUS\$$/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cancelar' })).toBeVisible();
    await expectNoEnglish(page, server);
    await page.getByRole('button', { name: /^Pagar 12,50\sUS\$$/ }).click();
    await expect(page).toHaveURL(/\/payment\/success\?checkout_session_id=test_/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pago' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver la sesión reservada' })).toBeVisible();
    // The server's word on the payment too.
    await expectNoEnglish(page, server);
  });
});
