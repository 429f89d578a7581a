// A tutor moves their approved, booked class from its page (docs/decisions/053-reschedule-and-class-order.md)
// on a 375 px phone, in English and in Spanish: Reschedule beside Edit, the form's dates typed
// dd/MM/yyyy and 24-hour in the tutor's zone, a message for the students; the page then shows the
// new time and the booked student is emailed it with the updated calendar entry. A refusal says why
// under its field and keeps everything typed.
import type { Page } from '@playwright/test';
import { createBooking, createStudySession, type CreatedUser } from '#tests/factories.ts';
import { calendarAttachment, parseCalendar } from '#tests/helpers/ical.ts';
import { expect, type Server, test } from './fixtures';

const suffix = () => Date.now().toString(36) + Math.floor(Math.random() * 1000).toString(36);

interface Words {
  locale: string;
  reschedule: string;
  heading: string;
  classStartDate: string;
  classStartTime: string;
  classEndDate: string;
  classEndTime: string;
  message: string;
  done: string;
  endBeforeStart: string;
  /** The subject of the email the student (of the same language) gets. */
  changed: (title: string) => RegExp;
}

const ENGLISH: Words = {
  locale: 'en-GB',
  reschedule: 'Reschedule',
  heading: 'Reschedule Session',
  classStartDate: 'Class Start Date',
  classStartTime: 'Class Start Time',
  classEndDate: 'Class End Date',
  classEndTime: 'Class End Time',
  message: 'Message to students',
  done: 'Session rescheduled; its students have been emailed the new time and your message',
  endBeforeStart: 'Class End Date must be after the Class Start Date.',
  changed: (title) => new RegExp(`^Changed: ${title}$`),
};

const SPANISH: Words = {
  locale: 'es-ES',
  reschedule: 'Reprogramar',
  heading: 'Reprogramar sesión',
  classStartDate: 'Fecha de inicio de la clase',
  classStartTime: 'Hora de inicio de la clase',
  classEndDate: 'Fecha de fin de la clase',
  classEndTime: 'Hora de fin de la clase',
  message: 'Mensaje para los estudiantes',
  done: 'Sesión reprogramada; sus estudiantes han recibido por correo el nuevo horario y tu mensaje',
  endBeforeStart: 'La fecha de fin de la clase debe ser posterior a la fecha de inicio de la clase.',
  changed: (title) => new RegExp(`^Cambios: ${title}$`),
};

/** The tutor's approved class, two weeks ahead, with one student booked (who reads email in `language`). */
async function bookedClass(server: Server, createUser: (o: { role: 'tutor' | 'student' }) => Promise<CreatedUser>, language: 'en' | 'es') {
  const tutor = await createUser({ role: 'tutor' });
  const student = await createUser({ role: 'student' });
  await server.deps.db.kysely.updateTable('user').set({ language }).where('id', '=', student.id).execute();
  const session = await createStudySession(server.deps, tutor, { title: `Moved class ${suffix()}` });
  await createBooking(server.deps, session, student);
  return { tutor, student, session };
}

const tutorPage = (tutor: CreatedUser, id: string) => `/dashboard/session/${encodeURIComponent(tutor.email)}/${id}`;

async function typeNewTime(page: Page, words: Words, end: { date: string; time: string }) {
  await page.getByLabel(words.classStartDate).fill('14/01/2031');
  await page.getByLabel(words.classStartTime).fill('18:00');
  await page.getByLabel(words.classEndDate).fill(end.date);
  await page.getByLabel(words.classEndTime).fill(end.time);
}

for (const words of [ENGLISH, SPANISH]) {
  test.describe(`rescheduling on a 375 px phone, ${words.locale}`, () => {
    test.use({ locale: words.locale, timezoneId: 'Europe/Madrid', viewport: { width: 375, height: 800 } });

    test('the tutor moves their booked class with a message: the page shows the new time, the student is emailed it', async ({ page, server, createUser, loginAs }) => {
      const { tutor, student, session } = await bookedClass(server, createUser, words === SPANISH ? 'es' : 'en');
      await loginAs(page, tutor);
      await page.goto(tutorPage(tutor, session.id));
      await page.getByRole('link', { name: words.reschedule, exact: true }).click();
      await expect(page.getByRole('heading', { name: words.heading })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/dashboard/session/reschedule/${session.id}$`));

      await typeNewTime(page, words, { date: '14/01/2031', time: '19:30' });
      await page.getByLabel(words.message).fill('I am away that week: same room, a new day.');
      // Every field within the screen.
      for (const label of [words.classStartDate, words.classStartTime, words.classEndTime, words.message]) {
        const box = (await page.getByLabel(label).boundingBox())!;
        expect(box.x, label).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, label).toBeLessThanOrEqual(375);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.getByRole('button', { name: words.reschedule, exact: true }).click();

      await expect(page.getByRole('heading', { name: words.done })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${tutorPage(tutor, session.id).replace(/[.?]/g, '\\$&')}$`));
      // 18:00 in Madrid (the tutor's zone and the page's) is 17:00 UTC in January.
      await expect(page.getByText('14/01/2031, 18:00–19:30').first()).toBeVisible();
      const row = await server.deps.db.kysely.selectFrom('study_session').select(['classStartDate', 'classEndDate']).where('id', '=', session.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ classStartDate: '2031-01-14T17:00:00.000Z', classEndDate: '2031-01-14T18:30:00.000Z' });

      // The student's email: in their zone (UTC: none saved), with the message and the updated event.
      const mail = await server.mailbox.waitFor(student.email, words.changed(session.title), 15_000);
      expect(mail.text).toContain('I am away that week: same room, a new day.');
      expect(mail.text).toContain('14/01/2031, 17:00 UTC');
      expect(parseCalendar(calendarAttachment(mail.raw)).events[0]).toMatchObject({ start: '2031-01-14T17:00:00.000Z', end: '2031-01-14T18:30:00.000Z' });
    });

    test('a class ending before it starts is refused under Class End, with everything typed kept', async ({ page, server, createUser, loginAs }) => {
      const { tutor, session } = await bookedClass(server, createUser, 'en');
      await loginAs(page, tutor);
      await page.goto(`/dashboard/session/reschedule/${session.id}`);
      await typeNewTime(page, words, { date: '13/01/2031', time: '19:30' });
      await page.getByLabel(words.message).fill('Kept as typed, please.');
      await page.getByRole('button', { name: words.reschedule, exact: true }).click();

      const endDate = page.getByLabel(words.classEndDate);
      await expect(endDate).toHaveAttribute('aria-invalid', 'true');
      await expect(endDate).toHaveAccessibleDescription(words.endBeforeStart);
      await expect(endDate).toHaveValue('13/01/2031');
      await expect(page.getByLabel(words.classStartDate)).toHaveValue('14/01/2031');
      await expect(page.getByLabel(words.classStartTime)).toHaveValue('18:00');
      await expect(page.getByLabel(words.classEndTime)).toHaveValue('19:30');
      await expect(page.getByLabel(words.message)).toHaveValue('Kept as typed, please.');
      // Said once, under its field: no dialog repeats it.
      await expect(page.getByRole('dialog')).toHaveCount(0);
      const row = await server.deps.db.kysely.selectFrom('study_session').select('classStartDate').where('id', '=', session.id).executeTakeFirstOrThrow();
      expect(row.classStartDate).toBe(session.classStartDate);
    });
  });
}
