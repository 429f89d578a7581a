// The page's language (docs/decisions/027-languages.md). The server draws a page in the account's language, else the
// footer's choice (the `lang` cookie), else the browser's Accept-Language, else English, with
// <html lang> set; the switch (footer, Settings) is a form that works without the app. Reads the
// production build of the web app (`npm run build`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtWeb } from '#tests/helpers/built-web.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { webDir: builtWeb() });
});
afterAll(async () => t?.close());

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

const htmlElement = (html: string) => /<html[^>]*>/.exec(html)?.[0];
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('the language of a page the server draws', () => {
  it('is English without a choice, Spanish for a browser that prefers it', async () => {
    const english = await t.request(null, { method: 'GET', url: '/' });
    expect([htmlElement(english.body), title(english.body)]).toEqual(['<html lang="en" dir="ltr">', 'StudyNest | Home']);
    expect(english.body).toContain('See our Tutors');

    const spanish = await t.request(null, { method: 'GET', url: '/', headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' } });
    expect([htmlElement(spanish.body), title(spanish.body)]).toEqual(['<html lang="es" dir="ltr">', 'StudyNest | Inicio']);
    expect(spanish.body).toContain('Conoce a nuestros tutores');
    expect(spanish.body).not.toContain('See our Tutors');
    expect(spanish.headers.vary).toContain('Accept-Language');
  });

  it('follows the footer’s switch, a form that works without JavaScript, back to the same page', async () => {
    const switched = await t.request(null, { method: 'POST', url: '/language', ...form({ language: 'es', from: '/all-sessions?q=math' }) });
    expect([switched.statusCode, switched.headers.location]).toEqual([303, '/all-sessions?q=math']);
    const cookie = String(switched.headers['set-cookie']);
    expect(cookie).toMatch(/^lang=es;/);

    const page = await t.request(null, { method: 'GET', url: '/', headers: { cookie: 'lang=es', 'accept-language': 'en' } });
    expect(htmlElement(page.body)).toBe('<html lang="es" dir="ltr">');
  });

  it('never sends a visitor off the site, and refuses a language it does not offer in the caller’s language', async () => {
    const away = await t.request(null, { method: 'POST', url: '/language', ...form({ language: 'en', from: 'https://evil.example/' }) });
    expect(away.headers.location).toBe('/');
    const unknown = await t.request(null, { method: 'POST', url: '/language', ...form({ language: 'xx' }), headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'es' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: 'Elige uno de los idiomas ofrecidos.' });
  });

  it('is kept on a signed-in user’s account (Settings), and their pages follow it on any browser', async () => {
    const student = await t.actor({ role: 'student' });
    const saved = await t.request(student, { method: 'POST', url: '/language', ...form({ language: 'es', from: '/dashboard/settings' }) });
    expect([saved.statusCode, saved.headers.location]).toEqual([303, '/dashboard/settings']);
    const row = await t.deps.db.kysely.selectFrom('user').select('language').where('id', '=', student.user!.id).executeTakeFirstOrThrow();
    expect(row.language).toBe('es');

    // Another browser (no lang cookie) that prefers English still gets the account's language.
    const settings = await t.request(student, { method: 'GET', url: '/dashboard/settings', headers: { 'accept-language': 'en' } });
    expect(htmlElement(settings.body)).toBe('<html lang="es" dir="ltr">');
    expect(title(settings.body)).toBe('StudyNest | Ajustes');

    // "My browser's language" forgets it.
    const cleared = await t.request(student, { method: 'POST', url: '/language', ...form({ language: '', from: '/dashboard/settings' }) });
    expect(String(cleared.headers['set-cookie'])).toMatch(/^lang=; Max-Age=0/);
    const after = await t.deps.db.kysely.selectFrom('user').select('language').where('id', '=', student.user!.id).executeTakeFirstOrThrow();
    expect(after.language).toBeNull();
  });
});
