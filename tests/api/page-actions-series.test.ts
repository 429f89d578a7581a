// A weekly series through the pages' route actions, as a browser posts the forms before the app
// is live or without it (docs/decisions/041-pages-loaders-actions.md, 064-series.md): Create
// Series, an admin's Approve of the whole series, and the booking panel's "this and every later
// class". Reads the production build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking } from '#tests/factories.ts';
import { builtWeb } from '#tests/helpers/built-web.ts';
import { doneOf, form } from '#tests/helpers/form-posts.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { webDir: builtWeb() });
});
afterAll(async () => {
  await t?.close();
});

const seriesFields = (over: Record<string, string> = {}) => ({
  _nojs: '1',
  title: 'Monday algebra',
  description: 'Every Monday evening.',
  registrationStartDate: '01/01/2026',
  registrationStartTime: '09:00',
  registrationEndDate: '13/01/2030',
  registrationEndTime: '18:00',
  classStartDate: '14/01/2030',
  classStartTime: '18:00',
  classEndDate: '14/01/2030',
  classEndTime: '19:30',
  maxParticipants: '',
  cancellationCutoffHours: '24',
  locationKind: 'online',
  meetingUrl: 'https://meet.example/monday',
  timeZone: 'UTC',
  everyWeeks: '1',
  classCount: '',
  untilDate: '',
  skipDates: '',
  ...over,
});

describe('Create Series, Approve and "this and every later class" without JavaScript', () => {
  it('creates the classes, refuses a series without a length under its field, approves them at once and books the series', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const refused = await t.request(tutor, { method: 'POST', url: '/dashboard/create-series', ...form(seriesFields()) });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Give either the number of classes or the last day, one of the two');

    const created = await t.request(tutor, { method: 'POST', url: '/dashboard/create-series', ...form(seriesFields({ untilDate: '04/02/2030', skipDates: '28/01/2030' })) });
    expect([created.statusCode, created.headers.location, doneOf(created)]).toEqual([303, '/dashboard/manage-sessions', 'sessions.seriesCreated:3']);
    const rows = await t.deps.db.kysely.selectFrom('study_session').select(['id', 'seriesId', 'classStartDate']).where('title', '=', 'Monday algebra').orderBy('classStartDate').execute();
    expect(rows.map((r) => r.classStartDate)).toEqual(['2030-01-14T18:00:00.000Z', '2030-01-21T18:00:00.000Z', '2030-02-04T18:00:00.000Z']);

    const admin = await t.actor({ role: 'admin' });
    const approved = await t.request(admin, { method: 'POST', url: '/dashboard/all-sessions', ...form({ _nojs: '1', intent: 'approve', id: rows[0]!.id, seriesId: rows[0]!.seriesId!, wholeSeries: 'on', feeKind: 'free', maxParticipants: '1' }) });
    expect(approved.statusCode, approved.body.slice(0, 300)).toBe(303);
    const statuses = await t.deps.db.kysely.selectFrom('study_session').select(['status', 'maxParticipants']).where('seriesId', '=', rows[0]!.seriesId).execute();
    expect(statuses).toEqual([
      { status: 'approved', maxParticipants: 1 },
      { status: 'approved', maxParticipants: 1 },
      { status: 'approved', maxParticipants: 1 },
    ]);

    await createBooking(t.deps, rows[1]!, await t.createUser());
    const student = await t.actor({ role: 'student' });
    expect((await t.request(student, { method: 'GET', url: `/session/${rows[0]!.id}` })).body).toContain('Book this and every later class');
    const booked = await t.request(student, { method: 'POST', url: `/session/${rows[0]!.id}`, ...form({ _nojs: '1', intent: 'series', seriesId: rows[0]!.seriesId! }) });
    expect([booked.statusCode, booked.headers.location, doneOf(booked)]).toEqual([303, `/session/${rows[0]!.id}`, 'booking.seriesBooked:2%2F1']);
  });
});
