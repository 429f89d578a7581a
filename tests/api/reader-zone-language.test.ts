// Each reader's own zone and language (docs/decisions/054-reader-zone-and-language.md): an account
// keeps the time zone its browser reported at sign-up (or at its first sign-in after that) and the
// language its sign-up asked in; the caller changes the zone with PUT /api/me/time-zone. Emails
// give times in the recipient's zone and name it, in their language, and say so in
// Content-Language and in their HTML's lang. Emails are read as a mail client reads them: the
// MIME parts parsed, quoted-printable decoded. SQLite, and PostgreSQL when TEST_DATABASE_URL is set.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudySession } from '#tests/factories.ts';
import { createActors, runMatrix, type Actors } from '#tests/helpers/permission-matrix.ts';
import { json } from '#tests/helpers/request-helpers.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';
import { parseMail } from '#tests/helpers/mail-parts.ts';
import type { CapturedMail } from '#tests/helpers/smtp-capture.ts';

let t: TestApp;
let actors: Actors;
const clock = new Date('2030-01-01T12:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  actors = await createActors(t);
});
afterAll(async () => t?.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let address = 0;
const from = () => `10.77.${(address >> 8) & 255}.${address++ & 255}`;
const auth = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.request(null, { method: 'POST', url: `/api/auth${path}`, payload: JSON.stringify(body), remoteAddress: from(), headers: { 'content-type': 'application/json', ...headers } });

/** Signs up through better-auth as a browser would (its address marked verified), then signs in; the session's cookie. */
async function signUp(name: string, headers: Record<string, string>, signInHeaders: Record<string, string> = headers): Promise<Actor & { email: string; id: string }> {
  const email = `${name.toLowerCase()}-${address}@example.com`;
  const password = 'a long unusual passphrase';
  const made = await auth('/sign-up/email', { name, email, password, role: 'student' }, headers);
  expect(made.statusCode, made.body).toBe(200);
  await t.deps.db.kysely.updateTable('user').set({ emailVerified: sql.lit(true) }).where('email', '=', email).execute();
  const res = await auth('/sign-in/email', { email, password }, signInHeaders);
  expect(res.statusCode, res.body).toBe(200);
  const setCookie = res.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie : [String(setCookie)]).map((c) => c.split(';')[0]).join('; ');
  const id = (res.json() as { user: { id: string } }).user.id;
  return { user: null, cookie, email, id };
}

const me = async (who: Actor) => (await t.request(who, { method: 'GET', url: '/api/me' })).json() as { timeZone: string | null; language: string | null };
const setZone = (who: Actor, timeZone: unknown) => t.request(who, { method: 'PUT', url: '/api/me/time-zone', ...json({ timeZone }) });

/** Every job due now has run, and their emails have arrived. */
async function settle() {
  await t.deps.jobs.runDue();
  await new Promise((resolve) => setTimeout(resolve, 300));
  await t.deps.jobs.runDue();
}

/** The text and HTML parts of a captured email and its Content-Language. */
function read(mail: CapturedMail) {
  const { headers, parts } = parseMail(mail.raw);
  const part = (type: string) => parts.find((p) => (p.headers['content-type'] ?? '').startsWith(type))?.body ?? '';
  return { contentLanguage: headers['content-language'], text: part('text/plain'), html: part('text/html') };
}

async function bookedClass(title: string, start: number) {
  const tutor = await t.actor({ role: 'tutor' });
  return createStudySession(t.deps, tutor.user!, {
    title,
    classStartDate: new Date(start).toISOString(),
    classEndDate: new Date(start + 90 * 60_000).toISOString(),
    registrationStartDate: new Date(clock.getTime() - DAY).toISOString(),
    registrationEndDate: new Date(start - HOUR).toISOString(),
  });
}

const book = (who: Actor, sessionId: string) => t.request(who, { method: 'POST', url: '/api/book-session', ...json({ sessionId }) });

describe('the account keeps its reader’s zone and language', { timeout: 90_000 }, () => {
  it('takes both from the sign-up’s browser: the tz cookie and the language the request named', async () => {
    const ana = await signUp('Ana', { cookie: 'tz=Europe%2FMadrid', 'accept-language': 'es-ES,es;q=0.9' });
    expect(await me(ana)).toMatchObject({ timeZone: 'Europe/Madrid', language: 'es' });
    const leo = await signUp('Leo', { cookie: 'lang=en; tz=America/New_York', 'accept-language': 'es' });
    expect(await me(leo)).toMatchObject({ timeZone: 'America/New_York', language: 'en' });
    // A request that names no language keeps none (the pages follow the browser); no zone, none.
    const nobody = await signUp('Noa', {});
    expect(await me(nobody)).toMatchObject({ timeZone: null, language: null });
    // A cookie that is not a zone is none.
    const odd = await signUp('Odd', { cookie: 'tz=Mars%2FOlympus' });
    expect((await me(odd)).timeZone).toBeNull();
  });

  it('an account without a zone takes the browser’s at a sign-in; one with a zone keeps it', async () => {
    const noa = await signUp('Nia', {}, { cookie: 'tz=Asia/Tokyo' });
    expect((await me(noa)).timeZone).toBe('Asia/Tokyo');
    const ana = await signUp('Ama', { cookie: 'tz=Europe/Madrid' }, { cookie: 'tz=Asia/Tokyo' });
    expect((await me(ana)).timeZone).toBe('Europe/Madrid');
  });

  it('PUT /api/me/time-zone sets the caller’s own zone (canonical spelling), null forgets it, a name Intl does not know is refused', async () => {
    const who = await t.actor({ role: 'student' });
    expect((await me(who)).timeZone).toBeNull();
    const set = await setZone(who, 'europe/madrid');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ id: who.user!.id, timeZone: 'Europe/Madrid' });
    expect((await me(who)).timeZone).toBe('Europe/Madrid');
    const refused = await setZone(who, 'Mars/Olympus');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ timeZone: 'Unknown time zone' });
    expect((await t.request(who, { method: 'PUT', url: '/api/me/time-zone', ...json({ timeZone: 'Mars/Olympus' }), headers: { 'content-type': 'application/json', 'accept-language': 'es' } })).json().fields).toEqual({
      timeZone: 'Zona horaria desconocida',
    });
    expect((await me(who)).timeZone).toBe('Europe/Madrid');
    expect((await setZone(who, null)).json()).toMatchObject({ timeZone: null });
    expect((await me(who)).timeZone).toBeNull();
  });

  it('permission matrix: every signed-in role sets its own zone only; a visitor is refused', async () => {
    const everyone = (status: number) => ({ anonymous: 401, student: status, otherStudent: status, tutor: status, otherTutor: status, admin: status });
    await runMatrix(t, actors, [
      { name: 'PUT /api/me/time-zone', request: () => ({ method: 'PUT', url: '/api/me/time-zone', ...json({ timeZone: 'Europe/Lisbon' }) }), expect: everyone(200) },
      // The body is checked before the caller (as every route's schema is).
      { name: 'PUT /api/me/time-zone (not a zone)', request: () => ({ method: 'PUT', url: '/api/me/time-zone', ...json({ timeZone: 'Nowhere' }) }), expect: { ...everyone(400), anonymous: 400 } },
      { name: 'GET /api/me', request: () => ({ method: 'GET', url: '/api/me' }), expect: everyone(200) },
    ]);
    // Each set their own; an account no one changed keeps none.
    const rows = await t.deps.db.kysely.selectFrom('user').select(['id', 'timeZone']).where('id', 'in', [actors.student.user!.id, actors.otherStudent.user!.id]).execute();
    expect(rows.map((row) => row.timeZone)).toEqual(['Europe/Lisbon', 'Europe/Lisbon']);
    const anyoneElse = await t.actor({ role: 'student' });
    expect((await me(anyoneElse)).timeZone).toBeNull();
  });
});

// Each of these signs up, books and waits for the mail: slow on a loaded machine.
describe('emails in the reader’s zone and language', { timeout: 90_000 }, () => {
  it('a student who signed up in Spanish in Madrid gets the booking confirmation in Spanish, at Madrid’s time, named, with Content-Language and <html lang>', async () => {
    // 17:00 UTC on a January day is 18:00 in Madrid.
    const session = await bookedClass('Harmony Basics', Date.parse('2030-01-14T17:00:00Z'));
    const ana = await signUp('Ana', { cookie: 'tz=Europe%2FMadrid', 'accept-language': 'es-ES,es;q=0.9' }, {});
    expect((await book(ana, session.id)).statusCode).toBe(201);
    await settle();
    const mail = read(await t.mail.waitFor(ana.email, /^Reserva confirmada: Harmony Basics$/));
    expect(mail.contentLanguage).toBe('es');
    expect(mail.html).toMatch(/^<!doctype html>\r?\n<html lang="es">/);
    expect(mail.text).toContain('Hola, Ana:');
    expect(mail.text).toContain('Clase: lun 14/01/2030, 18:00–19:30, Europe/Madrid');
    expect(mail.html).toContain('Clase: lun 14/01/2030, 18:00–19:30, Europe/Madrid');
    expect(mail.text).not.toContain('UTC');
  });

  it('follows a zone changed after booking (written when sent), and an English reader without a zone still reads UTC, named', async () => {
    const session = await bookedClass('Counterpoint', Date.parse('2030-01-15T17:00:00Z'));
    const lee = await t.actor({ role: 'student', name: 'Lee' });
    expect((await setZone(lee, 'America/New_York')).statusCode).toBe(200);
    const kim = await t.actor({ role: 'student', name: 'Kim' });
    expect((await book(lee, session.id)).statusCode).toBe(201);
    expect((await book(kim, session.id)).statusCode).toBe(201);
    await settle();
    const english = read(await t.mail.waitFor(lee.user!.email, /^Booking confirmed: Counterpoint$/));
    expect(english.contentLanguage).toBe('en');
    expect(english.html).toContain('<html lang="en">');
    expect(english.text).toContain('Class: Tue 15/01/2030, 12:00–13:30, America/New_York');
    const utc = read(await t.mail.waitFor(kim.user!.email, /^Booking confirmed: Counterpoint$/));
    expect(utc.text).toContain('Class: Tue 15/01/2030, 17:00–18:30 UTC');
  });

  it('an account email (verification) goes in the sign-up’s language with Content-Language', async () => {
    const email = `vera-${address}@example.com`;
    const made = await auth('/sign-up/email', { name: 'Vera', email, password: 'a long unusual passphrase', role: 'student' }, { 'accept-language': 'es' });
    expect(made.statusCode).toBe(200);
    await settle();
    const mail = read(await t.mail.waitFor(email));
    expect(mail.contentLanguage).toBe('es');
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.text).toContain('Hola, Vera:');
  });
});

describe('a deleted account in All Users', () => {
  it('is listed as Deleted, not Blocked, and nothing about it changes: admins get 409, everyone else what they got before', async () => {
    const gone = await t.actor({ role: 'student', name: 'Gone Student' });
    const erased = await t.request(actors.admin, { method: 'DELETE', url: `/api/users/${gone.user!.id}` });
    expect(erased.statusCode, erased.body).toBeLessThan(300);
    const listed = (await t.request(actors.admin, { method: 'GET', url: '/api/users?limit=100' })).json() as { items: Array<{ id: string; status: string }> };
    expect(listed.items.find((u) => u.id === gone.user!.id)?.status).toBe('Deleted');
    // A blocked account that was not deleted is still Blocked.
    const blocked = await t.createUser({ role: 'student', blocked: true });
    expect((await t.request(actors.admin, { method: 'GET', url: `/api/users?q=${encodeURIComponent(blocked.email)}` })).json().items.map((u: { status: string }) => u.status)).toEqual(['Blocked']);

    const patch = (body: unknown) => () => ({ method: 'PATCH' as const, url: `/api/users/${gone.user!.id}`, ...json(body) });
    const refused = (admin: number) => ({ anonymous: 401, student: 403, otherStudent: 403, tutor: 403, otherTutor: 403, admin });
    await runMatrix(t, actors, [
      { name: 'PATCH unblock a deleted account', request: patch({ blocked: false }), expect: refused(409) },
      { name: 'PATCH the role of a deleted account', request: patch({ role: 'tutor' }), expect: refused(409) },
      { name: 'PATCH unblock a blocked account', request: () => ({ method: 'PATCH', url: `/api/users/${blocked.id}`, ...json({ blocked: false }) }), expect: refused(200) },
    ]);
    const spanish = await t.request(actors.admin, { method: 'PATCH', url: `/api/users/${gone.user!.id}`, ...json({ blocked: false }), headers: { 'content-type': 'application/json', 'accept-language': 'es' } });
    expect([spanish.statusCode, spanish.json().message]).toEqual([409, 'Esta cuenta se eliminó: no se puede cambiar.']);
    const row = await t.deps.db.kysely.selectFrom('user').select(['blocked', 'role']).where('id', '=', gone.user!.id).executeTakeFirstOrThrow();
    expect([Boolean(row.blocked), row.role]).toEqual([true, 'student']);
  });
});
