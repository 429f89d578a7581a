// Every page of the router as the server draws it (signed out, and as a student, a tutor and an
// admin; in English and in Spanish), and the pages a form answers with (a refusal, a new API key),
// checked by html-validate with its recommended and a11y presets: valid HTML, no duplicate ids,
// every control labelled, every reference to an id resolved, headings in order, one main. A
// finding is fixed in the markup that makes it. Reads the production build.
import { HtmlValidate, type ConfigData } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookSessionResult } from '#contract/bookings.ts';
import { newId } from '#server/ids.ts';
import { createBooking, createStudySession, type CreatedUser } from '#tests/factories.ts';
import { builtWeb } from '#tests/helpers/built-web.ts';
import { form } from '#tests/helpers/form-posts.ts';
import { enc, json } from '#tests/helpers/request-helpers.ts';
import { pagePathsOfRouter } from '#tests/helpers/router-paths.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';

const HTML_VALIDATE_CONFIG: ConfigData = {
  extends: ['html-validate:recommended', 'html-validate:a11y'],
  rules: {
    // How the page is spelled, not what it says: three serialisers write it, each its own way and
    // each valid HTML. Vite (index.html: `<meta … />`, `crossorigin`), React (`<input/>`,
    // `disabled=""`, `download=""`, attributes named as its props: `maxLength`, `dateTime`; HTML's
    // attribute names ignore case) and, for a refused form's fields, parse5 (`<input>`,
    // server/http/typed-fields.ts).
    'void-style': 'off',
    'attribute-empty-style': 'off',
    'attribute-boolean-style': ['error', { style: 'empty' }],
    'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
    // A list of choices is sent as checkboxes of one name (an API key's scopes), as HTML forms send lists.
    'form-dup-name': ['error', { shared: ['radio', 'checkbox', 'button', 'reset', 'submit'] }],
    // React's useId writes `_R_…_`: a valid HTML id (not empty, no space), not letters first.
    'valid-id': ['error', { relaxed: true }],
  },
};

const validator = new HtmlValidate(HTML_VALIDATE_CONFIG);

let t: TestApp;
const visitors: Record<'signed-out' | 'student' | 'tutor' | 'admin', Actor | null> = { 'signed-out': null, student: null, tutor: null, admin: null };
/** A value for each route parameter, by the route it is in. */
let idOf: (path: string) => string;
let tutorUser: CreatedUser;
let seriesId: string;

beforeAll(async () => {
  t = await createTestApp({ TEST_PAYMENTS: 'true' }, { webDir: builtWeb() });
  await t.deps.jobs.stop();
  const [student, tutor, admin] = await Promise.all([t.actor({ role: 'student', name: 'Sam Student' }), t.actor({ role: 'tutor', name: 'Tara Tutor' }), t.actor({ role: 'admin', name: 'Ada Admin' })]);
  Object.assign(visitors, { student, tutor, admin });
  tutorUser = tutor.user!;
  const day = 24 * 60 * 60 * 1000;
  const open = await createStudySession(t.deps, tutorUser, { title: 'Linear algebra workshop', description: 'Vectors, matrices and eigenvalues, with exercises.' });
  // Started: its booking can be reviewed, and its roster has attendance to take.
  const started = await createStudySession(t.deps, tutorUser, {
    title: 'Organic chemistry lab prep',
    registrationStartDate: new Date(Date.now() - 10 * day).toISOString(),
    registrationEndDate: new Date(Date.now() - 3 * day).toISOString(),
    classStartDate: new Date(Date.now() - 2 * day).toISOString(),
  });
  await createStudySession(t.deps, tutorUser, { title: 'Pending physics review', status: 'pending' });
  await createStudySession(t.deps, tutorUser, { title: 'Rejected history session', status: 'rejected' });
  const paid = await createStudySession(t.deps, tutorUser, { title: 'Paid statistics clinic', registrationFeeCents: 1500 });
  seriesId = newId();
  for (const week of [3, 4]) await createStudySession(t.deps, tutorUser, { title: 'Statistics, week by week', seriesId, classStartDate: new Date(Date.now() + week * 7 * 24 * 3600_000).toISOString() });
  await createBooking(t.deps, open, student.user!);
  await createBooking(t.deps, started, student.user!);
  const now = new Date().toISOString();
  const noteId = newId();
  await t.deps.db.kysely.insertInto('note').values({ id: noteId, studentId: student.user!.id, title: 'Eigenvalues', details: 'det(A - λI) = 0, then solve for each λ.', createdAt: now, updatedAt: now }).execute();
  await t.deps.db.kysely
    .insertInto('review')
    .values({ id: newId(), sessionId: started.id, studentId: student.user!.id, studentName: 'Sam Student', rating: 4, review: 'Clear and well paced.', createdAt: now, updatedAt: now })
    .execute();
  const material = await t.request(tutor, { method: 'POST', url: '/api/materials', ...json({ sessionId: open.id, title: 'Exercise sheet', link: 'https://example.com/exercises' }) });
  expect(material.statusCode, material.body).toBe(201);
  for (const who of [tutor, admin]) {
    const key = await t.request(who, { method: 'POST', url: '/api/me/api-keys', ...json({ name: 'Timetable sync', scopes: ['sessions:read'] }) });
    expect(key.statusCode, key.body).toBe(201);
  }
  const booked = await t.request(student, { method: 'POST', url: '/api/book-session', ...json({ sessionId: paid.id }) });
  expect(booked.statusCode, booked.body).toBe(201);
  const checkoutId = decodeURIComponent(/\/payment\/test\/([^/?#]+)$/.exec(booked.json<BookSessionResult>().checkoutUrl!)![1]!);
  idOf = (path) => {
    if (path.startsWith('/tutors/')) return tutorUser.id;
    if (path.startsWith('/series/')) return seriesId;
    if (path.startsWith('/payment/test/')) return checkoutId;
    if (path.startsWith('/dashboard/note')) return noteId;
    return started.id;
  };
}, 60_000);
afterAll(async () => t?.close());

/** Every page of the router with its parameters filled in with real data. */
function pagePaths(): string[] {
  return pagePathsOfRouter().map((path) => path.replace(':email', enc(tutorUser.email)).replace(/:id\b/g, idOf(path)));
}

/** html-validate's findings on `html`, one line each: where, the rule, what it says, the element. */
async function findings(where: string, html: string): Promise<string[]> {
  const report = await validator.validateString(html, where);
  return report.results.flatMap((result) => result.messages.map((message) => `${where}: ${message.ruleId}: ${message.message} [${message.selector ?? `${message.line}:${message.column}`}]`));
}

const LANGUAGES = ['en', 'es'] as const;

describe('every page the server draws is valid, accessible HTML', () => {
  for (const visitor of Object.keys(visitors) as Array<keyof typeof visitors>) {
    for (const language of LANGUAGES) {
      it(`as ${visitor}, in ${language === 'en' ? 'English' : 'Spanish'}`, async () => {
        const who = visitors[visitor];
        const found: string[] = [];
        let drawn = 0;
        for (const path of [...pagePaths(), '/no-such-page']) {
          const res = await t.request(who, { method: 'GET', url: path, headers: { 'accept-language': language } });
          // A page this visitor may not see sends them elsewhere: that page is checked as theirs.
          if (res.statusCode >= 300 && res.statusCode < 400) continue;
          // The page itself (or its 404 or 403), never an error drawn instead of it.
          expect([path, res.statusCode]).toEqual([path, path === '/no-such-page' ? 404 : expect.toBeOneOf([200, 403, 404])]);
          expect(res.headers['content-type'], `${path} as ${visitor}`).toMatch(/^text\/html/);
          expect(res.body, `${path} as ${visitor} was drawn by the server`).toContain('id="server-state"');
          drawn++;
          found.push(...(await findings(`${path} as ${visitor} (${language})`, res.body)));
        }
        // Signed out: the public pages and the two of signing in; signed in: many more.
        expect(drawn).toBeGreaterThanOrEqual(visitor === 'signed-out' ? 6 : 10);
        expect(found).toEqual([]);
      }, 180_000);
    }
  }
});

describe('the pages forms answer with are valid, accessible HTML', () => {
  it('a refused form (every field as typed), and a new API key shown once', async () => {
    const found: string[] = [];
    for (const language of LANGUAGES) {
      const headers = { 'accept-language': language };
      const post = (who: Actor | null, url: string, fields: Array<[string, string]>) => {
        const sent = form(fields);
        return t.request(who, { method: 'POST', url, ...sent, headers: { ...sent.headers, ...headers } });
      };
      const answers = [
        ['refused log in', await post(null, '/login', [['_nojs', '1'], ['email', 'nobody@example.com'], ['password', 'wrong-password-1']])],
        ['refused API key', await post(visitors.tutor, '/dashboard/api-keys', [['_nojs', '1'], ['name', ''], ['scopes', 'sessions:read'], ['intent', 'create']])],
        ['new API key', await post(visitors.admin, '/dashboard/api-keys', [['_nojs', '1'], ['name', 'Reports'], ['scopes', 'admin'], ['intent', 'create']])],
      ] as const;
      for (const [what, res] of answers) {
        expect([what, res.statusCode]).toEqual([what, what === 'new API key' ? 200 : expect.toBeOneOf([400, 401])]);
        found.push(...(await findings(`${what} (${language})`, res.body)));
      }
    }
    expect(found).toEqual([]);
  }, 60_000);
});
