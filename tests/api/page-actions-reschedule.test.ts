// Reschedule Session through its route's action (web/src/features/sessions/pages/
// reschedule-session-page.tsx, docs/decisions/053-reschedule-and-class-order.md): the form posted
// to the page's own address, urlencoded, as the browser sends it before the app is live or without
// it, runs the action the app runs. Its dates are typed as dd/MM/yyyy and 24-hour HH:mm in the
// zone the form names, as Create and Edit Session read theirs. Done: 303 to the tutor's page of
// the session, which says so and shows the new time, and the booked student is emailed. Refused:
// the page again with the API's status, its message at the field it names, every field as typed.
// Only the session's tutor and admins reach it. Reads the production build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallTimeOf } from '#contract/session-form.ts';
import { createBooking, createStudySession, type CreatedUser } from '#tests/factories.ts';
import { builtWeb } from '#tests/helpers/built-web.ts';
import { doneOf, form } from '#tests/helpers/form-posts.ts';
import { calendarAttachment, parseCalendar } from '#tests/helpers/ical.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
let tutorUser: CreatedUser;
let tutor: Actor;

beforeAll(async () => {
  t = await createTestApp({}, { webDir: builtWeb() });
  tutorUser = await t.createUser({ role: 'tutor' });
  tutor = await t.signIn(tutorUser);
});
afterAll(async () => {
  await t?.close();
});

const enc = encodeURIComponent;
const reschedulePage = (id: string) => `/dashboard/session/reschedule/${id}`;
const tutorPage = (id: string) => `/dashboard/session/${enc(tutorUser.email)}/${id}`;

/** The form as drawn for `session` in `zone` (its registration end as it is), moved to 14/03/2030 18:30–20:00 there, with a message. */
function fields(session: { registrationEndDate: string }, zone: string, over: Record<string, string> = {}) {
  const registrationEnd = wallTimeOf(session.registrationEndDate, zone);
  return {
    timeZone: zone,
    classStartDate: '14/03/2030',
    classStartTime: '18:30',
    classEndDate: '14/03/2030',
    classEndTime: '20:00',
    registrationEndDate: registrationEnd.date,
    registrationEndTime: registrationEnd.time,
    locationKind: 'in_person',
    placeName: 'Room 12',
    placeAddress: '1 Main St',
    message: 'The room is taken that week, sorry.',
    ...over,
  };
}

const stored = (id: string) =>
  t.deps.db.kysely.selectFrom('study_session').select(['classStartDate', 'classEndDate', 'registrationEndDate', 'placeName', 'tutorTimeZone', 'status']).where('id', '=', id).executeTakeFirstOrThrow();

describe('Reschedule Session', () => {
  it('moves an approved class from the dates typed in the zone the form names; the session’s page says so and shows the new time; the booked student is emailed', async () => {
    const session = await createStudySession(t.deps, tutorUser, { title: `Harmony ${Date.now()}` });
    const student = await t.createUser({ role: 'student' });
    await createBooking(t.deps, session, student);
    const res = await t.request(tutor, { method: 'POST', url: reschedulePage(session.id), ...form({ ...fields(session, 'Europe/Madrid', { classStartTime: '19:00', classEndTime: '20:30' }), _nojs: '1' }) });
    expect([res.statusCode, res.headers.location]).toEqual([303, tutorPage(session.id)]);
    expect(doneOf(res)).toBe('sessions.rescheduled');
    // Madrid is UTC+1 in March. Registration, left as drawn, ends as it did (to the millisecond).
    expect(await stored(session.id)).toEqual({
      classStartDate: '2030-03-14T18:00:00.000Z',
      classEndDate: '2030-03-14T19:30:00.000Z',
      registrationEndDate: session.registrationEndDate,
      placeName: 'Room 12',
      tutorTimeZone: 'Europe/Madrid',
      status: 'approved',
    });

    const page = await t.request({ ...tutor, cookie: `${tutor.cookie}; done=sessions.rescheduled` }, { method: 'GET', url: tutorPage(session.id) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Session rescheduled; its students have been emailed the new time and your message');
    expect(page.body).toContain('Thu 14/03/2030, 18:00–19:30 (UTC)');
    const inSpanish = await t.request({ ...tutor, cookie: `${tutor.cookie}; done=sessions.rescheduled` }, { method: 'GET', url: tutorPage(session.id), headers: { 'accept-language': 'es' } });
    expect(inSpanish.body).toContain('Sesión reprogramada; sus estudiantes han recibido por correo el nuevo horario y tu mensaje');

    const mail = await t.mail.waitFor(student.email, new RegExp(`^Changed: ${session.title}$`));
    expect(mail.text).toContain('The room is taken that week, sorry.');
    expect(mail.text).toContain('14/03/2030');
    expect(parseCalendar(calendarAttachment(mail.raw)).events[0]).toMatchObject({ start: '2030-03-14T18:00:00.000Z', end: '2030-03-14T19:30:00.000Z' });
  });

  it('refused (the class ends before it starts), the page again with its 400, the message under Class End, everything typed kept, nothing changed', async () => {
    const session = await createStudySession(t.deps, tutorUser);
    // Sent without JavaScript, and by the app before it is live.
    for (const scripts of [{ _nojs: '1' }, {}] as Array<Record<string, string>>) {
      const typed = fields(session, 'UTC', { classEndDate: '13/03/2030', classEndTime: '17:45', message: 'Moved to Thursday, the room is free then.', ...scripts });
      const res = await t.request(tutor, { method: 'POST', url: reschedulePage(session.id), ...form(typed) });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(doneOf(res)).toBeUndefined();
      expect(res.body).toMatch(/<p id="[^"]+-hint" role="alert"[^>]*>Class End Date must be after the Class Start Date\.</);
      for (const value of ['14/03/2030', '18:30', '13/03/2030', '17:45', 'Room 12', '1 Main St', 'Moved to Thursday, the room is free then.']) expect(res.body, value).toContain(value);
    }
    expect(await stored(session.id)).toMatchObject({ classStartDate: session.classStartDate, classEndDate: session.classEndDate, placeName: null });
  });

  it('says why in the tutor’s language, and under the message field when there is none', async () => {
    const session = await createStudySession(t.deps, tutorUser);
    const backwards = await t.request(tutor, { method: 'POST', url: reschedulePage(session.id), ...form(fields(session, 'UTC', { classEndDate: '13/03/2030', _nojs: '1' })), headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'es' } });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toMatch(/role="alert"[^>]*>La fecha de fin de la clase debe ser posterior a la fecha de inicio de la clase\.</);
    const silent = await t.request(tutor, { method: 'POST', url: reschedulePage(session.id), ...form(fields(session, 'UTC', { message: '  ', _nojs: '1' })) });
    expect(silent.statusCode).toBe(400);
    expect(silent.body).toMatch(/<p id="[^"]+-hint" role="alert"[^>]*>A message for the students is required/);
    expect((await stored(session.id)).classStartDate).toBe(session.classStartDate);
  });

  it('is offered for an approved class not started: its page links to it; a pending, rejected or started one says why and has no form', async () => {
    const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
    const approved = await createStudySession(t.deps, tutorUser);
    const pending = await createStudySession(t.deps, tutorUser, { status: 'pending' });
    const rejected = await createStudySession(t.deps, tutorUser, { status: 'rejected' });
    const started = await createStudySession(t.deps, tutorUser, { registrationStartDate: hours(-72), registrationEndDate: hours(-48), classStartDate: hours(-1), classEndDate: hours(1) });
    const link = (id: string) => `href="/dashboard/session/reschedule/${id}"`;
    expect((await t.request(tutor, { method: 'GET', url: tutorPage(approved.id) })).body).toContain(link(approved.id));
    const offered = await t.request(tutor, { method: 'GET', url: reschedulePage(approved.id) });
    expect(offered.statusCode).toBe(200);
    expect(offered.body).toContain('Message to students');
    for (const [session, why] of [
      [pending, 'Only an approved session can be rescheduled.'],
      [rejected, 'Only an approved session can be rescheduled.'],
      [started, 'This class has already started, so it cannot be rescheduled.'],
    ] as const) {
      expect((await t.request(tutor, { method: 'GET', url: tutorPage(session.id) })).body, session.status).not.toContain(link(session.id));
      const page = await t.request(tutor, { method: 'GET', url: reschedulePage(session.id) });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(why);
      expect(page.body).not.toContain('Message to students');
    }
    // Posted anyway: the API's refusal, with its status, and the page saying why.
    const res = await t.request(tutor, { method: 'POST', url: reschedulePage(pending.id), ...form(fields(pending, 'UTC', { _nojs: '1' })) });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('Only an approved session can be rescheduled.');
    expect((await stored(pending.id)).classStartDate).toBe(pending.classStartDate);
  });

  it('moves nothing for anyone but its tutor or an admin: another tutor gets the 404 page, a student and a visitor are sent away by the guard', async () => {
    const session = await createStudySession(t.deps, tutorUser);
    const otherTutor = await t.actor({ role: 'tutor' });
    const student = await t.actor({ role: 'student' });
    const admin = await t.actor({ role: 'admin' });
    const post = (who: Actor | null) => t.request(who, { method: 'POST', url: reschedulePage(session.id), ...form(fields(session, 'UTC', { _nojs: '1' })) });
    expect((await t.request(otherTutor, { method: 'GET', url: reschedulePage(session.id) })).statusCode).toBe(404);
    expect((await post(otherTutor)).statusCode).toBe(404);
    const asStudent = await post(student);
    expect([asStudent.statusCode, asStudent.headers.location]).toEqual([302, '/dashboard']);
    const signedOut = await post(null);
    expect(signedOut.statusCode).toBe(302);
    expect(String(signedOut.headers.location)).toMatch(/^\/login/);
    expect(await stored(session.id)).toMatchObject({ classStartDate: session.classStartDate, placeName: null });
    // An admin moves it, and is sent to the tutor's page of it.
    const byAdmin = await post(admin);
    expect([byAdmin.statusCode, byAdmin.headers.location]).toEqual([303, tutorPage(session.id)]);
    expect((await stored(session.id)).classStartDate).toBe('2030-03-14T18:30:00.000Z');
  });
});
