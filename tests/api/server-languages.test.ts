// Issue 20, the server's words: refusals in the caller's language (their account's, else the
// `lang` cookie, else Accept-Language, else English), emails in the recipient's, the .ics texts in
// the owner's. English stays as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudySession } from '#tests/factories.ts';
import { builtWeb } from '#tests/helpers/built-web.ts';
import { calendarAttachment } from '#tests/helpers/ical.ts';
import { json } from '#tests/helpers/request-helpers.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
let clock = new Date();

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(async () => t?.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The account's language, as Settings saves it. */
const speaks = (who: Actor, language: 'en' | 'es') => t.deps.db.kysely.updateTable('user').set({ language }).where('id', '=', who.user!.id).execute();
const book = (who: Actor, sessionId: string, headers: Record<string, string> = {}) =>
  t.request(who, { method: 'POST', url: '/api/book-session', ...json({ sessionId }), headers: { 'content-type': 'application/json', ...headers } });

describe('refusals in the caller’s language', () => {
  it('answers in Spanish for Accept-Language: es and for the lang cookie, in English otherwise (as before)', async () => {
    const anonymous = (headers: Record<string, string>) => t.request(null, { method: 'GET', url: '/api/me', headers });
    expect((await anonymous({})).json()).toEqual({ message: 'Please log in to continue.' });
    expect((await anonymous({ 'accept-language': 'es-ES,es;q=0.9,en;q=0.8' })).json()).toEqual({ message: 'Inicia sesión para continuar.' });
    expect((await anonymous({ cookie: 'lang=es', 'accept-language': 'en' })).json()).toEqual({ message: 'Inicia sesión para continuar.' });
    expect((await anonymous({ cookie: 'lang=en', 'accept-language': 'es' })).json()).toEqual({ message: 'Please log in to continue.' });
  });

  it('answers a signed-in caller in their account’s language, whatever the browser says; arguments and plurals in it', async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const session = await createStudySession(t.deps, tutor, { title: 'Álgebra', maxParticipants: 1 });
    const first = await t.actor({ role: 'student' });
    expect((await book(first, session.id)).statusCode).toBe(201);
    const me = await t.actor({ role: 'student' });
    await speaks(me, 'es');
    const full = await book(me, session.id, { 'accept-language': 'en' });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ message: 'Esta sesión está completa.' });
    await speaks(me, 'en');
    expect((await book(me, session.id, { 'accept-language': 'es' })).json()).toEqual({ message: 'This session is full.' });
  });

  it('translates a validation refusal’s frame and zod’s own messages', async () => {
    const me = await t.actor({ role: 'student' });
    const wrongType = (headers: Record<string, string>) => t.request(me, { method: 'POST', url: '/api/book-session', payload: JSON.stringify({ sessionId: 42 }), headers: { 'content-type': 'application/json', ...headers } });
    const en = (await wrongType({})).json() as { message: string; fields: Record<string, string> };
    const es = (await wrongType({ 'accept-language': 'es' })).json() as { message: string; fields: Record<string, string> };
    expect(en.message).toMatch(/^Invalid sessionId: /);
    expect(es.message).toMatch(/^sessionId no válido: /);
    expect(en.fields.sessionId).toBe('Invalid input: expected string, received number');
    expect(es.fields.sessionId).toBe('Entrada inválida: se esperaba texto, recibido número');
    expect(es.message).toBe(`sessionId no válido: ${es.fields.sessionId}`);
  });
});

/** A tutor's approved two-hour class starting at `start`, free, open for booking from the clock's yesterday until then. */
async function newClass(title: string, start: number) {
  const tutor = await t.actor({ role: 'tutor' });
  const session = await createStudySession(t.deps, tutor.user!, {
    title,
    classStartDate: new Date(start).toISOString(),
    classEndDate: new Date(start + 2 * HOUR).toISOString(),
    registrationStartDate: new Date(clock.getTime() - DAY).toISOString(),
    registrationEndDate: new Date(start - HOUR).toISOString(),
    cancellationCutoffHours: 1,
  });
  return { tutor, session };
}

/** Every job due now has run, and their emails have arrived. */
async function settle() {
  await t.deps.jobs.runDue();
  await new Promise((resolve) => setTimeout(resolve, 300));
  await t.deps.jobs.runDue();
}

describe('emails in the recipient’s language', () => {
  it('a Spanish-speaking student’s booking confirmation (and its .ics) and reminders arrive in Spanish; an English-speaking one’s in English', async () => {
    // (An ASCII title: the test's SMTP capture does not decode encoded-word subjects.)
    const { session } = await newClass('Organic Chemistry', Date.parse('2030-03-07T09:00:00Z'));
    const ana = await t.actor({ role: 'student', name: 'Ana' });
    await speaks(ana, 'es');
    const lee = await t.actor({ role: 'student', name: 'Lee' });
    // The browser's language does not matter: the recipient's account does.
    expect((await book(ana, session.id, { 'accept-language': 'en' })).statusCode).toBe(201);
    expect((await book(lee, session.id, { 'accept-language': 'es' })).statusCode).toBe(201);

    const spanish = await t.mail.waitFor(ana.user!.email, /^Reserva confirmada: Organic Chemistry$/);
    expect(spanish.text).toContain('Hola, Ana:');
    expect(spanish.text).toContain('Tienes reserva en "Organic Chemistry" con');
    // dd/MM/yyyy in both languages; the weekday in the recipient's.
    expect(spanish.text).toContain('Clase: de jue 07/03/2030, 09:00 UTC a jue 07/03/2030, 11:00 UTC');
    expect(spanish.text).toContain('Puedes cancelar hasta 1 hora antes de que empiece la clase.');
    expect(spanish.text).not.toMatch(/Hello|You are booked|Class:/);
    const spanishIcs = calendarAttachment(spanish.raw);
    expect(spanishIcs).toContain('DESCRIPTION:Organic Chemistry empieza dentro de una hora');

    const english = await t.mail.waitFor(lee.user!.email, /^Booking confirmed: Organic Chemistry$/);
    expect(english.text).toContain('Hello Lee,');
    expect(english.text).toContain('Class: Thu 07/03/2030, 09:00 UTC to Thu 07/03/2030, 11:00 UTC');
    expect(english.text).toContain('You can cancel until 1 hour before class starts.');
    expect(calendarAttachment(english.raw)).toContain('DESCRIPTION:Organic Chemistry starts in an hour');

    // 24 hours before class: the reminders.
    clock = new Date(Date.parse(session.classStartDate) - 24 * HOUR + 60_000);
    await settle();
    const recordatorio = await t.mail.waitFor(ana.user!.email, /^Recordatorio: Organic Chemistry empieza en 24 horas$/);
    expect(recordatorio.text).toContain('"Organic Chemistry" con');
    expect(recordatorio.text).toContain('empieza en 24 horas.');
    expect(recordatorio.text).toContain('Desactiva "Recordatorios de clase" en tus ajustes');
    const reminder = await t.mail.waitFor(lee.user!.email, /^Reminder: Organic Chemistry starts in 24 hours$/);
    expect(reminder.text).toContain('Turn off "Class reminders" in your settings');
  });
});

describe('.ics texts in their owner’s language', () => {
  it('a called-off class: the email’s file and the private feed say "Cancelada" to a Spanish speaker, "Cancelled" to an English one', async () => {
    const { tutor, session } = await newClass('Historia', clock.getTime() + 5 * DAY);
    const ana = await t.actor({ role: 'student', name: 'Ana' });
    await speaks(ana, 'es');
    const lee = await t.actor({ role: 'student', name: 'Lee' });
    for (const who of [ana, lee]) expect((await book(who, session.id)).statusCode).toBe(201);
    const cancel = await t.request(tutor, { method: 'POST', url: `/api/sessions/${session.id}/cancel`, ...json({ reason: 'Aula inundada.' }) });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const spanish = await t.mail.waitFor(ana.user!.email, /^Cancelada: Historia$/);
    expect(spanish.text).toContain('Motivo: Aula inundada.');
    expect(calendarAttachment(spanish.raw)).toContain('SUMMARY:Cancelada: Historia');
    const english = await t.mail.waitFor(lee.user!.email, /^Cancelled: Historia$/);
    expect(calendarAttachment(english.raw)).toContain('SUMMARY:Cancelled: Historia');

    const feedOf = async (who: Actor) => {
      const link = (await t.request(who, { method: 'POST', url: '/api/me/calendar-feed' })).json<{ url: string }>();
      const res = await t.app.inject({ method: 'GET', url: new URL(link.url).pathname });
      expect(res.statusCode).toBe(200);
      return res.body.replace(/\r\n[ \t]/g, '');
    };
    const anaFeed = await feedOf(ana);
    expect(anaFeed).toContain('SUMMARY:Cancelada: Historia');
    expect(anaFeed).toContain('DESCRIPTION:Cancelada: Aula inundada.');
    expect(anaFeed).toContain('X-WR-CALNAME:StudyNest: Ana');
    const leeFeed = await feedOf(lee);
    expect(leeFeed).toContain('SUMMARY:Cancelled: Historia');

    // Saved in another language, the feed changes with it (its ETag too).
    const before = await t.app.inject({ method: 'GET', url: new URL((await t.request(lee, { method: 'GET', url: '/api/me/calendar-feed' })).json<{ url: string }>().url).pathname });
    await speaks(lee, 'es');
    const after = await t.app.inject({ method: 'GET', url: new URL((await t.request(lee, { method: 'GET', url: '/api/me/calendar-feed' })).json<{ url: string }>().url).pathname });
    expect(after.body).toContain('SUMMARY:Cancelada: Historia');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});

describe('the description of a page the server draws', () => {
  it('is the site’s, in the page’s language, where the page has none of its own (reads the production build)', async () => {
    const web = await createTestApp({}, { webDir: builtWeb() });
    try {
      const description = (html: string) => /<meta name="description"[^>]*>/.exec(html)?.[0];
      const english = await web.request(null, { method: 'GET', url: '/no-such-page' });
      expect(description(english.body)).toBe('<meta name="description" content="StudyNest: book study sessions with tutors, keep notes and share materials." />');
      const spanish = await web.request(null, { method: 'GET', url: '/no-such-page', headers: { 'accept-language': 'es' } });
      expect(description(spanish.body)).toBe('<meta name="description" content="StudyNest: reserva sesiones de estudio con tutores, toma notas y comparte materiales." />');
    } finally {
      await web.close();
    }
  });
});
