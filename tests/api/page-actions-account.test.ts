// The account's pages on their route's loader and action (docs/decisions/041-pages-loaders-actions.md):
// Reset password, Settings' seven forms and Register's way back. A POST to the page's own address,
// urlencoded, as the browser sends it before the app is live or without it, runs the same action
// the app runs. Done: 303 to the next page, which says so once (the `done` cookie); refused: the
// page again with its 4xx, the reason in the form that was sent and what was typed kept (never a
// password or a file). Reads the production build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeed } from '#contract/calendar-feed.ts';
import type { Role } from '#contract/common.ts';
import { createBooking, createStudySession, type CreatedUser } from '#tests/factories.ts';
import { type Actor, createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { builtWeb } from '#tests/helpers/built-web.ts';
import { form, setCookies, cookieOf, doneOf } from '#tests/helpers/form-posts.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { webDir: builtWeb() });
});
afterAll(async () => {
  await t?.close();
});

/** The page a `done` cookie is read on, as the browser asks for it after the 303. */
const pageAfter = (actor: Actor | null, url: string, done: string) =>
  t.request(actor ? { ...actor, cookie: `${actor.cookie}; done=${done}` } : null, { method: 'GET', url, headers: { cookie: `${actor ? `${actor.cookie}; ` : ''}done=${done}` } });

async function resetToken(user: CreatedUser): Promise<string> {
  const asked = await t.request(null, { method: 'POST', url: '/api/auth/request-password-reset', payload: { email: user.email, redirectTo: '/reset-password' } });
  expect(asked.statusCode).toBe(200);
  const token = (await t.deps.db.kysely.selectFrom('verification').select('identifier').where('value', '=', user.id).execute()).map((row) => /^reset-password:(.+)$/.exec(row.identifier)?.[1]).find(Boolean);
  expect(token).toBeTruthy();
  return token!;
}

describe('reset password', () => {
  it('refuses two passwords that differ (422, said under the second, nothing typed sent back), then sets the one typed twice: Log In says the password was changed', async () => {
    const user = await t.createUser({ role: 'student' });
    const url = `/reset-password?token=${await resetToken(user)}`;
    for (const fields of [{ newPassword: 'New-Reset-Pass-1', confirmPassword: 'New-Reset-Pass-2' }, { _nojs: '1', newPassword: 'New-Reset-Pass-1', confirmPassword: 'New-Reset-Pass-2' }] as Record<string, string>[]) {
      const differ = await t.request(null, { method: 'POST', url, ...form(fields) });
      expect(differ.statusCode).toBe(422);
      expect(differ.body).toContain('The passwords do not match.');
      expect(differ.body).not.toContain('New-Reset-Pass-');
      expect(differ.body).toContain('<title>StudyNest | Reset password</title>');
    }
    await expect(t.signIn({ ...user, password: 'New-Reset-Pass-1' })).rejects.toThrow();

    const done = await t.request(null, { method: 'POST', url, ...form({ newPassword: 'New-Reset-Pass-1', confirmPassword: 'New-Reset-Pass-1' }) });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/login');
    expect(doneOf(done)).toBe('resetPassword.succeeded');
    await expect(t.signIn({ ...user, password: 'New-Reset-Pass-1' })).resolves.toBeTruthy();
    const login = await pageAfter(null, '/login', 'resetPassword.succeeded');
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('Your password has been changed. Log in with your new password.');
    expect((await t.request(null, { method: 'GET', url: '/login' })).body).not.toContain('Your password has been changed');
  });

  it('says it in Spanish too', async () => {
    const login = await t.request(null, { method: 'GET', url: '/login', headers: { cookie: 'done=resetPassword.succeeded', 'accept-language': 'es' } });
    expect(login.body).toContain('Tu contraseña se ha cambiado. Inicia sesión con la nueva.');
  });

  it('a link used already, or none, is refused with the page again and its 4xx: nothing set', async () => {
    const user = await t.createUser({ role: 'student' });
    const token = await resetToken(user);
    const first = await t.request(null, { method: 'POST', url: `/reset-password?token=${token}`, ...form({ newPassword: 'First-Reset-Pass-1', confirmPassword: 'First-Reset-Pass-1' }) });
    expect(first.statusCode).toBe(303);
    const again = await t.request(null, { method: 'POST', url: `/reset-password?token=${token}`, ...form({ _nojs: '1', newPassword: 'Second-Reset-Pass-1', confirmPassword: 'Second-Reset-Pass-1' }) });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.statusCode).toBeLessThan(500);
    expect(again.body).toContain('This password reset link has expired or was already used');
    const none = await t.request(null, { method: 'POST', url: '/reset-password', ...form({ newPassword: 'Third-Reset-Pass-1', confirmPassword: 'Third-Reset-Pass-1' }) });
    expect(none.statusCode).toBe(422);
    await expect(t.signIn({ ...user, password: 'Second-Reset-Pass-1' })).rejects.toThrow();
    await expect(t.signIn({ ...user, password: 'First-Reset-Pass-1' })).resolves.toBeTruthy();
  });
});

describe('register', () => {
  it('from a session page, goes back to the session, which says "Registration Successful" and asks to verify the address', async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const session = await createStudySession(t.deps, tutor);
    const from = `/session/${session.id}`;
    // The session's page links to Register with where it was; Register's and Log In's links keep it.
    const sessionPage = await t.request(null, { method: 'GET', url: from });
    expect(sessionPage.body).toContain(`href="/register?from=${encodeURIComponent(from)}"`);
    const registerPage = await t.request(null, { method: 'GET', url: `/register?from=${encodeURIComponent(from)}` });
    expect(registerPage.body).toContain(`href="/login?from=${encodeURIComponent(from)}"`);
    // Its form goes back to the same address, `from` with it.
    expect(registerPage.body).toMatch(/<form [^>]*action="\/register\?from=%2Fsession%2F[^"]+" method="post"/);
    const loginPage = await t.request(null, { method: 'GET', url: `/login?from=${encodeURIComponent(from)}` });
    expect(loginPage.body).toContain(`href="/register?from=${encodeURIComponent(from)}"`);

    const email = `form-back-${Date.now().toString(36)}@example.com`;
    const res = await t.request(null, { method: 'POST', url: `/register?from=${encodeURIComponent(from)}`, ...form({ name: 'Comes Back', email, password: 'Comes-Back-Pass-1', role: 'student', image: '' }) });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(from);
    expect(doneOf(res)).toBe('register.succeeded');
    const page = await pageAfter({ user: null, cookie: cookieOf(res).split('; ').filter((c) => !c.startsWith('done=')).join('; ') }, from, 'register.succeeded');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Check your email: open the link we sent you to verify your address.');
    await t.mail.waitFor(email, /verify/i);
  });

  it('never goes to another site, nor back to log in: Home instead', async () => {
    for (const from of ['https://evil.example/', '//evil.example/x', '/login']) {
      const email = `form-nowhere-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
      const res = await t.request(null, { method: 'POST', url: `/register?from=${encodeURIComponent(from)}`, ...form({ name: 'Stays Here', email, password: 'Stays-Here-Pass-1', role: 'student' }) });
      expect([res.statusCode, res.headers.location], from).toEqual([303, '/']);
    }
  });

  it('says to check the email in Spanish too', async () => {
    const home = await t.request(null, { method: 'GET', url: '/', headers: { cookie: 'done=register.succeeded', 'accept-language': 'es' } });
    expect(home.body).toContain('Revisa tu correo: abre el enlace que te enviamos para verificar tu dirección.');
  });
});

describe('settings: password and profile', () => {
  it('changes the password (the new session cookie passed on) and the name; Settings says each once', async () => {
    const studentUser = await t.createUser({ role: 'student', name: 'Before' });
    const student = await t.signIn(studentUser);
    const changed = await t.request(student, { method: 'POST', url: '/dashboard/settings', ...form({ currentPassword: studentUser.password, newPassword: 'Changed-In-Form-1', revokeOtherSessions: 'true', intent: 'password' }) });
    expect(changed.statusCode).toBe(303);
    expect(changed.headers.location).toBe('/dashboard/settings');
    expect(doneOf(changed)).toBe('settings.passwordChanged');
    const cookie = cookieOf(changed).split('; ').filter((c) => !c.startsWith('done=')).join('; ');
    expect(cookie).toMatch(/session_token=/);
    const me = { user: studentUser, cookie };
    expect((await t.request(me, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    expect((await pageAfter(me, '/dashboard/settings', 'settings.passwordChanged')).body).toContain('Password changed successfully');

    const named = await t.request(me, { method: 'POST', url: '/dashboard/settings', ...form({ name: ' After ', image: '', intent: 'profile' }) });
    expect(named.statusCode).toBe(303);
    expect(doneOf(named)).toBe('settings.profileSaved');
    expect((await t.deps.db.kysely.selectFrom('user').select('name').where('id', '=', studentUser.id).executeTakeFirstOrThrow()).name).toBe('After');
    const page = await pageAfter(me, '/dashboard/settings', 'settings.profileSaved');
    expect(page.body).toContain('Profile updated successfully');
    expect(page.body).toContain('value="After"');
  });

  it('a new photo sent without the app is refused with the page again (422) saying it needs JavaScript, the name typed kept, nothing saved', async () => {
    const studentUser = await t.createUser({ role: 'student', name: 'Photo Before' });
    const student = await t.signIn(studentUser);
    const photo = await t.request(student, { method: 'POST', url: '/dashboard/settings', ...form({ _nojs: '1', name: 'Photo After', image: 'me.png', intent: 'profile' }) });
    expect(photo.statusCode).toBe(422);
    expect(photo.body).toContain('<p role="alert">Sending a photo needs JavaScript: turn it on, or send the form without the photo.</p>');
    expect(photo.body).toContain('value="Photo After"');
    expect((await t.deps.db.kysely.selectFrom('user').select('name').where('id', '=', studentUser.id).executeTakeFirstOrThrow()).name).toBe('Photo Before');
  });

  it('a wrong current password is the page again with its 4xx and "Password change failed"; no password is sent back', async () => {
    const studentUser = await t.createUser({ role: 'student' });
    const student = await t.signIn(studentUser);
    const res = await t.request(student, { method: 'POST', url: '/dashboard/settings', ...form({ _nojs: '1', currentPassword: 'not-my-password', newPassword: 'Never-Set-Pass-1', revokeOtherSessions: 'true', intent: 'password' }) });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).toContain('<strong>Password change failed</strong>');
    expect(res.body).not.toContain('not-my-password');
    expect(res.body).not.toContain('Never-Set-Pass-1');
    await expect(t.signIn({ ...studentUser, password: 'Never-Set-Pass-1' })).rejects.toThrow();
  });

  it('a name of spaces is refused under its field, what was typed kept', async () => {
    const student = await t.actor({ role: 'student', name: 'Kept Name' });
    const res = await t.request(student, { method: 'POST', url: '/dashboard/settings', ...form({ _nojs: '1', name: '   ', image: '', intent: 'profile' }) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/role="alert"/);
    expect((await t.deps.db.kysely.selectFrom('user').select('name').where('id', '=', student.user!.id).executeTakeFirstOrThrow()).name).toBe('Kept Name');
  });
});

describe("settings: a tutor's bio", () => {
  it('saves the bio, which Settings says and the public page shows', async () => {
    const tutorUser = await t.createUser({ role: 'tutor' });
    const tutor = await t.signIn(tutorUser);
    const res = await t.request(tutor, { method: 'POST', url: '/dashboard/settings', ...form({ bio: ' Maths for ten years. ', intent: 'bio' }) });
    expect([res.statusCode, res.headers.location, doneOf(res)]).toEqual([303, '/dashboard/settings', 'settings.bioSaved']);
    const page = await pageAfter(tutor, '/dashboard/settings', 'settings.bioSaved');
    expect(page.body).toContain('Bio saved');
    expect(page.body).toContain('Maths for ten years.</textarea>');
    expect((await t.request(null, { method: 'GET', url: `/tutors/${tutorUser.id}` })).body).toContain('Maths for ten years.');
  });

  it('a bio too long is the page again with its 400, the text as typed in its field', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const bio = `A <b>bold</b> "claim" & more ${'x'.repeat(1000)}`;
    const res = await t.request(tutor, { method: 'POST', url: '/dashboard/settings', ...form({ _nojs: '1', bio, intent: 'bio' }) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/role="alert"/);
    expect(res.body).toContain(`A &lt;b&gt;bold&lt;/b&gt; "claim" &amp; more ${'x'.repeat(1000)}</textarea>`);
  });
});

describe('settings: time zone', () => {
  const zoneOf = async (actor: Actor) => (await t.request(actor, { method: 'GET', url: '/api/me' })).json<{ timeZone: string | null }>().timeZone;

  it('saves a zone: Settings says so (English and Spanish) with the zone chosen, and pages give times in it', async () => {
    const student = await t.actor({ role: 'student' });
    const settings = await t.request(student, { method: 'GET', url: '/dashboard/settings' });
    expect(settings.body).toMatch(/<label[^>]*>Time zone<\/label><select[^>]*name="timeZone"/);
    expect(settings.body).toContain('<option value="America/New_York">America/New York</option>');

    const res = await t.request(student, { method: 'POST', url: '/dashboard/settings', ...form({ timeZone: 'Asia/Tokyo', intent: 'time-zone' }) });
    expect([res.statusCode, res.headers.location, doneOf(res)]).toEqual([303, '/dashboard/settings', 'settings.timeZoneSaved']);
    expect(await zoneOf(student)).toBe('Asia/Tokyo');
    const page = await pageAfter(student, '/dashboard/settings', 'settings.timeZoneSaved');
    expect(page.body).toContain('Time zone saved');
    expect(page.body).toContain('<option value="Asia/Tokyo" selected="">Asia/Tokyo</option>');
    const spanish = await t.request({ ...student, cookie: `${student.cookie}; done=settings.timeZoneSaved` }, { method: 'GET', url: '/dashboard/settings', headers: { 'accept-language': 'es' } });
    expect(spanish.body).toContain('Zona horaria guardada');
    expect(spanish.body).toMatch(/<label[^>]*>Zona horaria<\/label>/);

    // A class at 17:00 UTC is 02:00 the next day in Tokyo: the account's zone, whatever the browser's cookie says.
    const tutor = await t.createUser({ role: 'tutor' });
    const session = await createStudySession(t.deps, tutor, { classStartDate: '2030-01-14T17:00:00.000Z', classEndDate: '2030-01-14T18:30:00.000Z' });
    const inMadrid = { ...student, cookie: `${student.cookie}; tz=Europe%2FMadrid` };
    const shown = await t.request(inMadrid, { method: 'GET', url: `/session/${session.id}` });
    expect(shown.body).toContain('15/01/2030, 02:00–03:30 (your time)');

    // The first choice forgets the zone: the browser's again.
    const forgot = await t.request(student, { method: 'POST', url: '/dashboard/settings', ...form({ timeZone: '', intent: 'time-zone' }) });
    expect([forgot.statusCode, doneOf(forgot)]).toEqual([303, 'settings.timeZoneSaved']);
    expect(await zoneOf(student)).toBeNull();
    const madrid = await t.request(inMadrid, { method: 'GET', url: `/session/${session.id}` });
    expect(madrid.body).toContain('14/01/2030, 18:00–19:30 (your time)');
  });

  it('an unknown zone is the page again with its 400, the reason under the field (English and Spanish); nothing saved', async () => {
    const student = await t.actor({ role: 'student' });
    await t.request(student, { method: 'POST', url: '/dashboard/settings', ...form({ timeZone: 'Europe/Lisbon', intent: 'time-zone' }) });
    const res = await t.request(student, { method: 'POST', url: '/dashboard/settings', ...form({ _nojs: '1', timeZone: 'Mars/Olympus', intent: 'time-zone' }) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/<select[^>]*aria-invalid="true"[^>]*aria-describedby="([^"]+)"[^>]*name="timeZone"[\s\S]*<p id="\1" role="alert"[^>]*>Unknown time zone<\/p>/);
    const spanish = await t.request(student, { method: 'POST', url: '/dashboard/settings', ...form({ _nojs: '1', timeZone: 'Mars/Olympus', intent: 'time-zone' }), headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'es' } });
    expect(spanish.statusCode).toBe(400);
    expect(spanish.body).toContain('role="alert" class="text-sm text-error">Zona horaria desconocida</p>');
    expect(await zoneOf(student)).toBe('Europe/Lisbon');
  });

  it('asks a signed-out visitor to log in and saves nothing', async () => {
    const anonymous = await t.request(null, { method: 'POST', url: '/dashboard/settings', ...form({ timeZone: 'Asia/Tokyo', intent: 'time-zone' }) });
    expect([anonymous.statusCode, anonymous.headers.location]).toEqual([302, '/login?from=%2Fdashboard%2Fsettings']);
  });
});

describe('settings: notifications', () => {
  it('saves the shown switches (an unticked one is off) and answers 303 to the settings page, which says so', async () => {
    const student = await t.actor({ role: 'student' });
    const off = await t.request(student, { method: 'POST', url: '/dashboard/settings', ...form([['shown', 'classReminders'], ['intent', 'notifications']]) });
    expect([off.statusCode, off.headers.location, doneOf(off)]).toEqual([303, '/dashboard/settings', 'settings.notificationsSaved']);
    expect((await t.request(student, { method: 'GET', url: '/api/me/notifications' })).json()).toEqual({ classReminders: false, bookingNotices: true });
    expect((await pageAfter(student, '/dashboard/settings', 'settings.notificationsSaved')).body).toContain('Notification settings saved');

    const on = await t.request(student, { method: 'POST', url: '/dashboard/settings', ...form([['shown', 'classReminders'], ['classReminders', 'on'], ['intent', 'notifications']]) });
    expect(on.statusCode).toBe(303);
    expect((await t.request(student, { method: 'GET', url: '/api/me/notifications' })).json()).toEqual({ classReminders: true, bookingNotices: true });
  });

  it('refuses a form that names no switch with the page again (its 4xx, "Saving your notifications failed"), and asks a signed-out visitor to sign in', async () => {
    const student = await t.actor({ role: 'student' });
    const none = await t.request(student, { method: 'POST', url: '/dashboard/settings', ...form([['_nojs', '1'], ['shown', 'nonsense'], ['intent', 'notifications']]) });
    expect(none.statusCode).toBeGreaterThanOrEqual(400);
    expect(none.statusCode).toBeLessThan(500);
    expect(none.body).toContain('<strong>Saving your notifications failed</strong>');
    expect((await t.request(student, { method: 'GET', url: '/api/me/notifications' })).json()).toEqual({ classReminders: true, bookingNotices: true });
    const anonymous = await t.request(null, { method: 'POST', url: '/dashboard/settings', ...form([['shown', 'classReminders'], ['intent', 'notifications']]) });
    expect([anonymous.statusCode, anonymous.headers.location]).toEqual([302, '/login?from=%2Fdashboard%2Fsettings']);
  });
});

describe('settings: calendar link', () => {
  it('makes a new link (the old one stops working) and answers 303 to the settings section, which says "made", then "new link made"', async () => {
    const student = await t.actor({ role: 'student' });
    const first = await t.request(student, { method: 'POST', url: '/dashboard/settings', ...form({ intent: 'calendar-feed' }) });
    expect([first.statusCode, first.headers.location, doneOf(first)]).toEqual([303, '/dashboard/settings#calendar', 'settings.calendarMade']);
    const made = (await t.request(student, { method: 'GET', url: '/api/me/calendar-feed' })).json<CalendarFeed>();
    expect(made.url).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await pageAfter(student, '/dashboard/settings', 'settings.calendarMade')).body).toContain('Calendar link made');

    const second = await t.request(student, { method: 'POST', url: '/dashboard/settings', ...form({ intent: 'calendar-feed' }) });
    expect([second.statusCode, doneOf(second)]).toEqual([303, 'settings.calendarRenewed']);
    const renewed = (await t.request(student, { method: 'GET', url: '/api/me/calendar-feed' })).json<CalendarFeed>();
    expect(renewed.url).not.toBe(made.url);
    expect((await t.app.inject({ method: 'GET', url: new URL(made.url!).pathname })).statusCode).toBe(404);
  });

  it('asks a signed-out visitor to sign in and makes nothing', async () => {
    const anonymous = await t.request(null, { method: 'POST', url: '/dashboard/settings', ...form({ intent: 'calendar-feed' }) });
    expect([anonymous.statusCode, anonymous.headers.location]).toEqual([302, '/login?from=%2Fdashboard%2Fsettings']);
  });
});

describe('settings: delete my account', () => {
  it('deletes the account with its password and sends the visitor Home, which says so; a wrong password, or another site, changes nothing', async () => {
    const studentUser = await t.createUser({ role: 'student', name: 'Leaving Without Script' });
    const student = await t.signIn(studentUser);
    const account = () => t.deps.db.kysely.selectFrom('user').select(['name', 'email']).where('id', '=', studentUser.id).executeTakeFirstOrThrow();

    const wrong = await t.request(student, { method: 'POST', url: '/dashboard/settings', ...form({ _nojs: '1', password: 'not my password', intent: 'delete-account' }) });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrong.statusCode).toBeLessThan(500);
    expect(wrong.body).toContain('<strong>Your account was not deleted</strong><p role="alert">The password is not right.</p>');
    expect(wrong.body).not.toContain('not my password');
    const crossSite = await t.request(student, { method: 'POST', url: '/dashboard/settings', ...form({ password: studentUser.password, intent: 'delete-account' }), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' } });
    expect(crossSite.statusCode).toBe(403);
    expect(await account()).toEqual({ name: 'Leaving Without Script', email: studentUser.email });

    const deleted = await t.request(student, { method: 'POST', url: '/dashboard/settings', ...form({ password: studentUser.password, intent: 'delete-account' }) });
    expect(deleted.statusCode).toBe(303);
    expect(deleted.headers.location).toBe('/');
    expect(doneOf(deleted)).toBe('settings.deleted');
    expect(await account()).toEqual({ name: 'Former student', email: `deleted-${studentUser.id}@deleted.invalid` });
    expect((await t.request(student, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    const audit = await t.deps.db.kysely.selectFrom('audit_log').select(['action', 'actorId']).where('targetId', '=', studentUser.id).execute();
    expect(audit).toEqual([{ action: 'user.deleted', actorId: studentUser.id }]);
    const home = await t.request(null, { method: 'GET', url: '/', headers: { cookie: 'done=settings.deleted' } });
    expect(home.body).toContain('Your account has been deleted.');
  });
});

// Who may send which of Settings' forms: each role, signed out, and a tutor with a booked
// session (who may not delete their account yet). The API decides; the page says it.
describe('settings: who may send which form', () => {
  type Case = { intent: string; fields: Record<string, string>; done: string };
  const cases = (user: CreatedUser): Case[] => [
    { intent: 'profile', fields: { name: `${user.name} Renamed`, image: '' }, done: 'settings.profileSaved' },
    { intent: 'bio', fields: { bio: 'About me.' }, done: 'settings.bioSaved' },
    { intent: 'notifications', fields: { shown: user.role === 'tutor' ? 'bookingNotices' : 'classReminders' }, done: 'settings.notificationsSaved' },
    { intent: 'calendar-feed', fields: {}, done: 'settings.calendarMade' },
    { intent: 'time-zone', fields: { timeZone: 'Europe/Lisbon' }, done: 'settings.timeZoneSaved' },
    { intent: 'password', fields: { currentPassword: user.password, newPassword: `${user.password}-2`, revokeOtherSessions: 'true' }, done: 'settings.passwordChanged' },
    // The password as the form before changed it.
    { intent: 'delete-account', fields: { password: `${user.password}-2` }, done: 'settings.deleted' },
  ];
  /** What each role gets for each form: 'done', or the 4xx of the page again. */
  const expected: Record<Role | 'busy tutor', Record<string, 'done' | 403 | 409 | 'refused'>> = {
    student: { profile: 'done', bio: 403, notifications: 'done', 'calendar-feed': 'done', 'time-zone': 'done', password: 'done', 'delete-account': 'done' },
    tutor: { profile: 'done', bio: 'done', notifications: 'done', 'calendar-feed': 'done', 'time-zone': 'done', password: 'done', 'delete-account': 'done' },
    'busy tutor': { profile: 'done', bio: 'done', notifications: 'done', 'calendar-feed': 'done', 'time-zone': 'done', password: 'done', 'delete-account': 409 },
    admin: { profile: 'done', bio: 403, notifications: 'done', 'calendar-feed': 'done', 'time-zone': 'done', password: 'done', 'delete-account': 'done' },
  };

  for (const who of Object.keys(expected) as Array<keyof typeof expected>) {
    it(`a ${who}`, async () => {
      const role: Role = who === 'busy tutor' ? 'tutor' : who;
      const user = await t.createUser({ role });
      if (who === 'busy tutor') await createBooking(t.deps, await createStudySession(t.deps, user), await t.createUser({ role: 'student' }));
      // Another admin remains, who can sign in.
      if (role === 'admin') await t.createUser({ role: 'admin' });
      let actor = await t.signIn(user);
      const answers: Record<string, unknown> = {};
      for (const { intent, fields, done } of cases(user)) {
        const res = await t.request(actor, { method: 'POST', url: '/dashboard/settings', ...form({ _nojs: '1', ...fields, intent }) });
        if (res.statusCode === 303) {
          expect(doneOf(res), `${who} ${intent}`).toBe(done);
          answers[intent] = 'done';
          // The new session a password change made.
          const session = setCookies(res).find((c) => c.includes('session_token='));
          if (session && intent === 'password') actor = { ...actor, cookie: cookieOf(res).split('; ').filter((c) => !c.startsWith('done=')).join('; ') };
        } else {
          expect(res.headers['content-type'], `${who} ${intent}`).toMatch(/^text\/html/);
          expect(res.body, `${who} ${intent}`).toMatch(/role="alert"/);
          answers[intent] = res.statusCode === 403 || res.statusCode === 409 ? res.statusCode : res.statusCode >= 400 && res.statusCode < 500 ? 'refused' : res.statusCode;
        }
      }
      expect(answers).toEqual(expected[who]);
    });
  }

  it('signed out: every form asks to log in, nothing done; an unknown form is 400', async () => {
    for (const intent of ['profile', 'bio', 'notifications', 'calendar-feed', 'time-zone', 'password', 'delete-account']) {
      const res = await t.request(null, { method: 'POST', url: '/dashboard/settings', ...form({ intent, name: 'Nobody', bio: 'x', shown: 'classReminders', timeZone: 'Asia/Tokyo', password: 'x' }) });
      expect([res.statusCode, res.headers.location], intent).toEqual([302, '/login?from=%2Fdashboard%2Fsettings']);
    }
    const student = await t.actor({ role: 'student' });
    expect((await t.request(student, { method: 'POST', url: '/dashboard/settings', ...form({ intent: 'everything' }) })).statusCode).toBe(400);
  });
});
