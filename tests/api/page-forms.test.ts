// The pages' forms sent the browser's way (server/http/page-forms.ts): a POST to the page's own
// address, urlencoded, before the app is live or without it. Each does what the app would have
// done and answers 303 to the next page, or answers 204 (the browser keeps the page as it was).
// Reads the production build of the web app (`npm test` builds first).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, createStudySession } from '#tests/factories.ts';
import type { FakeStripe } from '#tests/helpers/fake-stripe.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { builtWeb } from '#tests/helpers/built-web.ts';


let t: TestApp & { stripe: FakeStripe };
let stripe: FakeStripe;

beforeAll(async () => {
  t = await createTestApp({}, { webDir: builtWeb(), stripe: true });
  stripe = t.stripe;
});
afterAll(async () => {
  await t?.close();
});

let address = 0;
/** A urlencoded form body, as a browser sends one, from an address of its own (sign-ins are rate-limited per address). */
const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  remoteAddress: `10.77.${(address >> 8) & 255}.${address++ & 255}`,
});
const setCookies = (res: { headers: Record<string, unknown> }) => [res.headers['set-cookie'] ?? []].flat() as string[];
const cookieOf = (res: { headers: Record<string, unknown> }) => setCookies(res).map((c) => c.split(';')[0]).join('; ');

describe('login', () => {
  it('signs in and sends the visitor back to the page, whose guard sends them on to ?from=', async () => {
    const user = await t.createUser({ role: 'student' });
    const res = await t.request(null, { method: 'POST', url: '/login?from=%2Fdashboard', ...form({ email: user.email, password: user.password }) });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?from=%2Fdashboard');
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = cookieOf(res);
    expect(cookie).toMatch(/session_token=/);
    const next = await t.request({ user, cookie }, { method: 'GET', url: '/login?from=%2Fdashboard' });
    expect(next.statusCode).toBe(302);
    expect(next.headers.location).toBe('/dashboard');
  });

  it('keeps the page as it is (204, no cookie) when the password is wrong', async () => {
    const user = await t.createUser({ role: 'student' });
    const res = await t.request(null, { method: 'POST', url: '/login', ...form({ email: user.email, password: 'not-the-password' }) });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(setCookies(res)).toEqual([]);
  });

  it('is refused from another site, like every state-changing request', async () => {
    const user = await t.createUser({ role: 'student' });
    const res = await t.request(null, { method: 'POST', url: '/login', ...form({ email: user.email, password: user.password }), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(setCookies(res)).toEqual([]);
  });
});

describe('refused with scripts off (the <noscript> field _nojs=1)', () => {
  it('answers the login page again saying why, with the email typed and never the password', async () => {
    const user = await t.createUser({ role: 'student' });
    const res = await t.request(null, { method: 'POST', url: '/login?from=%2Fdashboard', ...form({ _nojs: '1', email: user.email, password: 'not-the-password' }) });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(setCookies(res)).toEqual([]);
    const html = res.body;
    expect(html).toMatch(/<form[^>]*method="post"[^>]*><p role="alert" class="alert alert-error alert-soft">Invalid email or password<\/p>/);
    expect(html).toContain(`value="${user.email}"`);
    expect(html).not.toContain('not-the-password');
    // The page is the login page, as drawn for any visitor.
    expect(html).toContain('<title>StudyNest | Login</title>');
  });

  it('keeps a long note typed, and a form that needs the app says so', async () => {
    const student = await t.actor({ role: 'student' });
    const details = 'A note <b>with</b> "quotes" & an ampersand\nover two lines';
    const tooLong = 'x'.repeat(201);
    const res = await t.request(student, { method: 'POST', url: '/dashboard/create-note', ...form({ _nojs: '1', title: tooLong, details }) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/role="alert"/);
    expect(res.body).toContain('A note &lt;b&gt;with&lt;/b&gt; "quotes" &amp; an ampersand\nover two lines</textarea>');
    expect(res.body).toContain(`value="${tooLong}"`);
    expect(await t.deps.db.kysely.selectFrom('note').select('id').where('studentId', '=', student.user!.id).execute()).toEqual([]);

    const tutor = await t.actor({ role: 'tutor' });
    const session = await t.request(tutor, { method: 'POST', url: '/dashboard/create-session', ...form({ _nojs: '1', title: 'Algebra' }) });
    // The server creates a session itself; this one lacks its dates, and the API says so.
    expect(session.statusCode).toBe(400);
    expect(session.body).toMatch(/role="alert"/);
    expect(session.body).toContain('value="Algebra"');
  });

  it('with scripts on (no _nojs), a refusal still keeps the page as it is (204)', async () => {
    const user = await t.createUser({ role: 'student' });
    const res = await t.request(null, { method: 'POST', url: '/login', ...form({ email: user.email, password: 'not-the-password' }) });
    expect([res.statusCode, res.body]).toEqual([204, '']);
  });
});

describe('forgot password', () => {
  it('"Forgot password?" sends the login form asking for a link: mailed, and the page says so', async () => {
    const user = await t.createUser({ role: 'student' });
    const res = await t.request(null, { method: 'POST', url: '/login', ...form({ email: user.email, password: '', intent: 'forgot' }) });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?reset=sent');
    expect(setCookies(res)).toEqual([]);
    const mail = await t.mail.waitFor(user.email, /reset/i, 15_000);
    expect(mail.text).toMatch(/\/reset-password\?token=/);
    const page = await t.request(null, { method: 'GET', url: '/login?reset=sent' });
    expect(page.body).toContain('Password reset link sent to your email');
    expect((await t.request(null, { method: 'GET', url: '/login' })).body).not.toContain('Password reset link sent to your email');
  });

  it('keeps the page when no email was typed', async () => {
    const res = await t.request(null, { method: 'POST', url: '/login', ...form({ email: ' ', password: '', intent: 'forgot' }) });
    expect(res.statusCode).toBe(204);
  });
});

describe('register', () => {
  it('makes the account with the role chosen and signs it in', async () => {
    const email = `form-tutor-${Date.now().toString(36)}@example.com`;
    const res = await t.request(null, { method: 'POST', url: '/register', ...form({ name: ' Form Tutor ', email, password: 'Form-Tutor-Pass-1', role: 'tutor', image: '' }) });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/register');
    expect(cookieOf(res)).toMatch(/session_token=/);
    const user = await t.deps.db.kysely.selectFrom('user').select(['name', 'role']).where('email', '=', email).executeTakeFirst();
    expect(user).toEqual({ name: 'Form Tutor', role: 'tutor' });
  });

  it('leaves a form with a photo to the app (only its name is sent): nothing made, the page kept', async () => {
    const email = `form-photo-${Date.now().toString(36)}@example.com`;
    const res = await t.request(null, { method: 'POST', url: '/register', ...form({ name: 'Photo', email, password: 'Form-Photo-Pass-1', role: 'student', image: 'me.png' }) });
    expect(res.statusCode).toBe(204);
    expect(await t.deps.db.kysely.selectFrom('user').select('id').where('email', '=', email).execute()).toEqual([]);
  });

  it('never makes an admin', async () => {
    const email = `form-admin-${Date.now().toString(36)}@example.com`;
    const res = await t.request(null, { method: 'POST', url: '/register', ...form({ name: 'Admin?', email, password: 'Form-Admin-Pass-1', role: 'admin' }) });
    expect(res.statusCode).toBe(303);
    expect((await t.deps.db.kysely.selectFrom('user').select('role').where('email', '=', email).executeTakeFirst())?.role).toBe('student');
  });
});

describe('reset password', () => {
  it('keeps the page when the two passwords differ, and sets the password when they match', async () => {
    const user = await t.createUser({ role: 'student' });
    const asked = await t.request(null, { method: 'POST', url: '/api/auth/request-password-reset', payload: { email: user.email, redirectTo: '/reset-password' } });
    expect(asked.statusCode).toBe(200);
    const token = (await t.deps.db.kysely.selectFrom('verification').select('identifier').where('value', '=', user.id).execute()).map((row) => /^reset-password:(.+)$/.exec(row.identifier)?.[1]).find(Boolean);
    expect(token).toBeTruthy();
    const url = `/reset-password?token=${token}`;
    const differ = await t.request(null, { method: 'POST', url, ...form({ newPassword: 'New-Reset-Pass-1', confirmPassword: 'New-Reset-Pass-2' }) });
    expect(differ.statusCode).toBe(204);
    const done = await t.request(null, { method: 'POST', url, ...form({ newPassword: 'New-Reset-Pass-1', confirmPassword: 'New-Reset-Pass-1' }) });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/login');
    await expect(t.signIn({ ...user, password: 'New-Reset-Pass-1' })).resolves.toBeTruthy();
  });
});

describe('signed-in forms', () => {
  it('saves a note, then its edit, as the signed-in student', async () => {
    const student = await t.actor({ role: 'student' });
    const title = `Form note ${Date.now().toString(36)}`;
    const created = await t.request(student, { method: 'POST', url: '/dashboard/create-note', ...form({ title: ` ${title} `, details: 'From a form.' }) });
    expect(created.statusCode).toBe(303);
    expect(created.headers.location).toBe('/dashboard/manage-personal-notes');
    const note = await t.deps.db.kysely.selectFrom('note').select(['id', 'details']).where('title', '=', title).executeTakeFirstOrThrow();
    expect(note.details).toBe('From a form.');

    const edited = await t.request(student, { method: 'POST', url: `/dashboard/note/edit/${note.id}`, ...form({ title, details: 'Edited in a form.' }) });
    expect(edited.statusCode).toBe(303);
    expect(edited.headers.location).toBe(`/dashboard/note/${note.id}`);
    expect((await t.deps.db.kysely.selectFrom('note').select('details').where('id', '=', note.id).executeTakeFirstOrThrow()).details).toBe('Edited in a form.');
  });

  it("never acts for anyone but the visitor: signed out, or on another student's note, the page is kept", async () => {
    const ownerUser = await t.createUser({ role: 'student' });
    const owner = await t.signIn(ownerUser);
    const other = await t.actor({ role: 'student' });
    await t.request(owner, { method: 'POST', url: '/dashboard/create-note', ...form({ title: 'Mine', details: 'Private.' }) });
    const note = await t.deps.db.kysely.selectFrom('note').select('id').where('studentId', '=', ownerUser.id).executeTakeFirstOrThrow();
    expect((await t.request(null, { method: 'POST', url: '/dashboard/create-note', ...form({ title: 'Anon', details: 'x' }) })).statusCode).toBe(204);
    expect((await t.request(other, { method: 'POST', url: `/dashboard/note/edit/${note.id}`, ...form({ title: 'Taken', details: 'Over.' }) })).statusCode).toBe(204);
    expect((await t.deps.db.kysely.selectFrom('note').select('title').where('id', '=', note.id).executeTakeFirstOrThrow()).title).toBe('Mine');
  });

  it('saves a review of a booked session whose class has started', async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const studentUser = await t.createUser({ role: 'student' });
    const student = await t.signIn(studentUser);
    const session = await createStudySession(t.deps, tutor, { classStartDate: new Date(Date.now() - 3_600_000).toISOString(), registrationStartDate: new Date(Date.now() - 48 * 3_600_000).toISOString() });
    await createBooking(t.deps, session, studentUser);
    const res = await t.request(student, { method: 'POST', url: `/dashboard/view-booked-session/${session.id}`, ...form({ review: 'Good.', rating: '4' }) });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/dashboard/view-booked-session/${session.id}`);
    expect(await t.deps.db.kysely.selectFrom('review').select(['review', 'rating']).where('sessionId', '=', session.id).execute()).toEqual([{ review: 'Good.', rating: 4 }]);
  });

  it('changes the password (the new session cookie passed on) and the name; a new photo is left to the app', async () => {
    const studentUser = await t.createUser({ role: 'student', name: 'Before' });
    const student = await t.signIn(studentUser);
    const changed = await t.request(student, { method: 'POST', url: '/dashboard/settings', ...form({ currentPassword: studentUser.password, newPassword: 'Changed-In-Form-1', revokeOtherSessions: 'true', intent: 'password' }) });
    expect(changed.statusCode).toBe(303);
    expect(changed.headers.location).toBe('/dashboard/settings');
    const cookie = cookieOf(changed);
    expect(cookie).toMatch(/session_token=/);
    const me = { user: studentUser, cookie };
    expect((await t.request(me, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);

    const named = await t.request(me, { method: 'POST', url: '/dashboard/settings', ...form({ name: ' After ', image: '', intent: 'profile' }) });
    expect(named.statusCode).toBe(303);
    expect((await t.deps.db.kysely.selectFrom('user').select('name').where('id', '=', studentUser.id).executeTakeFirstOrThrow()).name).toBe('After');
    const photo = await t.request(me, { method: 'POST', url: '/dashboard/settings', ...form({ name: 'Photo', image: 'me.png', intent: 'profile' }) });
    expect(photo.statusCode).toBe(204);
  });

  it('deletes the account with its password and sends the visitor Home; a wrong password, or another site, changes nothing', async () => {
    const studentUser = await t.createUser({ role: 'student', name: 'Leaving Without Script' });
    const student = await t.signIn(studentUser);
    const account = () => t.deps.db.kysely.selectFrom('user').select(['name', 'email']).where('id', '=', studentUser.id).executeTakeFirstOrThrow();

    const wrong = await t.request(student, { method: 'POST', url: '/dashboard/settings', ...form({ password: 'not my password', intent: 'delete-account' }) });
    expect(wrong.statusCode).toBe(204);
    const crossSite = await t.request(student, { method: 'POST', url: '/dashboard/settings', ...form({ password: studentUser.password, intent: 'delete-account' }), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' } });
    expect(crossSite.statusCode).toBe(403);
    expect(await account()).toEqual({ name: 'Leaving Without Script', email: studentUser.email });

    const deleted = await t.request(student, { method: 'POST', url: '/dashboard/settings', ...form({ password: studentUser.password, intent: 'delete-account' }) });
    expect(deleted.statusCode).toBe(303);
    expect(deleted.headers.location).toBe('/');
    expect(await account()).toEqual({ name: 'Former student', email: `deleted-${studentUser.id}@deleted.invalid` });
    expect((await t.request(student, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    const audit = await t.deps.db.kysely.selectFrom('audit_log').select(['action', 'actorId']).where('targetId', '=', studentUser.id).execute();
    expect(audit).toEqual([{ action: 'user.deleted', actorId: studentUser.id }]);
  });

  it('adds a link material; a file, and a session (dates in the visitor’s zone), are left to the app', async () => {
    const tutorUser = await t.createUser({ role: 'tutor' });
    const tutor = await t.signIn(tutorUser);
    const session = await createStudySession(t.deps, tutorUser);
    const link = await t.request(tutor, { method: 'POST', url: '/dashboard/upload-materials', ...form({ sessionId: session.id, title: 'Reading', source: 'link', link: 'https://example.com/reading' }) });
    expect(link.statusCode).toBe(303);
    expect(await t.deps.db.kysely.selectFrom('material').select(['title', 'link']).where('sessionId', '=', session.id).execute()).toEqual([{ title: 'Reading', link: 'https://example.com/reading' }]);
    const file = await t.request(tutor, { method: 'POST', url: '/dashboard/upload-materials', ...form({ sessionId: session.id, title: 'Slides', source: 'file', file: 'slides.pdf' }) });
    expect(file.statusCode).toBe(204);
    const created = await t.request(tutor, { method: 'POST', url: '/dashboard/create-session', ...form({ title: 'Too early', description: 'x', registrationStartDate: '2030-01-01T10:00' }) });
    expect(created.statusCode).toBe(204);
    expect(await t.deps.db.kysely.selectFrom('study_session').select('id').where('title', '=', 'Too early').execute()).toEqual([]);
  });
});

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

  it('keeps the page (204) when the API refuses: signed out, a tutor, a full session, an unknown intent; and refuses another site', async () => {
    const tutorUser = await t.createUser({ role: 'tutor' });
    const tutor = await t.signIn(tutorUser);
    const studentUser = await t.createUser({ role: 'student' });
    const student = await t.signIn(studentUser);
    const session = await createStudySession(t.deps, tutorUser, { maxParticipants: 1 });
    expect((await t.request(null, { method: 'POST', url: `/session/${session.id}`, ...form({ intent: 'book' }) })).statusCode).toBe(204);
    expect((await t.request(tutor, { method: 'POST', url: `/session/${session.id}`, ...form({ intent: 'book' }) })).statusCode).toBe(204);
    expect((await t.request(student, { method: 'POST', url: `/session/${session.id}`, ...form({ intent: 'cancel-everything' }) })).statusCode).toBe(204);
    const crossSite = await t.request(student, { method: 'POST', url: `/session/${session.id}`, ...form({ intent: 'book' }), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' } });
    expect(crossSite.statusCode).toBe(403);
    expect(await bookingOf(session.id, studentUser.id)).toBeUndefined();
    await createBooking(t.deps, session, await t.createUser({ role: 'student' }));
    expect((await t.request(student, { method: 'POST', url: `/session/${session.id}`, ...form({ intent: 'book' }) })).statusCode).toBe(204);
    expect(await bookingOf(session.id, studentUser.id)).toBeUndefined();
  });
});

it('reads urlencoded bodies on these pages only: the API still refuses them', async () => {
  const student = await t.actor({ role: 'student' });
  const res = await t.request(student, { method: 'POST', url: '/api/create-note', ...form({ title: 'x', details: 'y' }) });
  expect(res.statusCode).toBe(415);
});

// Create and Edit Session are real forms without JavaScript. Their dates are typed as
// dd/MM/yyyy and 24-hour HH:mm in the zone the form names (its labels say it), else the tz cookie's, else UTC.
describe('create and edit session without JavaScript', () => {
  const sessionFields = (over: Record<string, string> = {}) => ({
    _nojs: '1',
    title: 'Harmony',
    description: 'Chords, without JavaScript.',
    registrationStartDate: '01/03/2030',
    registrationStartTime: '09:00',
    registrationEndDate: '10/03/2030',
    registrationEndTime: '18:00',
    classStartDate: '14/03/2030',
    classStartTime: '18:30',
    classEndDate: '14/03/2030',
    classEndTime: '20:00',
    maxParticipants: '8',
    cancellationCutoffHours: '12',
    locationKind: 'online',
    meetingUrl: 'https://meet.example/harmony',
    ...over,
  });
  const stored = (title: string) =>
    t.deps.db.kysely
      .selectFrom('study_session')
      .select(['registrationStartDate', 'registrationEndDate', 'classStartDate', 'classEndDate', 'maxParticipants', 'cancellationCutoffHours', 'tutorTimeZone', 'meetingUrl', 'status'])
      .where('title', '=', title)
      .execute();

  it('creates the session from dates typed in the zone the form names, then goes to Manage Sessions', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const res = await t.request(tutor, { method: 'POST', url: '/dashboard/create-session', ...form(sessionFields({ title: 'Harmony in Madrid', timeZone: 'Europe/Madrid' })) });
    expect([res.statusCode, res.headers.location]).toEqual([303, '/dashboard/manage-sessions']);
    expect(await stored('Harmony in Madrid')).toEqual([
      {
        registrationStartDate: '2030-03-01T08:00:00.000Z',
        registrationEndDate: '2030-03-10T17:00:00.000Z',
        classStartDate: '2030-03-14T17:30:00.000Z',
        classEndDate: '2030-03-14T19:00:00.000Z',
        maxParticipants: 8,
        cancellationCutoffHours: 12,
        tutorTimeZone: 'Europe/Madrid',
        meetingUrl: 'https://meet.example/harmony',
        status: 'pending',
      },
    ]);
  });

  it('without a zone in the form, reads the dates in the tz cookie’s zone, else in UTC', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const inTokyo = await t.request({ ...tutor, cookie: `${tutor.cookie}; tz=Asia%2FTokyo` }, { method: 'POST', url: '/dashboard/create-session', ...form(sessionFields({ title: 'Harmony in Tokyo' })) });
    expect(inTokyo.statusCode).toBe(303);
    expect((await stored('Harmony in Tokyo')).map((row) => [row.classStartDate, row.tutorTimeZone])).toEqual([['2030-03-14T09:30:00.000Z', 'Asia/Tokyo']]);
    const inUtc = await t.request(tutor, { method: 'POST', url: '/dashboard/create-session', ...form(sessionFields({ title: 'Harmony in UTC' })) });
    expect(inUtc.statusCode).toBe(303);
    expect((await stored('Harmony in UTC')).map((row) => [row.classStartDate, row.tutorTimeZone])).toEqual([['2030-03-14T18:30:00.000Z', 'UTC']]);
  });

  it('refused, the page comes back saying why, with every field as typed', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const res = await t.request(tutor, { method: 'POST', url: '/dashboard/create-session', ...form(sessionFields({ title: 'Harmony backwards', classEndDate: '13/03/2030', timeZone: 'UTC' })) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/role="alert"[^>]*>[^<]*Class End Date cannot be before the Class Start Date/);
    expect(res.body).toContain('value="Harmony backwards"');
    expect(res.body).toContain('value="13/03/2030"');
    expect(res.body).toContain('value="18:30"');
    expect(await stored('Harmony backwards')).toEqual([]);
  });

  it('edits a pending session: title and the one date changed; the others stay to the millisecond', async () => {
    const tutorUser = await t.createUser({ role: 'tutor' });
    const tutor = await t.signIn(tutorUser);
    const session = await createStudySession(t.deps, tutorUser, {
      status: 'pending',
      registrationStartDate: '2030-03-01T08:00:00.123Z',
      registrationEndDate: '2030-03-10T17:00:00.000Z',
      classStartDate: '2030-03-14T17:30:00.000Z',
      classEndDate: '2030-03-14T19:00:00.000Z',
    });
    const res = await t.request(tutor, {
      method: 'POST',
      url: `/dashboard/session/edit/${session.id}`,
      ...form(sessionFields({ title: 'Harmony, edited', timeZone: 'Europe/Madrid', classEndDate: '14/03/2030', classEndTime: '21:00' })),
    });
    expect([res.statusCode, res.headers.location]).toEqual([303, `/dashboard/session/${encodeURIComponent(tutorUser.email)}/${session.id}`]);
    const row = await t.deps.db.kysely.selectFrom('study_session').select(['title', 'registrationStartDate', 'classStartDate', 'classEndDate']).where('id', '=', session.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'Harmony, edited', registrationStartDate: '2030-03-01T08:00:00.123Z', classStartDate: '2030-03-14T17:30:00.000Z', classEndDate: '2030-03-14T20:00:00.000Z' });
  });
});
