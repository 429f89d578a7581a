// The server's words: refusals in the caller's language (their account's, else the
// `lang` cookie, else Accept-Language, else English), emails in the recipient's, the .ics texts in
// the owner's. English stays as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudySession } from '#tests/factories.ts';
import { builtWeb } from '#tests/helpers/built-web.ts';
import { calendarAttachment } from '#tests/helpers/ical.ts';
import { iso, json } from '#tests/helpers/request-helpers.ts';
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
    // The capture reads quoted-printable bytes one by one: read them back as UTF-8 (the en dash).
    expect(Buffer.from(spanish.text, 'latin1').toString('utf8')).toContain('Clase: jue 07/03/2030, 09:00–11:00 UTC');
    expect(spanish.text).toContain('Puedes cancelar hasta 1 hora antes de que empiece la clase.');
    expect(spanish.text).not.toMatch(/Hello|You are booked|Class:/);
    const spanishIcs = calendarAttachment(spanish.raw);
    expect(spanishIcs).toContain('DESCRIPTION:Organic Chemistry empieza dentro de una hora');

    const english = await t.mail.waitFor(lee.user!.email, /^Booking confirmed: Organic Chemistry$/);
    expect(english.text).toContain('Hello Lee,');
    expect(Buffer.from(english.text, 'latin1').toString('utf8')).toContain('Class: Thu 07/03/2030, 09:00–11:00 UTC');
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

// ——— The rest of the server's words: each in Spanish for Accept-Language: es and for an
// account whose language is es, in English by default (as before). ———

const ES = { 'accept-language': 'es' };
type Refusal = { message: string; fields?: Record<string, string> };
/** The same request as an English-speaking browser, a Spanish-speaking one, and a Spanish-speaking account (its browser English). */
async function threeWays(send: (who: Actor | null, headers: Record<string, string>) => Promise<{ statusCode: number; json(): unknown }>, signedIn = true) {
  const english = signedIn ? await t.actor({ role: 'student' }) : null;
  const spanish = signedIn ? await t.actor({ role: 'student' }) : null;
  if (spanish) await speaks(spanish, 'es');
  const en = await send(english, {});
  const es = await send(english, ES);
  const account = signedIn ? await send(spanish, { 'accept-language': 'en' }) : es;
  return { en, es, account };
}

describe('validation refusals from the contract’s schemas', () => {
  it('says a schema’s own message in the caller’s language; English keeps its frame, Spanish says the message alone', async () => {
    const note = (who: Actor | null, headers: Record<string, string>) => t.request(who, { method: 'POST', url: '/api/create-note', ...json({ title: ' ', details: '' }), headers: { 'content-type': 'application/json', ...headers } });
    const { en, es, account } = await threeWays(note);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({ message: 'Invalid title: Title is required', fields: { title: 'Title is required', details: 'Details are required' } });
    const spanish = { message: 'El título es obligatorio', fields: { title: 'El título es obligatorio', details: 'Los detalles son obligatorios' } };
    expect(es.json()).toEqual(spanish);
    expect(account.json()).toEqual(spanish);
  });

  it('fills a message’s arguments from the schema (the maximum), and says a querystring’s refusal too', async () => {
    const review = (who: Actor | null, headers: Record<string, string>) =>
      t.request(who, { method: 'POST', url: '/api/review', ...json({ sessionId: 'x', review: 'x'.repeat(2001), rating: 2.5 }), headers: { 'content-type': 'application/json', ...headers } });
    const { en, es, account } = await threeWays(review);
    expect((en.json() as Refusal).fields).toEqual({ review: 'Review is too long (2000 characters at most)', rating: 'Rating must be a whole number from 1 to 5' });
    for (const spanish of [es, account]) {
      expect((spanish.json() as Refusal).fields).toEqual({ review: 'La reseña es demasiado larga (máximo 2000 caracteres)', rating: 'La valoración debe ser un número entero del 1 al 5' });
    }
    const admin = await t.actor({ role: 'admin' });
    const audit = (headers: Record<string, string>) => t.request(admin, { method: 'GET', url: '/api/audit-log?action=NOT%20AN%20ACTION', headers });
    expect((await audit({})).json()).toEqual({ message: 'Invalid action in the querystring: Action must look like session or session.approved', fields: { action: 'Action must look like session or session.approved' } });
    expect((await audit(ES)).json()).toEqual({ message: 'La acción debe tener la forma session o session.approved', fields: { action: 'La acción debe tener la forma session o session.approved' } });
  });

  it('says a rule between dates alone (it names its fields), whether the schema or the service refused it', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const start = Date.parse('2031-01-10T10:00:00Z');
    const dates = { registrationStartDate: iso(start - 5 * DAY), registrationEndDate: iso(start - DAY), classStartDate: iso(start), classEndDate: iso(start - DAY) };
    const create = (headers: Record<string, string>) =>
      t.request(tutor, { method: 'POST', url: `/api/create-session/${encodeURIComponent(tutor.user!.email)}`, ...json({ title: 'Rules', description: 'Dates the wrong way round.', ...dates, cancellationCutoffHours: 1 }), headers: { 'content-type': 'application/json', ...headers } });
    const english = 'Class End Date cannot be before the Class Start Date.';
    expect((await create({})).json()).toEqual({ message: english, fields: { classEndDate: english } });
    const spanish = 'La fecha de fin de la clase no puede ser anterior a la fecha de inicio de la clase.';
    expect((await create(ES)).json()).toEqual({ message: spanish, fields: { classEndDate: spanish } });
    // The same rule on an edit, checked by the service on the schedule the edit results in.
    const session = await createStudySession(t.deps, tutor.user!, { status: 'pending' });
    const edit = await t.request(tutor, { method: 'PUT', url: `/api/session/${encodeURIComponent(tutor.user!.email)}/${session.id}`, ...json({ classEndDate: iso(Date.parse(session.classStartDate) - DAY) }), headers: { 'content-type': 'application/json', ...ES } });
    expect(edit.json()).toEqual({ message: spanish, fields: { classEndDate: spanish } });
  });
});

describe('better-auth’s refusals and answers', () => {
  let address = 0;
  const from = () => `10.99.${(address >> 8) & 255}.${address++ & 255}`;
  const auth = (who: Actor | null, path: string, body: unknown, headers: Record<string, string> = {}, remoteAddress = from()) =>
    t.request(who, { method: 'POST', url: `/api/auth${path}`, payload: JSON.stringify(body), remoteAddress, headers: { 'content-type': 'application/json', ...headers } });

  it('a wrong password, a common one, a role not offered and a blocked account', async () => {
    const user = await t.createUser({ role: 'student' });
    const wrong = (headers: Record<string, string>) => auth(null, '/sign-in/email', { email: user.email, password: 'not-the-password' }, headers);
    expect((await wrong({})).json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
    expect((await wrong(ES)).json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Correo electrónico o contraseña incorrectos' });

    const signUp = (body: Record<string, unknown>, headers: Record<string, string>) => auth(null, '/sign-up/email', { name: 'Ana', email: `ana-${address}@example.com`, ...body }, headers);
    expect((await signUp({ password: 'Password1' }, {})).json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON', message: 'This password is too common. Please choose one that is harder to guess.' });
    expect((await signUp({ password: 'Password1' }, ES)).json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON', message: 'Esta contraseña es demasiado común. Elige una más difícil de adivinar.' });
    const role = await signUp({ password: 'a long unusual passphrase', role: 'admin' }, ES);
    expect(role.statusCode).toBe(400);
    expect(role.json()).toEqual({ code: 'INVALID_ACCOUNT_FIELD', message: 'El rol debe ser Estudiante o Tutor.', fields: { role: 'Elige Estudiante o Tutor' } });
    expect((await signUp({ password: 'a long unusual passphrase', role: 'admin' }, {})).json()).toEqual({ code: 'INVALID_ACCOUNT_FIELD', message: 'Role must be Student or Tutor.', fields: { role: 'Choose Student or Tutor' } });

    const blocked = await t.createUser({ role: 'student', blocked: true });
    const signIn = (headers: Record<string, string>) => auth(null, '/sign-in/email', { email: blocked.email, password: blocked.password }, headers);
    expect((await signIn({})).json()).toMatchObject({ code: 'ACCOUNT_BLOCKED', message: 'This account has been blocked. Contact an administrator.' });
    expect((await signIn(ES)).json()).toMatchObject({ code: 'ACCOUNT_BLOCKED', message: 'Esta cuenta está bloqueada. Ponte en contacto con un administrador.' });
  });

  it('answers a signed-in caller in their account’s language; the reset request’s answer and a 429 too', async () => {
    const { en, es, account } = await threeWays((who, headers) => auth(who, '/change-password', { currentPassword: 'not-my-password', newPassword: 'another long passphrase' }, headers));
    expect(en.json()).toMatchObject({ message: 'Invalid password' });
    expect(es.json()).toMatchObject({ message: 'Contraseña incorrecta' });
    expect(account.json()).toMatchObject({ message: 'Contraseña incorrecta' });

    const reset = (headers: Record<string, string>, remoteAddress = from()) => auth(null, '/request-password-reset', { email: 'nobody@example.com', redirectTo: '/reset-password' }, headers, remoteAddress);
    expect((await reset({})).json()).toMatchObject({ status: true, message: 'If this email exists in our system, check your email for the reset link' });
    expect((await reset(ES)).json()).toMatchObject({ status: true, message: 'Si este correo electrónico tiene una cuenta, revisa tu bandeja de entrada: te hemos enviado el enlace para restablecer la contraseña' });
    // Five asks a minute from one address (server/auth/auth.ts).
    const one = from();
    for (let i = 0; i < 5; i++) expect((await reset({}, one)).statusCode).toBe(200);
    const limited = await reset(ES, one);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Demasiadas solicitudes\. Inténtalo de nuevo dentro de (\d+ segundos?|1 minuto)\.$/);
    expect((await reset({}, one)).json().message).toMatch(/^Too many requests\. Try again in (\d+ seconds?|1 minute)\.$/);
  });
});

describe('the HTTP layer’s own answers', () => {
  it('an unknown address, a non-canonical one, an unknown auth endpoint and a method not taken', async () => {
    // Over a real socket: app.inject would tidy the doubled slash away.
    for (const path of ['/api/no-such-thing', '/api//me', '/api/auth/no-such-endpoint']) {
      expect((await t.http(null, { method: 'GET', path })).json(), path).toEqual({ message: 'Not found.' });
      const spanish = await t.http(null, { method: 'GET', path, headers: ES });
      expect([spanish.statusCode, spanish.json()], path).toEqual([404, { message: 'No encontrado.' }]);
    }
    const english = await t.request(null, { method: 'DELETE', url: '/api/me/notifications' });
    expect(english.statusCode).toBe(405);
    const allowed = String(english.headers.allow);
    expect(english.json()).toEqual({ message: `DELETE is not allowed here: use ${allowed}.` });
    const spanish = await t.request(null, { method: 'DELETE', url: '/api/me/notifications', headers: ES });
    expect([spanish.statusCode, spanish.headers.allow, spanish.json()]).toEqual([405, allowed, { message: `DELETE no está permitido aquí: usa ${allowed}.` }]);
  });
});

describe('success messages and words in answers', () => {
  // Back to today: the email tests above moved the app's clock, and the factories' sessions are dated from today.
  beforeAll(() => {
    clock = new Date();
  });

  it('the deletion of one’s account, its booking counts in the language’s plurals', async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const session = await createStudySession(t.deps, tutor, { title: 'Plurales' });
    const erase = async (language: 'en' | 'es', headers: Record<string, string>) => {
      const me = await t.actor({ role: 'student' });
      await speaks(me, language);
      expect((await book(me, session.id)).statusCode).toBe(201);
      const res = await t.request(me, { method: 'DELETE', url: '/api/me', ...json({ password: me.user!.password }), headers: { 'content-type': 'application/json', ...headers } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ message: string }>().message;
    };
    expect(await erase('en', {})).toBe('Your account has been deleted. 1 upcoming booking(s) cancelled.');
    expect(await erase('es', { 'accept-language': 'en' })).toBe('Tu cuenta se ha eliminado. Se canceló 1 reserva próxima.');
  });

  it('one-click unsubscribing, in the recipient’s language', async () => {
    const { unsubscribeHeaders } = await import('#server/features/notifications/public.ts');
    const unsubscribe = async (language: 'en' | 'es') => {
      const me = await t.actor({ role: 'tutor' });
      await speaks(me, language);
      const link = new URL(unsubscribeHeaders(t.deps.config, me.user!.id, 'bookingNotices')['List-Unsubscribe']!.slice(1, -1));
      const res = await t.request(null, { method: 'POST', url: `${link.pathname}${link.search}`, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ message: string }>().message;
    };
    expect(await unsubscribe('en')).toBe('You will not get emails about new bookings any more. Turn them on again in Settings.');
    expect(await unsubscribe('es')).toBe('Ya no recibirás correos de nuevas reservas. Puedes volver a activarlos en Ajustes.');
  });

  it('a session’s duration, in every answer that carries one', async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const start = clock.getTime() + 3 * DAY;
    const session = await createStudySession(t.deps, tutor, { classStartDate: iso(start), classEndDate: iso(start + DAY + 2 * HOUR + 30 * 60_000) });
    const read = async (who: Actor | null, headers: Record<string, string>) => (await t.request(who, { method: 'GET', url: `/api/session/${session.id}`, headers })).json<{ sessionDuration: string }>().sessionDuration;
    expect(await read(null, {})).toBe('1 day 2 hours 30 minutes');
    expect(await read(null, ES)).toBe('1 día 2 horas 30 minutos');
    // The footer's or Settings' choice (the lang cookie, set with the account's).
    expect(await read(null, { cookie: 'lang=es', 'accept-language': 'en' })).toBe('1 día 2 horas 30 minutos');
    // A list (cached for every caller) says it in each caller's language.
    const list = async (headers: Record<string, string>) => JSON.stringify((await t.request(null, { method: 'GET', url: `/api/tutors/${tutor.id}`, headers })).json());
    expect(await list(ES)).toContain('"sessionDuration":"1 día 2 horas 30 minutos"');
    expect(await list({})).toContain('"sessionDuration":"1 day 2 hours 30 minutes"');
    expect(await list(ES)).toContain('"sessionDuration":"1 día 2 horas 30 minutos"');
  });

  it('a session’s duration in the public lists as production sends them, from their response cache (LIST_CACHE_MS on)', async () => {
    const cached = await createTestApp({ LIST_CACHE_MS: '60000' }, { now: () => clock });
    try {
      const tutor = await cached.createUser({ role: 'tutor' });
      const start = clock.getTime() + 3 * DAY;
      await createStudySession(cached.deps, tutor, { status: 'approved', classStartDate: iso(start), classEndDate: iso(start + 2 * HOUR + 30 * 60_000) });
      for (const url of ['/api/sessions', '/api/approved-sessions']) {
        const list = async (headers: Record<string, string>) => (await cached.request(null, { method: 'GET', url, headers })).body;
        // Each language's page is its own: the first caller's language is not every caller's.
        expect(await list(ES)).toContain('"sessionDuration":"2 horas 30 minutos"');
        expect(await list({})).toContain('"sessionDuration":"2 hours 30 minutes"');
        expect(await list(ES)).toContain('"sessionDuration":"2 horas 30 minutos"');
        expect(await list({ cookie: 'lang=es' })).toContain('"sessionDuration":"2 horas 30 minutos"');
      }
    } finally {
      await cached.close();
    }
  });
});

describe('forms sent without JavaScript (the pages’ route actions)', () => {
  it('refuse in the visitor’s language with the form’s own reasons; another role’s form meets its page’s guard (reads the production build)', async () => {
    const web = await createTestApp({}, { webDir: builtWeb() });
    try {
      const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
        payload: new URLSearchParams({ _nojs: '1', ...fields }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
      const alert = (html: string) => /<p role="alert"[^>]*>([^<]*)<\/p>/.exec(html)?.[1];
      // A reset link without its token.
      const reset = (headers: Record<string, string>) => web.request(null, { method: 'POST', url: '/reset-password', ...form({ newPassword: 'a long passphrase', confirmPassword: 'a long passphrase' }, headers) });
      // The page as its address without a token draws it: the link is unusable, and how to get another.
      const unusable = (html: string) => /<div role="alert"[^>]*><span>([^<]*)<\/span>/.exec(html)?.[1]?.replaceAll('&quot;', '"');
      const english = await reset({});
      expect([english.statusCode, unusable(english.body)]).toEqual([422, 'This password reset link has expired or was already used (a link works once, for an hour). Ask for a new one: on the login page, enter your email and choose "Forgot password?".']);
      const spanish = await reset(ES);
      expect([spanish.statusCode, unusable(spanish.body)]).toEqual([422, 'Este enlace para restablecer la contraseña ha caducado o ya se usó (un enlace sirve una vez, durante una hora). Pide uno nuevo: en la página de inicio de sesión, escribe tu correo y elige «¿Olvidaste tu contraseña?».']);
      // A file needs the app: said in the account's language.
      const tutor = await web.actor({ role: 'tutor' });
      await web.deps.db.kysely.updateTable('user').set({ language: 'es' }).where('id', '=', tutor.user!.id).execute();
      // The form is offered for an approved session of theirs.
      const approved = await createStudySession(web.deps, tutor.user!);
      const upload = await web.request(tutor, { method: 'POST', url: '/dashboard/upload-materials', ...form({ source: 'file', title: 'Apuntes', sessionId: approved.id }, { 'accept-language': 'en' }) });
      expect(alert(upload.body)).toBe('Para subir un archivo hace falta JavaScript: actívalo o añade el material como enlace.');
      // A student sending a tutor's form meets the page's guard, as its GET does: sent to their
      // dashboard, in either language, and nothing is made.
      const student = await web.actor({ role: 'student' });
      const filled = {
        title: 'Álgebra', description: 'Ecuaciones.', cancellationCutoffHours: '1', maxParticipants: '', timeZone: 'UTC',
        registrationStartDate: '01/01/2031', registrationStartTime: '10:00', registrationEndDate: '05/01/2031', registrationEndTime: '10:00',
        classStartDate: '06/01/2031', classStartTime: '10:00', classEndDate: '06/01/2031', classEndTime: '12:00',
      };
      const create = (headers: Record<string, string>) => web.request(student, { method: 'POST', url: '/dashboard/create-session', ...form(filled, headers) });
      for (const headers of [{}, ES]) {
        const sent = await create(headers);
        expect([sent.statusCode, sent.headers.location]).toEqual([302, '/dashboard']);
      }
      const made = await web.deps.db.kysely.selectFrom('study_session').select('id').where('title', '=', 'Álgebra').execute();
      expect(made).toEqual([]);
    } finally {
      await web.close();
    }
  });
});

describe('a payment’s outcome (the success page’s check)', () => {
  it('is said in the caller’s language: pending, then booked', async () => {
    const paying = await createTestApp({}, { stripe: true });
    try {
      const tutor = await paying.createUser({ role: 'tutor' });
      const session = await createStudySession(paying.deps, tutor, { registrationFeeCents: 1250 });
      const outcome = async (language: 'en' | 'es') => {
        const me = await paying.actor({ role: 'student' });
        await paying.deps.db.kysely.updateTable('user').set({ language }).where('id', '=', me.user!.id).execute();
        const booked = await paying.request(me, { method: 'POST', url: '/api/book-session', ...json({ sessionId: session.id }) });
        expect(booked.statusCode, booked.body).toBe(201);
        const checkoutId = /\/checkout\/([^/?#]+)$/.exec(booked.json<{ checkoutUrl: string }>().checkoutUrl)![1]!;
        const confirm = async (headers: Record<string, string>) =>
          (await paying.request(me, { method: 'POST', url: '/api/payments/confirm', ...json({ checkoutSessionId: checkoutId }), headers: { 'content-type': 'application/json', ...headers } })).json<{ message: string }>().message;
        const pending = await confirm({ 'accept-language': language === 'es' ? 'en' : 'es' });
        paying.stripe.markPaid(checkoutId);
        return [pending, await confirm({})];
      };
      expect(await outcome('en')).toEqual(['Your payment is not complete yet. If you paid, it can take a moment: check again shortly.', 'Session booked successfully']);
      expect(await outcome('es')).toEqual(['Tu pago aún no se ha completado. Si ya pagaste, puede tardar un momento: vuelve a comprobarlo en breve.', 'Sesión reservada correctamente']);
    } finally {
      await paying.close();
    }
  });
});
