// A weekly series of classes (docs/decisions/064-series.md): a tutor creates one, an admin
// approves it in one action, a student books it from a class on (waiting where a class is full,
// promoted on their own), the tutor moves, calls off or adds one class without touching the
// others, or calls off the rest. Runs on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookedSession, BookedSessionPage, BookSeriesResult } from '#contract/bookings.ts';
import { wallTimeOf } from '#contract/session-form.ts';
import type { Series, Session } from '#contract/sessions.ts';
import { partsOf } from '#tests/helpers/mail-parts.ts';
import { createAppWithActors, createStripeAppWithActors, type Actors } from '#tests/helpers/permission-matrix.ts';
import { DAY, enc, iso, json } from '#tests/helpers/request-helpers.ts';
import { seriesFirstClass } from '#tests/helpers/sessions-through-api.ts';
import type { Actor, TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
let actors: Actors;

beforeAll(async () => ({ t, actors } = await createAppWithActors()));
afterAll(async () => t?.close());

const ZONE = 'Europe/Madrid';
const students = (n: number) => Promise.all(Array.from({ length: n }, () => t.actor({ role: 'student' })));
const post = (who: Actor, url: string, body: unknown) => t.request(who, { method: 'POST', url, ...json(body) });
const book = (who: Actor, sessionId: string) => post(who, '/api/book-session', { sessionId });
const mailsTo = (who: Actor, subject: RegExp) => t.mail.messages.filter((m) => m.to.includes(who.user!.email.toLowerCase()) && subject.test(m.subject));
/** Lets the jobs that might still send mail run, so that a count of emails is a count of all of them. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));
/** Emails queued before the one waited for are sent first: a wait long enough for a busy machine. */
const MAIL_WAIT_MS = 20_000;
const day = (ms: number) => iso(ms).slice(0, 10);

const firstClass = (title: string) => seriesFirstClass(title);

async function createSeries(body: Record<string, unknown>, tutor = actors.tutor): Promise<Series> {
  const res = await post(tutor, `/api/create-series/${enc(tutor.user!.email)}`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Series>();
}

describe('a 12-class weekly series', () => {
  it('is created, approved in one admin action, booked from class 3 on (waiting where full), promoted, moved and called off class by class', async () => {
    // Short: a longer subject is folded onto two header lines, which the mail capture reads as one.
    const title = `Algebra ${Date.now().toString(36)}`;
    const first = firstClass(title);
    // The fourth week is skipped: still twelve classes, the last one a week later.
    const skipped = day(Date.parse(first.classStartDate) + 21 * DAY);
    const created = await createSeries({ ...first, classCount: 12, skipDates: [skipped] });
    expect(created.classes).toHaveLength(12);
    expect(created.classes.every((c) => c.status === 'pending' && c.seriesId === created.id && c.durationMinutes === 90)).toBe(true);
    // The same time of day in the tutor's zone, week after week, none on the skipped day.
    expect(new Set(created.classes.map((c) => wallTimeOf(c.classStartDate, ZONE).time))).toEqual(new Set(['18:00']));
    expect(created.classes.map((c) => day(Date.parse(c.classStartDate)))).not.toContain(skipped);
    expect(Date.parse(created.classes[11]!.classStartDate) - Date.parse(created.classes[0]!.classStartDate)).toBeGreaterThanOrEqual(12 * 7 * DAY - 3600_000);
    // Each class's registration closes an hour before it.
    expect(created.classes.every((c) => Date.parse(c.classStartDate) - Date.parse(c.registrationEndDate) === 3600_000)).toBe(true);

    // Nobody but an admin approves it; the admin does in one action, at a fee per class.
    expect((await post(actors.tutor, `/api/series/${created.id}/approve`, { registrationFee: 0 })).statusCode).toBe(403);
    expect((await post(actors.student, `/api/series/${created.id}/approve`, { registrationFee: 0 })).statusCode).toBe(403);
    const approved = await post(actors.admin, `/api/series/${created.id}/approve`, { registrationFee: 0, maxParticipants: 2 });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<{ approved: number; series: Series }>().approved).toBe(12);
    const classes = approved.json<{ series: Series }>().series.classes;
    expect(classes.every((c) => c.status === 'approved' && c.maxParticipants === 2)).toBe(true);
    expect((await post(actors.admin, `/api/series/${created.id}/approve`, { registrationFee: 0 })).statusCode).toBe(409);
    // One email to the tutor and one audit entry for the whole series.
    const approvalMail = await t.mail.waitFor(actors.tutor.user!.email, new RegExp(`^Session approved: ${title}$`));
    expect(approvalMail.text).toContain('All 12 classes of this weekly series were approved at once.');
    const audit = await t.deps.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'session.series_approved').where('targetId', '=', created.id).execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(String(audit[0]!.details))).toMatchObject({ title, classes: 12, registrationFeeCents: 0, maxParticipants: 2 });
    // Anyone may read the series once approved.
    const publicSeries = await t.request(null, { method: 'GET', url: `/api/series/${created.id}` });
    expect(publicSeries.statusCode, publicSeries.body).toBe(200);
    expect(publicSeries.json<Series>().classes.map((c) => c.id)).toEqual(classes.map((c) => c.id));

    // Classes 5 and 9 are full.
    const [me, ...others] = await students(5);
    const [a, b, c, d] = others as [Actor, Actor, Actor, Actor];
    for (const [who, index] of [[a, 4], [b, 4], [c, 8], [d, 8]] as const) expect((await book(who, classes[index]!.id)).statusCode).toBe(201);

    // Class 3 on in one action: booked in 8, waiting in 5 and 9.
    const booked = await post(me!, `/api/series/${created.id}/book`, { fromSessionId: classes[2]!.id });
    expect(booked.statusCode, booked.body).toBe(200);
    const result = booked.json<BookSeriesResult>();
    expect(result.items.map((i) => i.sessionId)).toEqual(classes.slice(2).map((c) => c.id));
    expect(result.items.map((i) => i.outcome)).toEqual(['booked', 'booked', 'waitlisted', 'booked', 'booked', 'booked', 'waitlisted', 'booked', 'booked', 'booked']);
    expect(result.items.filter((i) => i.outcome === 'waitlisted').map((i) => i.placeInLine)).toEqual([1, 1]);
    expect(result).toMatchObject({ booked: 8, waitlisted: 2 });
    // Again: every class is already theirs, nothing changes.
    const again = (await post(me!, `/api/series/${created.id}/book`, { fromSessionId: classes[2]!.id })).json<BookSeriesResult>();
    expect(again).toMatchObject({ booked: 0, waitlisted: 0 });
    expect(again.items.every((i) => i.outcome === 'already')).toBe(true);

    // Booked Sessions lists each class, with its series.
    const mine = (await t.request(me!, { method: 'GET', url: `/api/booked-sessions/${enc(me!.user!.email)}?when=upcoming` })).json<BookedSessionPage>();
    expect(mine.items).toHaveLength(10);
    expect(mine.items.every((e) => e.session.seriesId === created.id)).toBe(true);
    expect(mine.items.filter((e) => e.status === 'waitlisted').map((e) => e.sessionId)).toEqual([classes[4]!.id, classes[8]!.id]);

    // Class 9 frees a seat: its first in line is booked, class 5 still waits.
    expect((await t.request(d, { method: 'DELETE', url: `/api/booked-sessions/${enc(d.user!.email)}/${classes[8]!.id}` })).statusCode).toBe(204);
    const nine = (await t.request(me!, { method: 'GET', url: `/api/view-booked-session/${classes[8]!.id}` })).json<BookedSession>();
    expect(nine.status).toBe('booked');
    await t.mail.waitFor(me!.user!.email, new RegExp(`^A seat opened up: you are booked for ${title}$`), MAIL_WAIT_MS);
    expect((await t.request(me!, { method: 'GET', url: `/api/view-booked-session/${classes[4]!.id}` })).json<BookedSession>().status).toBe('waitlisted');

    // The tutor moves class 6 a day later and calls off class 10: the others stay as they were.
    const six = classes[5]!;
    const moved = await post(actors.tutor, `/api/sessions/${six.id}/reschedule`, {
      classStartDate: iso(Date.parse(six.classStartDate) + DAY),
      classEndDate: iso(Date.parse(six.classEndDate) + DAY),
      message: 'The room is taken that evening.',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const ten = await post(actors.tutor, `/api/sessions/${classes[9]!.id}/cancel`, { reason: 'I am away that week.' });
    expect(ten.statusCode, ten.body).toBe(200);
    await t.mail.waitFor(me!.user!.email, new RegExp(`^Changed: ${title}$`), MAIL_WAIT_MS);
    await t.mail.waitFor(me!.user!.email, new RegExp(`^Cancelled: ${title}$`), MAIL_WAIT_MS);
    await settle();
    // One email each.
    expect(mailsTo(me!, new RegExp(`^Changed: ${title}$`))).toHaveLength(1);
    expect(mailsTo(me!, new RegExp(`^Cancelled: ${title}$`))).toHaveLength(1);
    expect(mailsTo(actors.tutor, new RegExp(`^Session approved: ${title}$`))).toHaveLength(1);
    const after = (await t.request(null, { method: 'GET', url: `/api/series/${created.id}` })).json<Series>().classes;
    expect(after.filter((c) => c.status === 'cancelled').map((c) => c.id)).toEqual([classes[9]!.id]);
    expect(after.find((c) => c.id === six.id)!.classStartDate).toBe(iso(Date.parse(six.classStartDate) + DAY));
    expect(after.filter((c) => c.id !== six.id).map((c) => c.classStartDate)).toEqual(classes.filter((c) => c.id !== six.id).map((c) => c.classStartDate));
  }, 90_000);
});

describe('a series: its rules and who may do what', () => {
  it('refuses a series without a length, of one class or of more than 52, and a series of another tutor', async () => {
    const first = firstClass('Too short');
    const tutor = actors.tutor;
    const url = `/api/create-series/${enc(tutor.user!.email)}`;
    expect((await post(tutor, url, first)).json().fields).toEqual({ classCount: 'Give either the number of classes or the last day, one of the two' });
    const one = await post(tutor, url, { ...first, untilDate: day(Date.parse(first.classStartDate) + DAY) });
    expect(one.statusCode).toBe(400);
    expect(one.json().fields).toEqual({ untilDate: 'A series needs at least two classes: give more classes, a later last day or fewer days to skip.' });
    expect((await post(tutor, url, { ...first, classCount: 53 })).statusCode).toBe(400);
    expect((await post(actors.student, `/api/create-series/${enc(actors.student.user!.email)}`, { ...first, classCount: 3 })).statusCode).toBe(403);
    expect((await post(actors.otherTutor, url, { ...first, classCount: 3 })).statusCode).toBe(403);
    // Until a day: every week up to it.
    const until = await createSeries({ ...first, title: 'Until a day', untilDate: day(Date.parse(first.classStartDate) + 14 * DAY) });
    expect(until.classes).toHaveLength(3);
    // A pending series is its tutor's and admins' to see.
    expect((await t.request(actors.student, { method: 'GET', url: `/api/series/${until.id}` })).statusCode).toBe(404);
    expect((await t.request(actors.admin, { method: 'GET', url: `/api/series/${until.id}` })).json<Series>().classes).toHaveLength(3);
  });

  it('lets its tutor add a class (pending, approved on its own) and call off the rest; not another tutor or a student', async () => {
    const first = firstClass('Weekly reading');
    const series = await createSeries({ ...first, classCount: 3 });
    expect((await post(actors.admin, `/api/series/${series.id}/approve`, { registrationFee: 0 })).statusCode).toBe(200);
    // One more class, a week after the last.
    const last = series.classes[2]!;
    const extra = { ...first, registrationEndDate: iso(Date.parse(last.classStartDate) + 7 * DAY - 3600_000), classStartDate: iso(Date.parse(last.classStartDate) + 7 * DAY), classEndDate: iso(Date.parse(last.classEndDate) + 7 * DAY) };
    const added = await post(actors.tutor, `/api/create-session/${enc(actors.tutor.user!.email)}`, { ...extra, seriesId: series.id });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<Session>()).toMatchObject({ status: 'pending', seriesId: series.id });
    const other = await post(actors.otherTutor, `/api/create-session/${enc(actors.otherTutor.user!.email)}`, { ...extra, seriesId: series.id });
    expect(other.statusCode).toBe(404);
    // The public see the approved three; the tutor all four.
    expect((await t.request(null, { method: 'GET', url: `/api/series/${series.id}` })).json<Series>().classes).toHaveLength(3);
    expect((await t.request(actors.tutor, { method: 'GET', url: `/api/series/${series.id}` })).json<Series>().classes).toHaveLength(4);

    const [me] = await students(1);
    expect((await post(me!, `/api/series/${series.id}/book`, { fromSessionId: series.classes[1]!.id })).json<BookSeriesResult>()).toMatchObject({ booked: 2, waitlisted: 0 });
    expect((await post(actors.tutor, `/api/series/${series.id}/book`, { fromSessionId: series.classes[0]!.id })).statusCode).toBe(403);

    const reason = { reason: 'The course is over early.' };
    expect((await post(actors.otherTutor, `/api/series/${series.id}/cancel`, reason)).statusCode).toBe(403);
    expect((await post(me!, `/api/series/${series.id}/cancel`, reason)).statusCode).toBe(403);
    // A class to start from that is not one of the series' is none.
    expect((await post(actors.tutor, `/api/series/${series.id}/cancel`, { ...reason, fromSessionId: 'not-a-class' })).statusCode).toBe(404);
    const rest = await post(actors.tutor, `/api/series/${series.id}/cancel`, reason);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json<{ cancelled: number }>().cancelled).toBe(3);
    // The pending class is not called off: it was never published.
    expect(rest.json<{ series: Series }>().series.classes.map((c) => c.status)).toEqual(['cancelled', 'cancelled', 'cancelled', 'pending']);
    await t.mail.waitFor(me!.user!.email, /^Cancelled: Weekly reading$/, MAIL_WAIT_MS);
    expect((await post(actors.tutor, `/api/series/${series.id}/cancel`, reason)).statusCode).toBe(409);
  });
});

describe('booking a series sends one email', () => {
  it('to the student, in their language and zone, naming each class and what happened to it, with one calendar entry per class booked; and one notice to the tutor', async () => {
    const title = `Lectura ${Date.now().toString(36)}`;
    const tutor = await t.actor({ role: 'tutor' });
    const series = await createSeries({ ...firstClass(title), classCount: 5 }, tutor);
    expect((await post(actors.admin, `/api/series/${series.id}/approve`, { registrationFee: 0, maxParticipants: 1 })).statusCode).toBe(200);
    const classes = series.classes;
    // A Spanish reader in Mexico City: the classes' times are theirs, not the tutor's Madrid ones.
    const [ana, other] = await students(2);
    await t.deps.db.kysely.updateTable('user').set({ language: 'es', timeZone: 'America/Mexico_City' }).where('id', '=', ana!.user!.id).execute();
    // Class 2 is full, class 3 called off, class 4 booked alone before (its own confirmation).
    expect((await book(other!, classes[1]!.id)).statusCode).toBe(201);
    expect((await post(tutor, `/api/sessions/${classes[2]!.id}/cancel`, { reason: 'Festivo.' })).statusCode).toBe(200);
    expect((await book(ana!, classes[3]!.id)).statusCode).toBe(201);
    await t.mail.waitFor(ana!.user!.email, new RegExp(`^Reserva confirmada: ${title}$`), MAIL_WAIT_MS);

    const result = (await post(ana!, `/api/series/${series.id}/book`, { fromSessionId: classes[0]!.id })).json<BookSeriesResult>();
    expect(result.items.map((i) => i.outcome)).toEqual(['booked', 'waitlisted', 'closed', 'already', 'booked']);

    const mail = await t.mail.waitFor(ana!.user!.email, new RegExp(`^Serie semanal reservada: ${title}$`), MAIL_WAIT_MS);
    await t.mail.waitFor(tutor.user!.email, new RegExp(`^New bookings in your weekly series: ${title}$`), MAIL_WAIT_MS);
    await settle();
    // One email for the series, none per class (the one confirmation is class 4's, booked alone before).
    expect(mailsTo(ana!, new RegExp(`^Serie semanal reservada: ${title}$`))).toHaveLength(1);
    expect(mailsTo(ana!, new RegExp(`^Reserva confirmada: ${title}$`))).toHaveLength(1);
    expect(mailsTo(tutor, new RegExp(`^New bookings in your weekly series: ${title}$`))).toHaveLength(1);
    // The tutor's notices of one class each are those of the two classes booked alone (class 2 by another student, class 4).
    expect(mailsTo(tutor, new RegExp(`^New booking: ${title}$`))).toHaveLength(2);

    const text = partsOf(mail, 'text/plain')[0]!.body;
    const lineOf = (index: number) => {
      const { date, time } = wallTimeOf(classes[index]!.classStartDate, 'America/Mexico_City');
      const line = text.split(/\r?\n/).find((l) => l.includes(date) && l.includes(time));
      expect(line, `class ${index + 1} in ${text}`).toBeDefined();
      return line!;
    };
    expect(text).toContain('America/Mexico_City');
    expect(lineOf(0)).toMatch(/reservada/);
    expect(lineOf(1)).toMatch(/en la lista de espera, puesto 1/);
    expect(lineOf(2)).toMatch(/cerrada/);
    expect(lineOf(3)).toMatch(/ya era tuya/);
    expect(lineOf(4)).toMatch(/reservada/);
    // One calendar file, an event for each class booked now, each under the UID its own confirmation would use.
    const calendars = partsOf(mail, 'text/calendar');
    expect(calendars).toHaveLength(1);
    // Long lines are folded (RFC 5545 §3.1): unfolded before reading.
    const ics = calendars[0]!.body.replace(/\r\n[ \t]/g, '');
    const uids = [...ics.matchAll(/^UID:(.+)$/gm)].map((m) => m[1]!.trim());
    const host = new URL(t.deps.config.baseUrl).hostname;
    expect(uids).toEqual([classes[0]!.id, classes[4]!.id].map((id) => `${id}.${ana!.user!.id}@${host}`));
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  }, 90_000);
});

describe('booking a paid series sends one email', () => {
  let paid: TestApp;
  let paidActors: Actors;
  beforeAll(async () => ({ t: paid, actors: paidActors } = await createStripeAppWithActors()));
  afterAll(async () => paid?.close());

  it('naming each class held for payment with its fee and the one page to pay on for all of them, no calendar file and no tutor notice until they are paid', async () => {
    const title = `Pagada ${Date.now().toString(36)}`;
    const created = await paid.request(paidActors.tutor, { method: 'POST', url: `/api/create-series/${enc(paidActors.tutor.user!.email)}`, ...json({ ...firstClass(title), classCount: 2 }) });
    expect(created.statusCode, created.body).toBe(201);
    const series = created.json<Series>();
    expect((await paid.request(paidActors.admin, { method: 'POST', url: `/api/series/${series.id}/approve`, ...json({ registrationFee: 10 }) })).statusCode).toBe(200);
    const student = await paid.actor({ role: 'student' });
    const result = (await paid.request(student, { method: 'POST', url: `/api/series/${series.id}/book`, ...json({ fromSessionId: series.classes[0]!.id }) })).json<BookSeriesResult>();
    expect(result.items.map((i) => i.outcome)).toEqual(['awaiting_payment', 'awaiting_payment']);
    const mail = await paid.mail.waitFor(student.user!.email, new RegExp(`^Weekly series booked: ${title}$`), MAIL_WAIT_MS);
    const text = partsOf(mail, 'text/plain')[0]!.body;
    expect(text.match(/: a seat is held for you \(\$10\.00\); booked once the payment below is made/g)).toHaveLength(2);
    expect(text).toContain(`Pay $20.00 once for the 2 classes held: ${result.checkoutUrl}`);
    expect(partsOf(mail, 'text/calendar')).toHaveLength(0);
    await settle();
    expect(paid.mail.messages.filter((m) => m.to.includes(paidActors.tutor.user!.email.toLowerCase()) && m.subject.includes(title) && /bookings?/i.test(m.subject))).toHaveLength(0);
  }, 90_000);
});

