// Group bookings through the pages' route actions, as a browser posts the forms before the app is
// live or without it (docs/decisions/041-pages-loaders-actions.md, 061-group-bookings.md): the
// tutor's "Seats per booking" on Create and Edit Session, and the booking panel's group form.
// Reads the production build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudySession } from '#tests/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { builtWeb } from '#tests/helpers/built-web.ts';
import { form, doneOf } from '#tests/helpers/form-posts.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { webDir: builtWeb() });
});
afterAll(async () => {
  await t?.close();
});

const sessionFields = (over: Record<string, string> = {}) => ({
  _nojs: '1',
  title: 'Family algebra',
  description: 'For parents and children.',
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
  meetingUrl: 'https://meet.example/family',
  timeZone: 'UTC',
  ...over,
});
const seatsPerBooking = async (title: string) =>
  (await t.deps.db.kysely.selectFrom('study_session').select(['id', 'maxSeatsPerBooking']).where('title', '=', title).executeTakeFirstOrThrow());

describe('Seats per booking on Create and Edit Session', () => {
  it('is stored as typed, changed on Edit even once approved, and refused out of range with the field named', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const created = await t.request(tutor, { method: 'POST', url: '/dashboard/create-session', ...form(sessionFields({ maxSeatsPerBooking: '3' })) });
    expect([created.statusCode, created.headers.location]).toEqual([303, '/dashboard/manage-sessions']);
    const row = await seatsPerBooking('Family algebra');
    expect(row.maxSeatsPerBooking).toBe(3);

    // Approved: the schedule is fixed, the seats per booking are not.
    await t.deps.db.kysely.updateTable('study_session').set({ status: 'approved' }).where('id', '=', row.id).execute();
    const edited = await t.request(tutor, {
      method: 'POST',
      url: `/dashboard/session/edit/${row.id}`,
      ...form({ _nojs: '1', title: 'Family algebra', description: 'For parents and children.', locationKind: 'online', meetingUrl: 'https://meet.example/family', maxSeatsPerBooking: '2' }),
    });
    expect(edited.statusCode, edited.body.slice(0, 300)).toBe(303);
    expect((await seatsPerBooking('Family algebra')).maxSeatsPerBooking).toBe(2);

    const refused = await t.request(tutor, { method: 'POST', url: '/dashboard/create-session', ...form(sessionFields({ title: 'Too many', maxSeatsPerBooking: '12' })) });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Seats per booking must be between 1 and 10');
    expect(refused.body).toMatch(/name="maxSeatsPerBooking"[^>]*value="12"|value="12"[^>]*name="maxSeatsPerBooking"/);
  });
});

describe("the booking panel's group form", () => {
  it('books the named seats without JavaScript; a group that does not fit waits; a nameless seat is refused with what was typed', async () => {
    const tutorUser = await t.createUser({ role: 'tutor' });
    const s = await createStudySession(t.deps, tutorUser, { maxParticipants: 4, maxSeatsPerBooking: 3 });
    const parent = await t.actor({ role: 'student' });

    const shown = await t.request(parent, { method: 'GET', url: `/session/${s.id}` });
    expect(shown.body).toContain('Book for several people (up to 3)');

    const nameless = await t.request(parent, { method: 'POST', url: `/session/${s.id}`, ...form({ _nojs: '1', intent: 'group', attendee1Name: 'Ana', attendee2Email: 'luis@example.com', ifShort: 'wait' }) });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.body).toContain('Each attendee&#x27;s name is required');
    expect(nameless.body).toContain('value="luis@example.com"');

    const booked = await t.request(parent, { method: 'POST', url: `/session/${s.id}`, ...form({ _nojs: '1', intent: 'group', attendee1Name: 'Ana', attendee2Name: 'Luis', attendee2Email: 'luis@example.com', ifShort: 'wait' }) });
    expect([booked.statusCode, booked.headers.location]).toEqual([303, `/session/${s.id}`]);
    expect(doneOf(booked)).toBe('booking.booked');

    // 2 seats left; a group of 3 that chose to wait is on the line for all of them.
    const other = await t.actor({ role: 'student' });
    const waiting = await t.request(other, { method: 'POST', url: `/session/${s.id}`, ...form({ _nojs: '1', intent: 'group', attendee1Name: 'Zoe', attendee2Name: 'Max', attendee3Name: 'Eva', ifShort: 'wait' }) });
    expect([waiting.statusCode, doneOf(waiting)]).toEqual([303, 'booking.joined']);
    const entry = await t.deps.db.kysely.selectFrom('waitlist_entry').selectAll().where('sessionId', '=', s.id).executeTakeFirstOrThrow();
    expect(entry.seats).toBe(3);

    // 2 seats are free, but a line waits: a group asking for the free seats never goes ahead of it.
    const third = await t.actor({ role: 'student' });
    const partly = await t.request(third, { method: 'POST', url: `/session/${s.id}`, ...form({ _nojs: '1', intent: 'group', attendee1Name: 'Kim', attendee2Name: 'Lee', ifShort: 'takeFree' }) });
    expect(partly.statusCode).toBe(409);
    expect(partly.body).toContain('This session is full.');
  });
});
