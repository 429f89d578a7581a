// Pages' forms through their route's action (web/src/lib/page-data.ts, server/http/server-render.ts,
// docs/decisions/041-pages-loaders-actions.md): a POST to the page's own address, urlencoded, as
// the browser sends it before the app is live or without it, runs the same action the app runs.
// Done: 303 to the next page, which says the spec's message once (the `done` cookie); refused:
// the page again with its 4xx, the message where the app shows it and every field kept (never a
// password). Loaders answer a real 404 for what is not there. Reads the production build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, createStudySession } from '#tests/factories.ts';
import type { FakeStripe } from '#tests/helpers/fake-stripe.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { builtWeb } from '#tests/helpers/built-web.ts';
import { form, setCookies, cookieOf, doneOf } from '#tests/helpers/form-posts.ts';

let t: TestApp & { stripe: FakeStripe };
let stripe: FakeStripe;

beforeAll(async () => {
  t = await createTestApp({}, { webDir: builtWeb(), stripe: true });
  stripe = t.stripe;
});
afterAll(async () => {
  await t?.close();
});


describe('login', () => {
  it('signs in and sends the visitor on to ?from=, which says "Login Successful" once', async () => {
    const user = await t.createUser({ role: 'student' });
    const res = await t.request(null, { method: 'POST', url: '/login?from=%2Fdashboard', ...form({ email: user.email, password: user.password }) });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dashboard');
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = cookieOf(res);
    expect(cookie).toMatch(/session_token=/);
    expect(doneOf(res)).toBe('login.succeeded');
    const next = await t.request({ user, cookie }, { method: 'GET', url: '/dashboard' });
    expect(next.statusCode).toBe(200);
    expect(next.body).toContain('Login Successful');
    expect(setCookies(next)).toContain('done=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly');
    // Said once: without the cookie, the page says nothing of it.
    const again = await t.request({ user, cookie: cookie.split('; ').filter((c) => !c.startsWith('done=')).join('; ') }, { method: 'GET', url: '/dashboard' });
    expect(again.body).not.toContain('Login Successful');
  });

  it('answers the page again when the password is wrong: 401, "Login Failed" and the reason, the email kept, never the password', async () => {
    const user = await t.createUser({ role: 'student' });
    for (const fields of [{ email: user.email, password: 'not-the-password' }, { _nojs: '1', email: user.email, password: 'not-the-password' }] as Record<string, string>[]) {
      const res = await t.request(null, { method: 'POST', url: '/login?from=%2Fdashboard', ...form(fields) });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(setCookies(res).filter((c) => c.includes('session_token'))).toEqual([]);
      const html = res.body;
      expect(html).toContain('<strong>Login Failed</strong><p role="alert">Invalid email or password</p>');
      expect(html).toContain(`value="${user.email}"`);
      expect(html).not.toContain('not-the-password');
      // The page is the login page, as drawn for any visitor, with the refusal in its data for the app.
      expect(html).toContain('<title>StudyNest | Login</title>');
      expect(html).toMatch(/"actionData":\{"[^"]+":\{"refusal":\{"message":"Invalid email or password"/);
    }
  });

  it('is refused from another site, like every state-changing request', async () => {
    const user = await t.createUser({ role: 'student' });
    const res = await t.request(null, { method: 'POST', url: '/login', ...form({ email: user.email, password: user.password }), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(setCookies(res)).toEqual([]);
  });
});

describe('forgot password', () => {
  it('"Forgot password?" sends the login form asking for a link: mailed, and the page says so once', async () => {
    const user = await t.createUser({ role: 'student' });
    const res = await t.request(null, { method: 'POST', url: '/login', ...form({ email: user.email, password: '', intent: 'forgot' }) });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login');
    expect(setCookies(res).map((c) => c.split(';')[0])).toEqual(['done=login.resetSent']);
    const mail = await t.mail.waitFor(user.email, /reset/i, 15_000);
    expect(mail.text).toMatch(/\/reset-password\?token=/);
    const page = await t.request(null, { method: 'GET', url: '/login', headers: { cookie: 'done=login.resetSent' } });
    expect(page.body).toContain('Password reset link sent to your email');
    expect((await t.request(null, { method: 'GET', url: '/login' })).body).not.toContain('Password reset link sent to your email');
  });

  it('answers the page again when no email was typed', async () => {
    const res = await t.request(null, { method: 'POST', url: '/login', ...form({ email: ' ', password: '', intent: 'forgot' }) });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('<p role="alert">Email is required</p>');
  });
});

describe('register', () => {
  it('makes the account with the role chosen and signs it in, then Home says so', async () => {
    const email = `form-tutor-${Date.now().toString(36)}@example.com`;
    const res = await t.request(null, { method: 'POST', url: '/register', ...form({ name: ' Form Tutor ', email, password: 'Form-Tutor-Pass-1', role: 'tutor', image: '' }) });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(cookieOf(res)).toMatch(/session_token=/);
    expect(doneOf(res)).toBe('register.succeeded');
    const user = await t.deps.db.kysely.selectFrom('user').select(['name', 'role']).where('email', '=', email).executeTakeFirst();
    expect(user).toEqual({ name: 'Form Tutor', role: 'tutor' });
  });

  it('a form with a photo (only its name is sent) needs the app: nothing made, the page again saying so, the fields kept', async () => {
    const email = `form-photo-${Date.now().toString(36)}@example.com`;
    const res = await t.request(null, { method: 'POST', url: '/register', ...form({ name: 'Photo', email, password: 'Form-Photo-Pass-1', role: 'tutor', image: 'me.png' }) });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('Sending a photo needs JavaScript');
    expect(res.body).toContain(`value="${email}"`);
    expect(res.body).toMatch(/<option value="tutor" selected="">/);
    expect(res.body).not.toContain('Form-Photo-Pass-1');
    expect(await t.deps.db.kysely.selectFrom('user').select('id').where('email', '=', email).execute()).toEqual([]);
  });

  it('never makes an admin', async () => {
    const email = `form-admin-${Date.now().toString(36)}@example.com`;
    const res = await t.request(null, { method: 'POST', url: '/register', ...form({ name: 'Admin?', email, password: 'Form-Admin-Pass-1', role: 'admin' }) });
    expect(res.statusCode).toBe(303);
    expect((await t.deps.db.kysely.selectFrom('user').select('role').where('email', '=', email).executeTakeFirst())?.role).toBe('student');
  });
});

describe('notes', () => {
  it('saves a note, then its edit, as the signed-in student; each next page says so', async () => {
    const student = await t.actor({ role: 'student' });
    const title = `Form note ${Date.now().toString(36)}`;
    const created = await t.request(student, { method: 'POST', url: '/dashboard/create-note', ...form({ title: ` ${title} `, details: 'From a form.' }) });
    expect(created.statusCode).toBe(303);
    expect(created.headers.location).toBe('/dashboard/manage-personal-notes');
    expect(doneOf(created)).toBe('notes.created');
    const note = await t.deps.db.kysely.selectFrom('note').select(['id', 'details']).where('title', '=', title).executeTakeFirstOrThrow();
    expect(note.details).toBe('From a form.');
    const list = await t.request({ ...student, cookie: `${student.cookie}; done=notes.created` }, { method: 'GET', url: '/dashboard/manage-personal-notes' });
    expect(list.body).toContain('Note created successfully');

    const edited = await t.request(student, { method: 'POST', url: `/dashboard/note/edit/${note.id}`, ...form({ title, details: 'Edited in a form.' }) });
    expect(edited.statusCode).toBe(303);
    expect(edited.headers.location).toBe(`/dashboard/note/${note.id}`);
    expect(doneOf(edited)).toBe('notes.updated');
    expect((await t.deps.db.kysely.selectFrom('note').select('details').where('id', '=', note.id).executeTakeFirstOrThrow()).details).toBe('Edited in a form.');
  });

  it('keeps a long note typed when refused: the page again with its 400, the reason under its field', async () => {
    const student = await t.actor({ role: 'student' });
    const details = 'A note <b>with</b> "quotes" & an ampersand\nover two lines';
    const tooLong = 'x'.repeat(201);
    const res = await t.request(student, { method: 'POST', url: '/dashboard/create-note', ...form({ _nojs: '1', title: tooLong, details }) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/role="alert"/);
    expect(res.body).toContain('A note &lt;b&gt;with&lt;/b&gt; "quotes" &amp; an ampersand\nover two lines</textarea>');
    expect(res.body).toContain(`value="${tooLong}"`);
    expect(await t.deps.db.kysely.selectFrom('note').select('id').where('studentId', '=', student.user!.id).execute()).toEqual([]);
  });

  it("never acts for anyone but the visitor: signed out, or on another student's note, nothing changes", async () => {
    const ownerUser = await t.createUser({ role: 'student' });
    const owner = await t.signIn(ownerUser);
    const other = await t.actor({ role: 'student' });
    await t.request(owner, { method: 'POST', url: '/dashboard/create-note', ...form({ title: 'Mine', details: 'Private.' }) });
    const note = await t.deps.db.kysely.selectFrom('note').select('id').where('studentId', '=', ownerUser.id).executeTakeFirstOrThrow();
    const anonymous = await t.request(null, { method: 'POST', url: '/dashboard/create-note', ...form({ title: 'Anon', details: 'x' }) });
    // Refused by the API, then sent to log in by the page's guard.
    expect([anonymous.statusCode, anonymous.headers.location]).toEqual([302, '/login?from=%2Fdashboard%2Fcreate-note']);
    expect(await t.deps.db.kysely.selectFrom('note').select('id').where('title', '=', 'Anon').execute()).toEqual([]);
    const taken = await t.request(other, { method: 'POST', url: `/dashboard/note/edit/${note.id}`, ...form({ title: 'Taken', details: 'Over.' }) });
    expect(taken.statusCode).toBeGreaterThanOrEqual(400);
    expect(taken.statusCode).toBeLessThan(500);
    expect((await t.deps.db.kysely.selectFrom('note').select('title').where('id', '=', note.id).executeTakeFirstOrThrow()).title).toBe('Mine');
  });

  it("another student's note, or none, is the 404 page", async () => {
    const ownerUser = await t.createUser({ role: 'student' });
    const owner = await t.signIn(ownerUser);
    await t.request(owner, { method: 'POST', url: '/dashboard/create-note', ...form({ title: 'Only mine', details: 'Private.' }) });
    const note = await t.deps.db.kysely.selectFrom('note').select('id').where('studentId', '=', ownerUser.id).executeTakeFirstOrThrow();
    const other = await t.actor({ role: 'student' });
    for (const url of [`/dashboard/note/edit/${note.id}`, '/dashboard/note/edit/no-such-note']) {
      const res = await t.request(other, { method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Page not found');
      expect(res.body).not.toContain('Only mine');
    }
    expect((await t.request(owner, { method: 'GET', url: `/dashboard/note/edit/${note.id}` })).statusCode).toBe(200);
  });
});

describe("a session's booking panel", () => {
  const bookingOf = (sessionId: string, studentId: string) =>
    t.deps.db.kysely.selectFrom('booking').select(['status']).where('sessionId', '=', sessionId).where('studentId', '=', studentId).executeTakeFirst();

  it('books a free session and shows its page again, which says it is booked', async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const studentUser = await t.createUser({ role: 'student' });
    const student = await t.signIn(studentUser);
    const session = await createStudySession(t.deps, tutor);
    const res = await t.request(student, { method: 'POST', url: `/session/${session.id}`, ...form({ intent: 'book' }) });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/session/${session.id}`);
    expect(doneOf(res)).toBe('booking.booked');
    expect(await bookingOf(session.id, studentUser.id)).toEqual({ status: 'confirmed' });
    const page = await t.request(student, { method: 'GET', url: `/session/${session.id}` });
    expect(page.body).toContain('You have booked this session.');
  });

  it('holds the seat of a paid session and sends the visitor to its payment page; Pay now resumes the same one', async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const studentUser = await t.createUser({ role: 'student' });
    const student = await t.signIn(studentUser);
    const session = await createStudySession(t.deps, tutor, { registrationFeeCents: 1500 });
    const first = await t.request(student, { method: 'POST', url: `/session/${session.id}`, ...form({ intent: 'book' }) });
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toMatch(new RegExp(`^${stripe.url}/checkout/cs_test_`));
    expect(await bookingOf(session.id, studentUser.id)).toEqual({ status: 'pending_payment' });
    const page = await t.request(student, { method: 'GET', url: `/session/${session.id}` });
    expect(page.body).toContain('A seat is held for you');
    const again = await t.request(student, { method: 'POST', url: `/session/${session.id}`, ...form({ intent: 'book' }) });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(first.headers.location);
  });

  it('joins and leaves the waitlist of a full session', async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const taken = await t.createUser({ role: 'student' });
    const studentUser = await t.createUser({ role: 'student' });
    const student = await t.signIn(studentUser);
    const session = await createStudySession(t.deps, tutor, { maxParticipants: 1 });
    await createBooking(t.deps, session, taken);
    const joined = await t.request(student, { method: 'POST', url: `/session/${session.id}`, ...form({ intent: 'join' }) });
    expect(joined.statusCode).toBe(303);
    expect(joined.headers.location).toBe(`/session/${session.id}`);
    const waiting = () => t.deps.db.kysely.selectFrom('waitlist_entry').select('studentId').where('sessionId', '=', session.id).execute();
    expect(await waiting()).toEqual([{ studentId: studentUser.id }]);
    expect((await t.request(student, { method: 'GET', url: `/session/${session.id}` })).body.replaceAll('<!-- -->', '')).toContain('You are on the waitlist: number 1 in line.');
    const left = await t.request(student, { method: 'POST', url: `/session/${session.id}`, ...form({ intent: 'leave' }) });
    expect(left.statusCode).toBe(303);
    expect(await waiting()).toEqual([]);
  });

  it('answers the page again (its 4xx) when the API refuses: signed out, a tutor, a full session, an unknown intent; and refuses another site', async () => {
    const tutorUser = await t.createUser({ role: 'tutor' });
    const tutor = await t.signIn(tutorUser);
    const studentUser = await t.createUser({ role: 'student' });
    const student = await t.signIn(studentUser);
    const session = await createStudySession(t.deps, tutorUser, { maxParticipants: 1 });
    const signedOut = await t.request(null, { method: 'POST', url: `/session/${session.id}`, ...form({ intent: 'book' }) });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.body).toContain('<strong>Booking failed</strong>');
    const asTutor = await t.request(tutor, { method: 'POST', url: `/session/${session.id}`, ...form({ intent: 'book' }) });
    expect(asTutor.statusCode).toBeGreaterThanOrEqual(400);
    expect(asTutor.statusCode).toBeLessThan(500);
    expect(asTutor.body).toContain('<strong>Booking failed</strong>');
    expect((await t.request(student, { method: 'POST', url: `/session/${session.id}`, ...form({ intent: 'cancel-everything' }) })).statusCode).toBe(400);
    const crossSite = await t.request(student, { method: 'POST', url: `/session/${session.id}`, ...form({ intent: 'book' }), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' } });
    expect(crossSite.statusCode).toBe(403);
    expect(await bookingOf(session.id, studentUser.id)).toBeUndefined();
    await createBooking(t.deps, session, await t.createUser({ role: 'student' }));
    const full = await t.request(student, { method: 'POST', url: `/session/${session.id}`, ...form({ intent: 'book' }) });
    expect(full.statusCode).toBe(409);
    expect(full.body).toContain('<strong>Booking failed</strong>');
    expect(await bookingOf(session.id, studentUser.id)).toBeUndefined();
  });
});

describe('404 from loaders', () => {
  it('an unknown session, a pending one and a rejected one are the 404 page; an approved one is the page', async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const approved = await createStudySession(t.deps, tutor, { title: 'Approved and public' });
    const pending = await createStudySession(t.deps, tutor, { title: 'Still pending', status: 'pending' });
    const rejected = await createStudySession(t.deps, tutor, { title: 'Was rejected', status: 'rejected' });
    for (const [id, title] of [['no-such-session', null], [pending.id, 'Still pending'], [rejected.id, 'Was rejected']] as const) {
      const res = await t.request(null, { method: 'GET', url: `/session/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.body).toContain('Page not found');
      if (title) expect(res.body).not.toContain(title);
    }
    const page = await t.request(null, { method: 'GET', url: `/session/${approved.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Approved and public');
  });

  it('an unknown tutor is the 404 page', async () => {
    const res = await t.request(null, { method: 'GET', url: '/tutors/no-such-tutor' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Page not found');
    const tutor = await t.createUser({ role: 'tutor', name: 'Known Tutor' });
    expect((await t.request(null, { method: 'GET', url: `/tutors/${tutor.id}` })).statusCode).toBe(200);
  });

  it("a series' page lists its public classes in class order with links to each, in English and Spanish; an unknown or unpublished series is the 404 page", async () => {
    const res = await t.request(null, { method: 'GET', url: '/series/no-such-series' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Page not found');
    const tutor = await t.createUser({ role: 'tutor', name: 'Serena Series' });
    const day = 24 * 3600_000;
    const seriesId = `series-${Date.now().toString(36)}`;
    const second = await createStudySession(t.deps, tutor, { title: 'Weekly algebra', seriesId, classStartDate: new Date(Date.now() + 21 * day).toISOString() });
    const first = await createStudySession(t.deps, tutor, { title: 'Weekly algebra', seriesId, classStartDate: new Date(Date.now() + 14 * day).toISOString() });
    const pendingOnly = `pending-${seriesId}`;
    await createStudySession(t.deps, tutor, { title: 'Not yet approved', seriesId: pendingOnly, status: 'pending' });
    expect((await t.request(null, { method: 'GET', url: `/series/${pendingOnly}` })).statusCode).toBe(404);

    const page = await t.request(null, { method: 'GET', url: `/series/${seriesId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1 id="series-title"');
    expect(page.body).toContain('2 classes, taught by');
    expect(page.body).toContain(`href="/tutors/${tutor.id}"`);
    const links = [...page.body.matchAll(/href="\/session\/([^"]+)"/g)].map((m) => m[1]);
    expect(links.filter((id) => id === first.id || id === second.id).indexOf(first.id)).toBe(0);
    expect(links).toContain(second.id);

    const spanish = await t.request(null, { method: 'GET', url: `/series/${seriesId}`, headers: { 'accept-language': 'es' } });
    expect(spanish.body).toContain('2 clases, impartidas por');
    // The class's own page leads to the series.
    const classPage = await t.request(null, { method: 'GET', url: `/session/${first.id}` });
    expect(classPage.body).toContain(`href="/series/${seriesId}"`);
    expect(classPage.body).toContain('Every class of this series');
  });
});

describe('pages without the app', () => {
  it('All Sessions pages without the app: "Load more" is a GET form to the next page, which the server draws', async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const tag = `paged${Date.now().toString(36)}`;
    for (let i = 0; i < 14; i++) await createStudySession(t.deps, tutor, { title: `${tag} ${String(i).padStart(2, '0')}` });
    const first = await t.request(null, { method: 'GET', url: `/all-sessions?q=${tag}` });
    const titles = (html: string) => [...html.matchAll(new RegExp(`>(${tag} \\d\\d)<`, 'g'))].map((m) => m[1]);
    const firstTitles = titles(first.body);
    expect(new Set(firstTitles).size).toBe(12);
    const more = /<form method="get">(.*?)<\/form>/.exec(first.body)?.[1] ?? '';
    const query = new URLSearchParams([...more.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replaceAll('&amp;', '&')]));
    expect(query.get('q')).toBe(tag);
    expect(more).toContain('Load more');
    const second = await t.request(null, { method: 'GET', url: `/all-sessions?${query}` });
    const secondTitles = titles(second.body);
    expect(new Set(secondTitles).size).toBe(2);
    expect([...new Set([...firstTitles, ...secondTitles])].sort()).toHaveLength(14);
    expect(second.body).not.toMatch(/Load more/);
  });

  it('reads urlencoded bodies on these pages only: the API still refuses them', async () => {
    const student = await t.actor({ role: 'student' });
    const res = await t.request(student, { method: 'POST', url: '/api/create-note', ...form({ title: 'x', details: 'y' }) });
    expect(res.statusCode).toBe(415);
  });
});
