// A weekly series through the pages' route actions, as a browser posts the forms before the app
// is live or without it (docs/decisions/041-pages-loaders-actions.md, 064-series.md): Create
// Series, an admin's Approve of the whole series, the booking panel's "this and every later
// class", and the tutor's "Call off this and every later class". Reads the production build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, createStudySession } from '#tests/factories.ts';
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

describe("the tutor's 'Call off this and every later class', without JavaScript", () => {
  const text = (html: string) => html.replaceAll('<!-- -->', '');
  // The button itself (the page's words are also in its embedded catalogue).
  const button = /<button[^>]*>Call off this and every later class<\/button>/;

  it('on a class of a series: asked by address, the form in the page; sent, that class and every later one called off (not the ones before), said once; refused without a reason under its field; in Spanish too', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const title = `Tuesday chemistry ${Date.now().toString(36)}`;
    const created = await t.request(tutor, { method: 'POST', url: '/dashboard/create-series', ...form(seriesFields({ title, classCount: '4' })) });
    expect(created.statusCode, created.body.slice(0, 300)).toBe(303);
    const rows = await t.deps.db.kysely.selectFrom('study_session').select(['id', 'seriesId']).where('title', '=', title).orderBy('classStartDate').execute();
    expect(rows).toHaveLength(4);
    const seriesId = rows[0]!.seriesId!;
    const admin = await t.actor({ role: 'admin' });
    expect((await t.request(admin, { method: 'POST', url: '/dashboard/all-sessions', ...form({ _nojs: '1', intent: 'approve', id: rows[0]!.id, seriesId, wholeSeries: 'on', feeKind: 'free', maxParticipants: '' }) })).statusCode).toBe(303);
    // Class 1 and class 3 are booked: the students of class 3 are told, class 1 stays.
    await createBooking(t.deps, rows[0]!, await t.createUser());
    await createBooking(t.deps, rows[2]!, await t.createUser());

    const path = `/dashboard/session/${encodeURIComponent(tutor.user!.email)}/${rows[1]!.id}`;
    const page = text((await t.request(tutor, { method: 'GET', url: path })).body);
    expect(page).toMatch(button);
    const asked = text((await t.request(tutor, { method: 'GET', url: `${path}?decide=cancelSeries&session=${rows[1]!.id}` })).body);
    expect(asked).toContain('>Call off this and every later class</h2>');
    expect(asked).toContain('Earlier classes are not touched.');
    expect(asked).toContain(`name="seriesId" value="${seriesId}"`);
    // In Spanish: the same button and form in the reader's language.
    const spanish = text((await t.request({ ...tutor, cookie: `${tutor.cookie}; lang=es` }, { method: 'GET', url: `${path}?decide=cancelSeries&session=${rows[1]!.id}` })).body);
    expect(spanish).toContain('>Cancelar esta clase y todas las siguientes</h2>');
    expect(spanish).toContain('Las clases anteriores no cambian.');

    // No reason: refused under its field, nothing called off.
    const noReason = await t.request(tutor, { method: 'POST', url: `${path}?decide=cancelSeries&session=${rows[1]!.id}`, ...form({ _nojs: '1', intent: 'cancelSeries', seriesId, reason: '' }) });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('A reason is required');
    const statuses = async () => (await t.deps.db.kysely.selectFrom('study_session').select(['status']).where('seriesId', '=', seriesId).orderBy('classStartDate').execute()).map((r) => r.status);
    expect(await statuses()).toEqual(['approved', 'approved', 'approved', 'approved']);

    const res = await t.request(tutor, { method: 'POST', url: `${path}?decide=cancelSeries&session=${rows[1]!.id}`, ...form({ _nojs: '1', intent: 'cancelSeries', seriesId, reason: 'The lab closes for the term.' }) });
    expect([res.statusCode, res.headers.location, doneOf(res)]).toEqual([303, path, 'sessions.seriesCancelled:3']);
    expect(await statuses()).toEqual(['approved', 'cancelled', 'cancelled', 'cancelled']);
    const after = await t.request({ ...tutor, cookie: `${tutor.cookie}; done=${doneOf(res)}` }, { method: 'GET', url: path });
    expect(text(after.body)).toMatch(/<noscript><p role="status"[^>]*>3 classes called off<\/p><\/noscript>/);
    // A called-off class offers neither Call off again.
    expect(text(after.body)).not.toMatch(button);
  });

  it('is not offered on a class of no series, and another tutor calls nothing off through the owner’s page', async () => {
    const owner = await t.actor({ role: 'tutor' });
    const title = `Thursday physics ${Date.now().toString(36)}`;
    expect((await t.request(owner, { method: 'POST', url: '/dashboard/create-series', ...form(seriesFields({ title, classCount: '2' })) })).statusCode).toBe(303);
    const rows = await t.deps.db.kysely.selectFrom('study_session').select(['id', 'seriesId']).where('title', '=', title).orderBy('classStartDate').execute();
    const admin = await t.actor({ role: 'admin' });
    expect((await t.request(admin, { method: 'POST', url: '/dashboard/all-sessions', ...form({ _nojs: '1', intent: 'approve', id: rows[0]!.id, seriesId: rows[0]!.seriesId!, wholeSeries: 'on', feeKind: 'free', maxParticipants: '' }) })).statusCode).toBe(303);
    const other = await t.actor({ role: 'tutor' });
    const path = `/dashboard/session/${encodeURIComponent(owner.user!.email)}/${rows[0]!.id}`;
    const posted = await t.request(other, { method: 'POST', url: path, ...form({ _nojs: '1', intent: 'cancelSeries', seriesId: rows[0]!.seriesId!, reason: 'Mine now' }) });
    expect(doneOf(posted)).toBeUndefined();
    const statuses = await t.deps.db.kysely.selectFrom('study_session').select(['status']).where('seriesId', '=', rows[0]!.seriesId).execute();
    expect(statuses.map((r) => r.status)).toEqual(['approved', 'approved']);

    const alone = await createStudySession(t.deps, owner.user!, { title: `${title} alone` });
    const page = text((await t.request(owner, { method: 'GET', url: `/dashboard/session/${encodeURIComponent(owner.user!.email)}/${alone.id}` })).body);
    expect(page).toMatch(/<button[^>]*>Cancel session<\/button>/);
    expect(page).not.toMatch(button);
  });
});

