// A session makes sense or is refused: the server's rules on a session's schedule, on create and
// on edit, each refusal a 400 naming the wrong field and saying whether its date or its time is
// wrong (in the zone the dates were typed in), and nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudySession } from '#tests/factories.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';
import { DAY, HOUR, enc, iso, json } from '#tests/helpers/request-helpers.ts';

let t: TestApp;
let tutor: Actor;

beforeAll(async () => {
  t = await createTestApp();
  tutor = await t.actor({ role: 'tutor' });
});
afterAll(async () => t?.close());

const MINUTE = 60 * 1000;
/** A class on 10 January 2031 from 10:00 to 11:30 UTC, registration from 1 to 9 January: valid. */
const START = Date.parse('2031-01-10T10:00:00Z');
const valid = {
  registrationStartDate: iso(START - 9 * DAY),
  registrationEndDate: iso(START - DAY),
  classStartDate: iso(START),
  classEndDate: iso(START + 90 * MINUTE),
};

let made = 0;
async function create(dates: Partial<typeof valid>, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const title = `Rules ${made++}`;
  const res = await t.request(tutor, {
    method: 'POST',
    url: `/api/create-session/${enc(tutor.user!.email)}`,
    ...json({ title, description: 'A class with a schedule.', ...valid, ...dates, cancellationCutoffHours: 1, ...extra }),
    headers: { 'content-type': 'application/json', ...headers },
  });
  const stored = await t.deps.db.kysely.selectFrom('study_session').select('id').where('title', '=', title).execute();
  return { res, stored };
}

const CLASS_END_TIME = 'Class End Time must be later than the Class Start Time.';
const CLASS_END_DATE = 'Class End Date cannot be before the Class Start Date.';
const REG_END_TIME = 'Registration End Time must be later than the Registration Start Time.';
const REG_END_DATE = 'Registration End Date cannot be before the Registration Start Date.';
const REG_AFTER_START_TIME = 'Registration End Time cannot be after the Class Start Time.';
const REG_AFTER_START_DATE = 'Registration End Date cannot be after the Class Start Date.';

describe('creating a session: each rule, its field, date or time', () => {
  it.each([
    ['a 0-minute class', { classEndDate: iso(START) }, undefined, 'classEndDate', CLASS_END_TIME],
    ['a class ending an hour before it starts, the same day', { classEndDate: iso(START - HOUR) }, undefined, 'classEndDate', CLASS_END_TIME],
    ['a class ending the day before it starts', { classEndDate: iso(START - DAY) }, undefined, 'classEndDate', CLASS_END_DATE],
    // 00:30 and 23:30 UTC the night before: another day in UTC, the same day (01:30, 00:30) in Madrid.
    ['across midnight in UTC', { classStartDate: '2031-01-10T00:30:00.000Z', classEndDate: '2031-01-09T23:30:00.000Z', registrationEndDate: '2031-01-09T20:00:00.000Z' }, 'UTC', 'classEndDate', CLASS_END_DATE],
    ['across midnight in UTC, the same day in Madrid', { classStartDate: '2031-01-10T00:30:00.000Z', classEndDate: '2031-01-09T23:30:00.000Z', registrationEndDate: '2031-01-09T20:00:00.000Z' }, 'Europe/Madrid', 'classEndDate', CLASS_END_TIME],
    ['a registration window of zero', { registrationEndDate: valid.registrationStartDate }, undefined, 'registrationEndDate', REG_END_TIME],
    ['a registration closing the day before it opens', { registrationEndDate: iso(START - 10 * DAY) }, undefined, 'registrationEndDate', REG_END_DATE],
    ['registration closing after the class starts, the same day', { registrationEndDate: iso(START + 30 * MINUTE) }, undefined, 'registrationEndDate', REG_AFTER_START_TIME],
    ['registration closing a day after a long class starts', { classEndDate: iso(START + 3 * DAY), registrationEndDate: iso(START + DAY) }, undefined, 'registrationEndDate', REG_AFTER_START_DATE],
  ])('refuses %s', async (_name, dates, timeZone, field, message) => {
    const { res, stored } = await create(dates, timeZone ? { timeZone } : {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, fields: { [field]: message } });
    expect(stored).toEqual([]);
  });

  it('accepts registration closing exactly when the class starts, and a 1-minute class', async () => {
    const { res } = await create({ registrationEndDate: iso(START), classEndDate: iso(START + MINUTE) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ durationMinutes: 1, registrationEndDate: iso(START) });
  });

  it('refuses a class that has already started, by its date or (earlier today) its time; one a minute ahead is taken', async () => {
    const now = Date.now();
    const yesterday = await create({ registrationStartDate: iso(now - 3 * DAY), registrationEndDate: iso(now - 2 * DAY), classStartDate: iso(now - DAY), classEndDate: iso(now - DAY + HOUR) });
    expect(yesterday.res.statusCode).toBe(400);
    expect(yesterday.res.json()).toEqual({ message: 'Class Start Date has passed: a new class starts in the future.', fields: { classStartDate: 'Class Start Date has passed: a new class starts in the future.' } });
    expect(yesterday.stored).toEqual([]);
    // A minute ago: the same day unless the test runs in the first minute after midnight UTC.
    const past = now - MINUTE;
    const sameDay = new Date(past).toISOString().slice(0, 10) === new Date(now).toISOString().slice(0, 10);
    const minuteAgo = await create({ registrationStartDate: iso(now - DAY), registrationEndDate: iso(past - MINUTE), classStartDate: iso(past), classEndDate: iso(past + HOUR) });
    expect(minuteAgo.res.statusCode).toBe(400);
    expect(minuteAgo.res.json().fields).toEqual({ classStartDate: sameDay ? 'Class Start Time has passed: a new class starts in the future.' : 'Class Start Date has passed: a new class starts in the future.' });
    const ahead = await create({ registrationStartDate: iso(now - DAY), registrationEndDate: iso(now + MINUTE), classStartDate: iso(now + MINUTE), classEndDate: iso(now + HOUR) });
    expect(ahead.res.statusCode, ahead.res.body).toBe(201);
  });

  it('says each rule in Spanish too', async () => {
    const { res } = await create({ classEndDate: iso(START) }, {}, { 'accept-language': 'es' });
    const spanish = 'La hora de fin de la clase debe ser posterior a la hora de inicio de la clase.';
    expect(res.json()).toEqual({ message: spanish, fields: { classEndDate: spanish } });
    const late = await create({ registrationEndDate: iso(START + 30 * MINUTE) }, {}, { 'accept-language': 'es' });
    expect(late.res.json().fields).toEqual({ registrationEndDate: 'La hora de fin de inscripción no puede ser posterior a la hora de inicio de la clase.' });
  });
});

describe('editing a session: the same rules on the schedule the edit results in', () => {
  const edit = (id: string, body: Record<string, unknown>) => t.request(tutor, { method: 'PUT', url: `/api/session/${enc(tutor.user!.email)}/${id}`, ...json(body) });
  const pending = () => createStudySession(t.deps, tutor.user!, { status: 'pending', ...valid });
  const stored = async (id: string) => t.deps.db.kysely.selectFrom('study_session').select(['classStartDate', 'classEndDate', 'registrationEndDate']).where('id', '=', id).executeTakeFirstOrThrow();

  it.each([
    ['an end equal to the start', { classEndDate: iso(START) }, 'classEndDate', CLASS_END_TIME],
    ['an end a day before the start', { classEndDate: iso(START - DAY) }, 'classEndDate', CLASS_END_DATE],
    ['registration closing after the class starts', { registrationEndDate: iso(START + HOUR) }, 'registrationEndDate', REG_AFTER_START_TIME],
    ['a window of zero', { registrationEndDate: valid.registrationStartDate }, 'registrationEndDate', REG_END_TIME],
  ])('refuses %s, changing nothing', async (_name, body, field, message) => {
    const session = await pending();
    const res = await edit(session.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, fields: { [field]: message } });
    expect(await stored(session.id)).toEqual({ classStartDate: valid.classStartDate, classEndDate: valid.classEndDate, registrationEndDate: valid.registrationEndDate });
  });

  it('says the day in the zone the edit names, else the one the session was written in', async () => {
    const session = await createStudySession(t.deps, tutor.user!, { status: 'pending', ...valid, classStartDate: '2031-01-10T00:30:00.000Z', classEndDate: '2031-01-10T02:00:00.000Z', tutorTimeZone: 'Europe/Madrid' });
    const body = { classEndDate: '2031-01-09T23:30:00.000Z' };
    expect((await edit(session.id, body)).json().fields).toEqual({ classEndDate: CLASS_END_TIME });
    expect((await edit(session.id, { ...body, timeZone: 'UTC' })).json().fields).toEqual({ classEndDate: CLASS_END_DATE });
  });

  it('moves a class only to the future; a class already held keeps its title editable', async () => {
    const now = Date.now();
    const session = await pending();
    const moved = await edit(session.id, { registrationStartDate: iso(now - 3 * DAY), registrationEndDate: iso(now - 2 * DAY), classStartDate: iso(now - DAY), classEndDate: iso(now - DAY + HOUR) });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fields).toEqual({ classStartDate: 'Class Start Date has passed: a new class starts in the future.' });
    const held = await createStudySession(t.deps, tutor.user!, { status: 'rejected', registrationStartDate: iso(now - 5 * DAY), registrationEndDate: iso(now - 3 * DAY), classStartDate: iso(now - 2 * DAY), classEndDate: iso(now - 2 * DAY + HOUR) });
    const renamed = await edit(held.id, { title: 'Renamed after the class', classEndDate: iso(now - 2 * DAY + 2 * HOUR) });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Renamed after the class', durationMinutes: 120 });
  });
});
