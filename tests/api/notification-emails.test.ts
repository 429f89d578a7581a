// Emails people can live with (docs/decisions/021-notification-emails.md): every notification email (not a security email) carries
// List-Unsubscribe and List-Unsubscribe-Post (RFC 2369, RFC 8058); one click on it, with no cookie,
// turns off what it names; the settings are the caller's own (GET/PUT /api/me/notifications) and
// are honoured when reminders are enqueued and again when any optional email is sent. SQLite, and
// PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationSettings } from '#contract/notifications.ts';
import { createStudySession } from '#tests/factories.ts';
import { createActors, runMatrix, type Actors } from '#tests/helpers/permission-matrix.ts';
import { json } from '#tests/helpers/request-helpers.ts';
import { createTestApp, TEST_ORIGIN, type Actor, type TestApp } from '#tests/helpers/test-app.ts';
import type { CapturedMail } from '#tests/helpers/smtp-capture.ts';

let t: TestApp;
let actors: Actors;
let clock = new Date();

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  actors = await createActors(t);
});
afterAll(async () => t?.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Every job due now has run (the worker's own runs included), and their emails have arrived. */
async function settle() {
  await t.deps.jobs.runDue();
  await new Promise((resolve) => setTimeout(resolve, 300));
  await t.deps.jobs.runDue();
}

const settings = async (who: Actor): Promise<NotificationSettings> => (await t.request(who, { method: 'GET', url: '/api/me/notifications' })).json();
const put = (who: Actor, body: unknown) => t.request(who, { method: 'PUT', url: '/api/me/notifications', ...json(body) });

/** An unfolded header of a captured message. */
function header(mail: CapturedMail, name: string): string | undefined {
  const unfolded = mail.raw.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'mi').exec(unfolded)?.[1]?.trim();
}

/** The unsubscribe link's path and query, as a mail provider would POST to it. */
function unsubscribePath(mail: CapturedMail): string {
  const value = header(mail, 'List-Unsubscribe');
  const url = /^<([^>]+)>$/.exec(value ?? '')?.[1];
  if (!url) throw new Error(`no List-Unsubscribe in ${mail.subject}: ${value}`);
  expect(url.startsWith(`${TEST_ORIGIN}/api/notifications/unsubscribe?token=`)).toBe(true);
  return url.slice(TEST_ORIGIN.length);
}

/** The one-click POST of RFC 8058, as Gmail sends it: no cookie, no Origin of ours. */
const oneClick = (path: string) =>
  t.app.inject({ method: 'POST', url: path, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'GoogleOneClickUnsubscribe' } });

async function bookedClass(student: Actor, title: string, startsIn = 3 * DAY) {
  const tutor = await t.actor({ role: 'tutor' });
  const start = clock.getTime() + startsIn;
  const session = await createStudySession(t.deps, tutor.user!, { title, classStartDate: new Date(start).toISOString(), registrationEndDate: new Date(clock.getTime() + DAY).toISOString() });
  const res = await t.request(student, { method: 'POST', url: '/api/book-session', ...json({ sessionId: session.id }) });
  expect(res.statusCode, res.body).toBe(201);
  return { tutor, session };
}

describe('notification settings: permission matrix', () => {
  it('are the caller own, for every signed-in role; the one-click link needs no cookie, only its token', async () => {
    const signedIn = (status: number) => ({ anonymous: 401, student: status, otherStudent: status, tutor: status, otherTutor: status, admin: status });
    const { unsubscribeHeaders } = await import('#server/features/notifications/public.ts');
    const link = () => unsubscribeHeaders(t.deps.config, actors.otherStudent.user!.id, 'classReminders')['List-Unsubscribe']!.slice(TEST_ORIGIN.length + 1, -1);
    await runMatrix(t, actors, [
      { name: 'GET /api/me/notifications', request: () => ({ method: 'GET', url: '/api/me/notifications' }), expect: signedIn(200) },
      { name: 'PUT /api/me/notifications', request: () => ({ method: 'PUT', url: '/api/me/notifications', ...json({ bookingNotices: true }) }), expect: signedIn(200) },
      { name: 'POST unsubscribe (valid token)', request: () => ({ method: 'POST', url: link() }), expect: { anonymous: 200, student: 200, otherStudent: 200, tutor: 200, otherTutor: 200, admin: 200 } },
      { name: 'POST unsubscribe (forged token)', request: () => ({ method: 'POST', url: `${link().slice(0, -4)}AAAA` }), expect: { anonymous: 400, student: 400, otherStudent: 400, tutor: 400, otherTutor: 400, admin: 400 } },
      { name: 'GET unsubscribe (a browser)', request: () => ({ method: 'GET', url: link() }), expect: { anonymous: 303, student: 303, otherStudent: 303, tutor: 303, otherTutor: 303, admin: 303 } },
    ]);
  });
});

describe('notification settings', () => {
  it('are all on by default, and each is turned off and on by its owner only', async () => {
    const me = await t.actor({ role: 'student' });
    const other = await t.actor({ role: 'student' });
    expect(await settings(me)).toEqual({ classReminders: true, bookingNotices: true });
    const off = await put(me, { classReminders: false });
    expect([off.statusCode, off.json()]).toEqual([200, { classReminders: false, bookingNotices: true }]);
    expect(await settings(me)).toEqual({ classReminders: false, bookingNotices: true });
    expect(await settings(other)).toEqual({ classReminders: true, bookingNotices: true });
    // Again: nothing changes twice.
    expect((await put(me, { classReminders: false })).json()).toEqual({ classReminders: false, bookingNotices: true });
    expect((await put(me, { classReminders: true, bookingNotices: false })).json()).toEqual({ classReminders: true, bookingNotices: false });
    expect((await put(me, {})).statusCode).toBe(400);
    expect((await put(me, { classReminders: 'no' })).statusCode).toBe(400);
  });

  it("are in the account's data export, and go with the account when it is deleted", async () => {
    const me = await t.actor({ role: 'student' });
    expect((await put(me, { classReminders: false })).statusCode).toBe(200);
    const data = await t.request(me, { method: 'GET', url: '/api/me/data' });
    expect(data.statusCode, data.body).toBe(200);
    expect(data.json().notifications).toEqual({ classReminders: false, bookingNotices: true });
    const deleted = await t.request(me, { method: 'DELETE', url: '/api/me', ...json({ password: me.user!.password }) });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.deps.db.kysely.selectFrom('notification_opt_out').select('kind').where('userId', '=', me.user!.id).execute()).toEqual([]);
  });

  it('sends a browser that opens the unsubscribe link to the settings page', async () => {
    const { unsubscribeHeaders } = await import('#server/features/notifications/public.ts');
    const link = unsubscribeHeaders(t.deps.config, actors.student.user!.id, null)['List-Unsubscribe']!.slice(TEST_ORIGIN.length + 1, -1);
    const res = await t.app.inject({ method: 'GET', url: link });
    expect([res.statusCode, res.headers.location]).toEqual([303, '/dashboard/settings#notifications']);
  });
});

describe('List-Unsubscribe', () => {
  it('is on notification emails, not on security emails, and carries the one-click header', async () => {
    const student = await t.actor({ role: 'student' });
    const { tutor, session } = await bookedClass(student, 'Headers Everywhere');
    const confirmation = await t.mail.waitFor(student.user!.email, /^Booking confirmed: Headers Everywhere$/);
    const notice = await t.mail.waitFor(tutor.user!.email, /^New booking: Headers Everywhere$/);
    for (const mail of [confirmation, notice]) {
      expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(header(mail, 'Auto-Submitted')).toBe('auto-generated');
      unsubscribePath(mail);
    }
    // The optional one says how to stop it in its text too.
    expect(notice.text).toContain('/dashboard/settings#notifications');
    expect(session.id).toBeTruthy();

    // Security emails: a password reset.
    const reset = await t.request(null, { method: 'POST', url: '/api/auth/request-password-reset', ...json({ email: student.user!.email, redirectTo: '/reset-password' }) });
    expect(reset.statusCode, reset.body).toBe(200);
    await settle();
    const resetMail = await t.mail.waitFor(student.user!.email, /reset/i);
    expect(header(resetMail, 'List-Unsubscribe')).toBeUndefined();
    expect(header(resetMail, 'Auto-Submitted')).toBe('auto-generated');
  });

  it("one click on a tutor's new-booking email turns new-booking emails off, and the next booking sends none", async () => {
    const student = await t.actor({ role: 'student' });
    const { tutor, session } = await bookedClass(student, 'One Click Tutor');
    const notice = await t.mail.waitFor(tutor.user!.email, /^New booking: One Click Tutor$/);
    const res = await oneClick(unsubscribePath(notice));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'You will not get emails about new bookings any more. Turn them on again in Settings.', turnedOff: ['bookingNotices'] });
    expect(await settings(tutor)).toEqual({ classReminders: true, bookingNotices: false });

    const second = await t.actor({ role: 'student' });
    expect((await t.request(second, { method: 'POST', url: '/api/book-session', ...json({ sessionId: session.id }) })).statusCode).toBe(201);
    await t.mail.waitFor(second.user!.email, /^Booking confirmed: One Click Tutor$/);
    await settle();
    expect(t.mail.messages.filter((m) => m.to.includes(tutor.user!.email.toLowerCase()) && m.subject.startsWith('New booking'))).toHaveLength(1);
  });

  it('one click on an email that always comes (a booking confirmation) turns every optional notification off', async () => {
    const student = await t.actor({ role: 'student' });
    await bookedClass(student, 'Always Comes');
    const confirmation = await t.mail.waitFor(student.user!.email, /^Booking confirmed: Always Comes$/);
    const res = await oneClick(unsubscribePath(confirmation));
    expect(res.json().turnedOff).toEqual(['classReminders', 'bookingNotices']);
    expect(await settings(student)).toEqual({ classReminders: false, bookingNotices: false });
    // Clicked twice (a provider retrying): the same answer.
    expect((await oneClick(unsubscribePath(confirmation))).statusCode).toBe(200);
  });

  it('takes the one-click POST as providers send it: urlencoded, multipart, or with no body at all', async () => {
    const { unsubscribeHeaders } = await import('#server/features/notifications/public.ts');
    const link = unsubscribeHeaders(t.deps.config, actors.tutor.user!.id, 'bookingNotices')['List-Unsubscribe']!.slice(TEST_ORIGIN.length + 1, -1);
    const boundary = '----one-click';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const answers = [
      await t.app.inject({ method: 'POST', url: link, payload: multipart, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }),
      await t.app.inject({ method: 'POST', url: link }),
      await t.app.inject({ method: 'POST', url: link, payload: 'List-Unsubscribe=One-Click' }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect((await settings(actors.tutor)).bookingNotices).toBe(false);
    expect((await put(actors.tutor, { bookingNotices: true })).statusCode).toBe(200);
  });

  it('is on the waitlist offer of a paid session too (a seat held for the first in line)', async () => {
    const { promotionEmailJobs } = await import('#server/features/bookings/public.ts');
    const [job] = promotionEmailJobs(t.deps, { id: 's1', title: 'Paid Seat', registrationFeeCents: 1500 }, [
      { studentId: actors.student.user!.id, name: 'Ann', email: 'ann@example.com', bookingId: 'b1', holdExpiresAt: new Date(Date.now() + DAY).toISOString() },
    ]);
    const { mail } = job!.payload as { mail: { subject: string; headers?: Record<string, string> } };
    expect(mail.subject).toBe('A seat opened up: pay to book Paid Seat');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/studynest\.test\/api\/notifications\/unsubscribe\?token=[\w-]+\.[\w-]+>$/);
  });

  it("a link's token cannot be changed to reach another user", async () => {
    const victim = await t.actor({ role: 'student' });
    const { unsubscribeHeaders } = await import('#server/features/notifications/public.ts');
    const mine = unsubscribeHeaders(t.deps.config, actors.student.user!.id, 'classReminders')['List-Unsubscribe']!.slice(TEST_ORIGIN.length + 1, -1);
    const [path, token] = mine.split('?token=') as [string, string];
    const [, signature] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify([victim.user!.id, 'classReminders'])).toString('base64url')}.${signature}`;
    const res = await oneClick(`${path}?token=${forged}`);
    expect([res.statusCode, res.json().message]).toEqual([400, 'This unsubscribe link is not valid: choose your emails in Settings instead.']);
    expect(await settings(victim)).toEqual({ classReminders: true, bookingNotices: true });
  });
});

describe('class reminders and the setting', () => {
  const reminders = (email: string, title: string) => t.mail.messages.filter((m) => m.to.includes(email.toLowerCase()) && m.subject.startsWith(`Reminder: ${title}`));

  it('carry their own one-click link; a student who turned them off gets none, one who turns them back on gets the next', async () => {
    clock = new Date();
    const student = await t.actor({ role: 'student' });
    expect((await put(student, { classReminders: false })).statusCode).toBe(200);
    const { session } = await bookedClass(student, 'Quiet Student');
    const start = Date.parse(session.classStartDate);
    clock = new Date(start - DAY + 1000);
    await settle();
    expect(reminders(student.user!.email, 'Quiet Student')).toEqual([]);

    expect((await put(student, { classReminders: true })).statusCode).toBe(200);
    clock = new Date(start - HOUR + 1000);
    const last = await t.mail.waitFor(student.user!.email, /^Reminder: Quiet Student starts in 1 hour$/);
    expect(reminders(student.user!.email, 'Quiet Student')).toHaveLength(1);
    expect(last.text).toContain('/dashboard/settings#notifications');
    const res = await oneClick(unsubscribePath(last));
    expect(res.json().turnedOff).toEqual(['classReminders']);
    clock = new Date();
  });

  it('a reminder already queued is not sent once the student turned reminders off', async () => {
    clock = new Date();
    const student = await t.actor({ role: 'student' });
    const { session } = await bookedClass(student, 'Changed Mind');
    const start = Date.parse(session.classStartDate);
    // The app's worker is stopped for a moment: the reminder is queued, not yet sent.
    await t.deps.jobs.stop();
    clock = new Date(start - DAY + 1000);
    await t.deps.jobs.runScheduleNow('bookings.class-reminders');
    const queued = await t.deps.db.kysely.selectFrom('job').select('payload').where('kind', '=', 'email').execute();
    expect(queued.some((job) => job.payload.includes('bookings.reminder'))).toBe(true);
    expect((await put(student, { classReminders: false })).statusCode).toBe(200);
    await t.deps.jobs.runDue();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reminders(student.user!.email, 'Changed Mind')).toEqual([]);
    clock = new Date();
  });
});
