// Class reminders (server/features/bookings/class-reminders.ts) with a controllable clock: 24
// hours and 1 hour before class starts; skipped when its moment had passed at booking; none for
// a cancelled booking; moved with the class.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudySession } from '#tests/factories.ts';
import { enc, json } from '#tests/helpers/request-helpers.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
let clock = new Date();
const setClock = (ms: number) => (clock = new Date(ms));

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const reminders = (email: string, title: string) => t.mail.messages.filter((m) => m.to.includes(email.toLowerCase()) && m.subject.startsWith(`Reminder: ${title}`));

/** Every job due now has run (the worker's own runs included), and their emails have arrived. */
async function settle() {
  await t.deps.jobs.runDue();
  await new Promise((resolve) => setTimeout(resolve, 300));
  await t.deps.jobs.runDue();
}

/** A new tutor's class starting `startsIn` from the clock, booked through the API by a new student (`me`). */
async function bookedClass(title: string, startsIn: number) {
  const tutor = await t.createUser({ role: 'tutor' });
  const start = clock.getTime() + startsIn;
  const s = await createStudySession(t.deps, tutor, {
    title,
    classStartDate: new Date(start).toISOString(),
    registrationEndDate: new Date(Math.min(start, clock.getTime() + 7 * DAY)).toISOString(),
    cancellationCutoffHours: 1,
  });
  const me = await t.actor({ role: 'student' });
  const res = await t.request(me, { method: 'POST', url: '/api/book-session', ...json({ sessionId: s.id }) });
  expect(res.statusCode, res.body).toBe(201);
  return { s, me };
}

/** The class now starts at `start` (two hours long), as a tutor's edit would leave it. */
const moveClass = (id: string, start: number) =>
  t.deps.db.kysely
    .updateTable('study_session')
    .set({ classStartDate: new Date(start).toISOString(), classEndDate: new Date(start + 2 * HOUR).toISOString() })
    .where('id', '=', id)
    .execute();

describe('recurring jobs', () => {
  it('are scheduled once each when the app starts: expired auth purge, hold expiry, class reminders, old data-export removal, old sent-email removal, minimum-to-run decisions, unused photo removal', async () => {
    const rows = await t.deps.db.kysely.selectFrom('job').select(['key']).where('key', 'like', 'schedule:%').orderBy('key').execute();
    expect(rows.map((r) => r.key)).toEqual(['schedule:auth.purge-expired', 'schedule:bookings.class-reminders', 'schedule:bookings.expire-holds', 'schedule:email.remove-old-sent', 'schedule:my-data.remove-old-archives', 'schedule:sessions.minimum-to-run', 'schedule:uploads.remove-unreferenced']);
  });
});

describe('class reminders', () => {
  it('emails a booked student 24 hours and 1 hour before class starts, once each, and nothing after it starts', async () => {
    const { s, me } = await bookedClass('Organic Synthesis', 3 * DAY);
    const start = Date.parse(s.classStartDate);

    setClock(start - DAY - 60_000);
    await settle();
    expect(reminders(me.user!.email, s.title)).toEqual([]);

    setClock(start - DAY + 1000);
    const first = await t.mail.waitFor(me.user!.email, /^Reminder: Organic Synthesis starts in 24 hours$/);
    expect(first.text).toContain(`/dashboard/view-booked-session/${s.id}`);
    expect(first.raw).toMatch(/^Auto-Submitted: auto-generated\r$/m);
    await settle();
    expect(reminders(me.user!.email, s.title)).toHaveLength(1);

    setClock(start - HOUR + 1000);
    await t.mail.waitFor(me.user!.email, /^Reminder: Organic Synthesis starts in 1 hour$/);
    setClock(start + HOUR);
    await settle();
    expect(reminders(me.user!.email, s.title).map((m) => m.subject)).toEqual(['Reminder: Organic Synthesis starts in 24 hours', 'Reminder: Organic Synthesis starts in 1 hour']);
  });

  it('skips a reminder whose moment had passed when the student booked', async () => {
    const { s, me } = await bookedClass('Late Booker', 12 * HOUR);
    const start = Date.parse(s.classStartDate);
    await settle();
    setClock(start - 2 * HOUR);
    await settle();
    expect(reminders(me.user!.email, s.title)).toEqual([]);
    setClock(start - HOUR + 1000);
    await t.mail.waitFor(me.user!.email, /^Reminder: Late Booker starts in 1 hour$/);
    await settle();
    expect(reminders(me.user!.email, s.title)).toHaveLength(1);
  });

  it('sends none for a cancelled booking', async () => {
    const { s, me } = await bookedClass('Cancelled Plans', 3 * DAY);
    const cancel = await t.request(me, { method: 'DELETE', url: `/api/booked-sessions/${enc(me.user!.email)}/${s.id}` });
    expect(cancel.statusCode).toBe(204);
    const start = Date.parse(s.classStartDate);
    setClock(start - DAY + 1000);
    await settle();
    setClock(start - HOUR + 1000);
    await settle();
    expect(reminders(me.user!.email, s.title)).toEqual([]);
  });

  it('sends none to a student an admin has blocked (as the calendar feed leaves them out), and none later for that moment', async () => {
    const { s, me } = await bookedClass('Barred Student', 3 * DAY);
    const admin = await t.actor({ role: 'admin' });
    const block = await t.request(admin, { method: 'PATCH', url: `/api/users/${me.user!.id}`, ...json({ blocked: true }) });
    expect(block.statusCode, block.body).toBe(200);
    const start = Date.parse(s.classStartDate);
    setClock(start - DAY + 1000);
    await settle();
    expect(reminders(me.user!.email, s.title)).toEqual([]);
    // Unblocked an hour later: the 24-hour moment is past (not sent late), the 1-hour one comes.
    setClock(start - DAY + HOUR);
    const unblock = await t.request(admin, { method: 'PATCH', url: `/api/users/${me.user!.id}`, ...json({ blocked: false }) });
    expect(unblock.statusCode, unblock.body).toBe(200);
    await settle();
    expect(reminders(me.user!.email, s.title)).toEqual([]);
    setClock(start - HOUR + 1000);
    await t.mail.waitFor(me.user!.email, /^Reminder: Barred Student starts in 1 hour$/);
  });

  it('moves the reminders when the class time changes', async () => {
    const { s, me } = await bookedClass('Moved Class', 3 * DAY);
    const oldStart = Date.parse(s.classStartDate);
    const newStart = oldStart + 2 * DAY;
    await moveClass(s.id, newStart);

    // The old time's moments pass: nothing.
    setClock(oldStart - DAY + 1000);
    await settle();
    setClock(oldStart - HOUR + 1000);
    await settle();
    expect(reminders(me.user!.email, s.title)).toEqual([]);

    // The new time's: both, for the new time.
    setClock(newStart - DAY + 1000);
    const moved = await t.mail.waitFor(me.user!.email, /^Reminder: Moved Class starts in 24 hours$/);
    // dd/MM/yyyy with its weekday (emails write dates through Intl).
    const [year, month, day] = new Date(newStart).toISOString().slice(0, 10).split('-');
    const weekday = new Intl.DateTimeFormat('en', { weekday: 'short', timeZone: 'UTC' }).format(newStart);
    expect(moved.text).toContain(`Class: ${weekday} ${day}/${month}/${year}`);
    setClock(newStart - HOUR + 1000);
    await t.mail.waitFor(me.user!.email, /^Reminder: Moved Class starts in 1 hour$/);
    await settle();
    expect(reminders(me.user!.email, s.title)).toHaveLength(2);
  });

  it('skips a reminder whose moment had passed when the class was moved to its time, as one booked late', async () => {
    const { s, me } = await bookedClass('Brought Forward', 3 * DAY);
    const admin = await t.actor({ role: 'admin' });
    const tutorEmail = (await t.deps.db.kysely.selectFrom('study_session').select('tutorEmail').where('id', '=', s.id).executeTakeFirstOrThrow()).tutorEmail;
    const moveTo = async (start: number) => {
      const res = await t.request(admin, {
        method: 'PUT',
        url: `/api/session/${enc(tutorEmail)}/${s.id}`,
        ...json({ registrationEndDate: new Date(clock.getTime()).toISOString(), classStartDate: new Date(start).toISOString(), classEndDate: new Date(start + 2 * HOUR).toISOString() }),
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // Brought forward to 30 minutes from now: both moments are behind it. The student is told
    // of the change (its own email), not reminded "in 24 hours" or "in 1 hour".
    setClock(clock.getTime() + HOUR);
    await moveTo(clock.getTime() + 30 * 60_000);
    await settle();
    expect(reminders(me.user!.email, s.title)).toEqual([]);
    // Moved again, to 2 hours from now: the 24-hour moment is behind, the 1-hour one comes.
    setClock(clock.getTime() + 60_000);
    const start = clock.getTime() + 2 * HOUR;
    await moveTo(start);
    await settle();
    expect(reminders(me.user!.email, s.title)).toEqual([]);
    setClock(start - HOUR + 1000);
    await t.mail.waitFor(me.user!.email, /^Reminder: Brought Forward starts in 1 hour$/);
    await settle();
    expect(reminders(me.user!.email, s.title)).toHaveLength(1);
  });

  it('a class moved after its 24-hour reminder was sent gets a new one for the new time', async () => {
    const { s, me } = await bookedClass('Moved Again', 3 * DAY);
    const oldStart = Date.parse(s.classStartDate);
    setClock(oldStart - DAY + 1000);
    await t.mail.waitFor(me.user!.email, /^Reminder: Moved Again starts in 24 hours$/);
    const newStart = oldStart + 3 * DAY;
    await moveClass(s.id, newStart);
    setClock(oldStart);
    await settle();
    expect(reminders(me.user!.email, s.title)).toHaveLength(1);
    setClock(newStart - DAY + 1000);
    await settle();
    await t.mail.waitFor(me.user!.email, /^Reminder: Moved Again starts in 24 hours$/);
    expect(reminders(me.user!.email, s.title)).toHaveLength(2);
  });
});

// Last: it moves the clock days ahead, which the recurring jobs then follow.
describe('class reminders of a cancelled class', () => {
  it('sends none for a class that was called off', async () => {
    const { s, me } = await bookedClass('Called Off Class', 3 * DAY);
    const admin = await t.actor({ role: 'admin' });
    const cancelled = await t.request(admin, { method: 'POST', url: `/api/sessions/${s.id}/cancel`, ...json({ reason: 'Ill.' }) });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const start = Date.parse(s.classStartDate);
    for (const moment of [start - DAY + 60_000, start - HOUR + 60_000]) {
      setClock(moment);
      await settle();
    }
    expect(reminders(me.user!.email, s.title)).toEqual([]);
  });
});
