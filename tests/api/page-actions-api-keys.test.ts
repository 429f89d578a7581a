// API Keys, a tutor's and an admin's dashboard page, on its route's loader and action
// (docs/decisions/041-pages-loaders-actions.md, 056-api-keys.md): a POST to the page's own address,
// urlencoded, as a browser sends it before the app is live or without it. Created: the page again
// with the new key's secret, shown this once (never in an address or a cookie, gone when the page
// is read again); refused: the page again with its 4xx, the reason under the field, what was typed
// kept; revoked: 303 to the page, which says so once, and the key stops working. A student is sent
// away by the page's guard, before its action runs. Reads the production build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';
import { builtWeb } from '#tests/helpers/built-web.ts';
import { cookieOf, doneOf, form, setCookies } from '#tests/helpers/form-posts.ts';
import { json } from '#tests/helpers/request-helpers.ts';
import type { CreatedApiKey } from '#contract/api-keys.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { webDir: builtWeb() });
});
afterAll(async () => {
  await t?.close();
});

const PAGE = '/dashboard/api-keys';
const SECRET = /snk_[A-Za-z0-9_-]{43}/;
/** The page's markup without React's text separators, its characters unescaped. */
const text = (html: string) =>
  html
    .replaceAll('<!-- -->', '')
    .replaceAll('&#x27;', "'")
    .replaceAll('&#39;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&');
/** What is inside #root: what a visitor sees before any script runs. */
const rootOf = (html: string) => text(html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="server-state">')));
/** The create form as the page draws it (its name field and scope boxes). */
const createForm = (html: string) => rootOf(html).slice(rootOf(html).indexOf('id="api-key-create-heading"'), rootOf(html).indexOf('id="api-keys-list-heading"'));
/** The `<input>` tag of the field with this id. */
const inputTag = (html: string, id: string) => new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
const keysOf = (userId: string) => t.deps.db.kysely.selectFrom('api_key').select(['name', 'scopes', 'revokedAt']).where('userId', '=', userId).execute();
const post = (who: Actor, fields: Array<[string, string]>, headers: Record<string, string> = {}) => {
  const sent = form(fields);
  return t.request(who, { method: 'POST', url: PAGE, ...sent, headers: { ...sent.headers, ...headers } });
};
/** A program's request with the key: no cookie, no Origin. */
const withKey = (key: string, url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });

describe('API Keys: making a key', () => {
  it('shows the new key once, in the page the form answered, with a note that it will not be shown again; the key works; read again, the page has it no more', async () => {
    const tutor = await t.actor({ role: 'tutor', name: 'Keyed Tutor' });
    const res = await post(tutor, [
      ['_nojs', '1'],
      ['name', 'School timetable'],
      ['scopes', 'sessions:read'],
      ['scopes', 'bookings:read'],
      ['intent', 'create'],
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    const root = rootOf(res.body);
    const secrets = [...new Set(root.match(new RegExp(SECRET.source, 'g')) ?? [])];
    expect(secrets).toHaveLength(1);
    const secret = secrets[0]!;
    expect(root).toContain('Key created: School timetable');
    expect(root).toContain('Copy it now and keep it somewhere safe: it will not be shown again.');
    expect(inputTag(root, 'new-api-key')).toContain(`value="${secret}"`);
    // Never in a cookie (nor an address: no redirect above).
    expect(setCookies(res).join('\n')).not.toContain(secret);
    // The form is empty again; the list has the key, by its first characters only.
    expect(inputTag(createForm(res.body), 'api-key-name')).not.toContain('value=');
    expect(root).toContain(secret.slice(0, 12));
    expect(await keysOf(tutor.user!.id)).toEqual([{ name: 'School timetable', scopes: 'sessions:read bookings:read', revokedAt: null }]);

    // It is a working key, for what its scopes allow.
    const sessions = await withKey(secret, `/api/view-sessions/${encodeURIComponent(tutor.user!.email)}`);
    expect(sessions.statusCode, sessions.body).toBe(200);

    const again = await t.request(tutor, { method: 'GET', url: PAGE });
    expect(again.statusCode).toBe(200);
    expect(again.body).not.toContain(secret);
    expect(again.body).not.toMatch(SECRET);
    expect(rootOf(again.body)).not.toContain('will not be shown again');
    expect(rootOf(again.body)).toContain('School timetable');
    expect(rootOf(again.body)).toContain(`${secret.slice(0, 12)}…`);
  });

  it('offers each role the scopes it may give: a tutor three, an admin four; the menu of both links the page', async () => {
    const scopesOn = (html: string) => [...createForm(html).matchAll(/<input[^>]*name="scopes"[^>]*value="([^"]+)"/g)].map((match) => match[1]);
    const tutor = await t.actor({ role: 'tutor' });
    const admin = await t.actor({ role: 'admin' });
    const tutorPage = await t.request(tutor, { method: 'GET', url: PAGE });
    const adminPage = await t.request(admin, { method: 'GET', url: PAGE });
    expect([tutorPage.statusCode, adminPage.statusCode]).toEqual([200, 200]);
    expect(scopesOn(tutorPage.body)).toEqual(['sessions:read', 'sessions:write', 'bookings:read']);
    expect(scopesOn(adminPage.body)).toEqual(['sessions:read', 'sessions:write', 'bookings:read', 'admin']);
    expect(rootOf(tutorPage.body)).toContain('You have no API keys yet.');
    for (const page of [tutorPage, adminPage]) expect(page.body).toMatch(/<a[^>]*href="\/dashboard\/api-keys"[^>]*>API Keys<\/a>/);
    const student = await t.request(await t.actor({ role: 'student' }), { method: 'GET', url: '/dashboard' });
    expect(student.statusCode).toBe(200);
    expect(student.body).not.toContain('href="/dashboard/api-keys"');
  });

  it('in Spanish: the page, and the key shown once', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const page = await t.request(tutor, { method: 'GET', url: PAGE, headers: { 'accept-language': 'es' } });
    expect(rootOf(page.body)).toContain('Claves de API');
    expect(rootOf(page.body)).toContain('Crear clave');
    const res = await post(tutor, [['name', 'Horario'], ['scopes', 'sessions:read'], ['intent', 'create']], { 'accept-language': 'es' });
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toContain('Clave creada: Horario');
    expect(rootOf(res.body)).toContain('Cópiala ahora y guárdala en un lugar seguro: no se volverá a mostrar.');
  });
});

describe('API Keys: refused', () => {
  async function refusal(fields: Array<[string, string]>, headers?: Record<string, string>) {
    const tutor = await t.actor({ role: 'tutor' });
    const res = await post(tutor, [['_nojs', '1'], ...fields, ['intent', 'create']], headers);
    expect(await keysOf(tutor.user!.id)).toEqual([]);
    expect(res.body).not.toMatch(SECRET);
    return { res, form: createForm(res.body) };
  }
  /** The message under the field `id` says (its hint's place). */
  const under = (html: string, id: string) => new RegExp(`<p id="${id}"[^>]*role="alert"[^>]*>([^<]*)</p>`).exec(html)?.[1];

  it('no name: 400, "Name is required" under the name, the scopes chosen kept', async () => {
    const { res, form: page } = await refusal([['name', '   '], ['scopes', 'sessions:write']]);
    expect(res.statusCode).toBe(400);
    expect(under(page, 'api-key-name-hint')).toBe('Name is required');
    expect(inputTag(page, 'api-key-name')).toContain('aria-invalid="true"');
    expect(inputTag(page, 'api-key-scope-sessions-write')).toContain('checked=""');
    expect(inputTag(page, 'api-key-scope-sessions-read')).not.toContain('checked');
  });

  it('a name too long: 400, saying how long it may be, the name as typed kept', async () => {
    const long = 'N'.repeat(61);
    const { res, form: page } = await refusal([['name', long], ['scopes', 'sessions:read']]);
    expect(res.statusCode).toBe(400);
    expect(under(page, 'api-key-name-hint')).toBe("The key's name is too long (60 characters at most)");
    expect(inputTag(page, 'api-key-name')).toContain(`value="${long}"`);
  });

  it('no scope: 400, "Choose at least one scope" under the scopes, the name kept', async () => {
    const { res, form: page } = await refusal([['name', 'Nothing chosen']]);
    expect(res.statusCode).toBe(400);
    expect(under(page, 'api-key-scopes-error')).toBe('Choose at least one scope');
    expect(inputTag(page, 'api-key-name')).toContain('value="Nothing chosen"');
  });

  it("a scope the tutor's role may not give (admin, sent by hand): 403, said under the scopes, the name kept", async () => {
    const { res, form: page } = await refusal([['name', 'Sneaky'], ['scopes', 'sessions:read'], ['scopes', 'admin']]);
    expect(res.statusCode).toBe(403);
    expect(under(page, 'api-key-scopes-error')).toBe('Your role cannot give an API key these scopes: admin.');
    expect(inputTag(page, 'api-key-name')).toContain('value="Sneaky"');
    expect(inputTag(page, 'api-key-scope-sessions-read')).toContain('checked=""');
  });

  it('says why in Spanish', async () => {
    const { res, form: page } = await refusal([['name', ''], ['scopes', 'sessions:read']], { 'accept-language': 'es' });
    expect(res.statusCode).toBe(400);
    expect(under(page, 'api-key-name-hint')).toBe('El nombre es obligatorio');
    const long = await refusal([['name', 'Ñ'.repeat(61)], ['scopes', 'sessions:read']], { 'accept-language': 'es' });
    expect(under(long.form, 'api-key-name-hint')).toBe('El nombre de la clave es demasiado largo (60 caracteres como máximo)');
    const scope = await refusal([['name', 'Sin permiso']], { 'accept-language': 'es' });
    expect(under(scope.form, 'api-key-scopes-error')).toBe('Elige al menos un permiso');
  });
});

describe('API Keys: revoking', () => {
  const makeKey = async (who: Actor, name: string) => {
    const res = await t.request(who, { method: 'POST', url: '/api/me/api-keys', ...json({ name, scopes: ['sessions:read'] }) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CreatedApiKey>();
  };

  it('revokes with a plain form: 303 to the page, which says "API key revoked" once; the key is gone from the list and refused (401)', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const kept = await makeKey(tutor, 'Kept key');
    const gone = await makeKey(tutor, 'Revoked key');
    const url = `/api/view-sessions/${encodeURIComponent(tutor.user!.email)}`;
    expect((await withKey(gone.secret, url)).statusCode).toBe(200);
    const page = await t.request(tutor, { method: 'GET', url: PAGE });
    expect(page.body).toMatch(new RegExp(`<input type="hidden" name="id" value="${gone.id}"/>`));
    expect(text(page.body)).toContain('aria-label="Revoke Revoked key"');

    const res = await post(tutor, [['_nojs', '1'], ['id', gone.id], ['intent', 'revoke']]);
    expect([res.statusCode, res.headers.location]).toEqual([303, PAGE]);
    expect(doneOf(res)).toBe('apiKeys.revoked');
    expect((await withKey(gone.secret, url)).statusCode).toBe(401);
    expect((await withKey(kept.secret, url)).statusCode).toBe(200);

    const next = await t.request({ ...tutor, cookie: `${tutor.cookie}; ${cookieOf(res)}` }, { method: 'GET', url: PAGE });
    expect(rootOf(next.body)).toContain('API key revoked');
    expect(rootOf(next.body)).toContain('Kept key');
    expect(rootOf(next.body)).not.toContain('Revoked key');
    expect(rootOf((await t.request(tutor, { method: 'GET', url: PAGE })).body)).not.toContain('API key revoked');
  });

  it("another user's key, or one revoked already: the page again with its 404, saying so; nothing revoked", async () => {
    const owner = await t.actor({ role: 'tutor' });
    const theirs = await makeKey(owner, 'Not yours');
    const other = await t.actor({ role: 'admin' });
    const res = await post(other, [['_nojs', '1'], ['id', theirs.id], ['intent', 'revoke']]);
    expect(res.statusCode).toBe(404);
    expect(rootOf(res.body)).toContain('No such API key.');
    expect(await keysOf(owner.user!.id)).toEqual([{ name: 'Not yours', scopes: 'sessions:read', revokedAt: null }]);
    const spanish = await post(other, [['_nojs', '1'], ['id', theirs.id], ['intent', 'revoke']], { 'accept-language': 'es' });
    expect(rootOf(spanish.body)).toContain('No existe esa clave de API.');
  });
});

describe('API Keys: who may see the page', () => {
  it('a student is sent to the dashboard, before the action runs: no key made; a visitor signed out, to log in', async () => {
    const student = await t.actor({ role: 'student' });
    const page = await t.request(student, { method: 'GET', url: PAGE });
    expect([page.statusCode, page.headers.location]).toEqual([302, '/dashboard']);
    const sent = await post(student, [['_nojs', '1'], ['name', 'Student key'], ['scopes', 'sessions:read'], ['intent', 'create']]);
    expect([sent.statusCode, sent.headers.location]).toEqual([302, '/dashboard']);
    expect(await keysOf(student.user!.id)).toEqual([]);
    const anonymous = await t.request(null, { method: 'POST', url: PAGE, ...form([['name', 'Nobody'], ['scopes', 'sessions:read'], ['intent', 'create']]) });
    expect([anonymous.statusCode, anonymous.headers.location]).toEqual([302, '/login?from=%2Fdashboard%2Fapi-keys']);
  });
});
