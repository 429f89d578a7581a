// Create and Edit Session through their route's action (web/src/features/sessions/pages/,
// docs/decisions/041-pages-loaders-actions.md): a POST to the page's own address, urlencoded, as
// the browser sends it before the app is live or without it, runs the same action the app runs.
// Their dates are typed as dd/MM/yyyy and 24-hour HH:mm in the zone the form names (its labels
// say it), else the tz cookie's, else UTC. Done: 303 to the next page, which says the spec's
// message once; refused: the page again with its 4xx, the message at its field and every field
// kept. The edit page's loader answers a real 404 for a session that is not the visitor's to edit.
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

describe('Create Session', () => {
  it('creates the session from dates typed in the zone the form names; Manage Sessions says "Session created successfully", with scripts or without', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    for (const [title, scripts] of [
      ['Harmony in Madrid', {}],
      ['Harmony in Madrid, no scripts', { _nojs: '1' }],
    ] as const) {
      const fields: Record<string, string> = { ...sessionFields({ title, timeZone: 'Europe/Madrid' }), ...scripts };
      if (!('_nojs' in scripts)) delete fields._nojs;
      const res = await t.request(tutor, { method: 'POST', url: '/dashboard/create-session', ...form(fields) });
      expect([res.statusCode, res.headers.location]).toEqual([303, '/dashboard/manage-sessions']);
      expect(doneOf(res)).toBe('sessions.created');
      expect(await stored(title)).toEqual([
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
      const next = await t.request({ ...tutor, cookie: `${tutor.cookie}; done=sessions.created` }, { method: 'GET', url: '/dashboard/manage-sessions' });
      expect(next.statusCode).toBe(200);
      expect(next.body).toContain('Session created successfully');
    }
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

  it('refused, the page comes back with its 400, the message at its field, every field as typed', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    for (const scripts of [{ _nojs: '1' }, {}]) {
      const fields: Record<string, string> = { ...sessionFields({ title: 'Harmony backwards', classEndDate: '13/03/2030', timeZone: 'UTC', locationKind: 'in_person', placeName: 'Room 4', placeAddress: '1 Main St' }), ...scripts };
      if (!('_nojs' in scripts)) delete fields._nojs;
      const res = await t.request(tutor, { method: 'POST', url: '/dashboard/create-session', ...form(fields) });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(doneOf(res)).toBeUndefined();
      // Under the Class End Date field (its error text), and in the page's data for the app.
      expect(res.body).toMatch(/<p id="[^"]+-hint" role="alert"[^>]*>Class End Date cannot be before the Class Start Date\.</);
      expect(res.body).toMatch(/"actionData":\{"[^"]+":\{"refusal":\{"message":"Class End Date cannot be before the Class Start Date\."/);
      for (const value of ['Harmony backwards', 'Chords, without JavaScript.', '01/03/2030', '09:00', '10/03/2030', '18:00', '14/03/2030', '18:30', '13/03/2030', '20:00', 'Room 4', '1 Main St'])
        expect(res.body, value).toContain(value);
      expect(res.body).toMatch(/value="in_person"[^>]*checked|checked[^>]*value="in_person"/);
    }
    expect(await stored('Harmony backwards')).toEqual([]);
  });

  it('a form the API refuses outright (no dates) is the page again saying why, with what was typed', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const res = await t.request(tutor, { method: 'POST', url: '/dashboard/create-session', ...form({ _nojs: '1', title: 'Algebra' }) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/role="alert"/);
    expect(res.body).toContain('value="Algebra"');
    // Sent before the app is live (no _nojs), the same page: never a silent 204.
    const early = await t.request(tutor, { method: 'POST', url: '/dashboard/create-session', ...form({ title: 'Too early', description: 'x', registrationStartDate: '2030-01-01T10:00' }) });
    expect(early.statusCode).toBe(400);
    expect(early.body).toContain('value="Too early"');
    expect(await t.deps.db.kysely.selectFrom('study_session').select('id').where('title', 'in', ['Algebra', 'Too early']).execute()).toEqual([]);
  });

  it('proposes a class the server takes as it is: next week at the next whole hour, 90 minutes, registration open from now until it starts', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const page = await t.request({ ...tutor, cookie: `${tutor.cookie}; tz=Asia%2FKolkata` }, { method: 'GET', url: '/dashboard/create-session' });
    expect(page.statusCode).toBe(200);
    const value = (name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"|value="([^"]*)"[^>]*name="${name}"`).exec(page.body)?.slice(1).find(Boolean) ?? '';
    const fields = Object.fromEntries(['registrationStartDate', 'registrationStartTime', 'registrationEndDate', 'registrationEndTime', 'classStartDate', 'classStartTime', 'classEndDate', 'classEndTime', 'timeZone', 'cancellationCutoffHours'].map((name) => [name, value(name)]));
    expect(['Asia/Kolkata', 'Asia/Calcutta']).toContain(fields.timeZone);
    // A whole hour in the tutor's zone (India is UTC+5:30), 90 minutes, registration closing at the start.
    expect(fields.classStartTime).toMatch(/^\d\d:00$/);
    expect([fields.registrationEndDate, fields.registrationEndTime]).toEqual([fields.classStartDate, fields.classStartTime]);
    const res = await t.request(tutor, { method: 'POST', url: '/dashboard/create-session', ...form({ ...fields, title: 'As proposed', description: 'Kept every date.', locationKind: 'online', meetingUrl: 'https://meet.example/proposed' }) });
    expect([res.statusCode, res.headers.location]).toEqual([303, '/dashboard/manage-sessions']);
    const [row] = await t.deps.db.kysely.selectFrom('study_session').select(['classStartDate', 'classEndDate', 'registrationStartDate', 'durationMinutes']).where('title', '=', 'As proposed').execute();
    expect(row!.durationMinutes).toBe(90);
    const days = (Date.parse(row!.classStartDate) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(7 - 1 / 24);
    expect(days).toBeLessThanOrEqual(7 + 1 / 24);
    expect(Math.abs(Date.parse(row!.registrationStartDate) - Date.now())).toBeLessThan(5 * 60_000);
  });
});

describe('Edit Session', () => {
  it('edits a pending session: title and the one date changed, the others kept to the millisecond; its page says "Session updated successfully"', async () => {
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
    const next = `/dashboard/session/${encodeURIComponent(tutorUser.email)}/${session.id}`;
    expect([res.statusCode, res.headers.location]).toEqual([303, next]);
    expect(doneOf(res)).toBe('sessions.updated');
    const row = await t.deps.db.kysely.selectFrom('study_session').select(['title', 'registrationStartDate', 'classStartDate', 'classEndDate']).where('id', '=', session.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'Harmony, edited', registrationStartDate: '2030-03-01T08:00:00.123Z', classStartDate: '2030-03-14T17:30:00.000Z', classEndDate: '2030-03-14T20:00:00.000Z' });
    const page = await t.request({ ...tutor, cookie: `${tutor.cookie}; done=sessions.updated` }, { method: 'GET', url: next });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Session updated successfully');
  });

  it('refused (a 0-minute class), the page again with its 400, the time named at the Class End field, everything typed kept, nothing changed', async () => {
    const tutorUser = await t.createUser({ role: 'tutor' });
    const tutor = await t.signIn(tutorUser);
    const session = await createStudySession(t.deps, tutorUser, { status: 'rejected', title: 'Before', classStartDate: '2030-03-14T17:30:00.000Z', classEndDate: '2030-03-14T19:00:00.000Z' });
    const res = await t.request(tutor, { method: 'POST', url: `/dashboard/session/edit/${session.id}`, ...form(sessionFields({ title: 'Zero minutes', timeZone: 'UTC', classEndTime: '18:30' })) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/<p id="[^"]+-hint" role="alert"[^>]*>Class End Time must be later than the Class Start Time\.</);
    expect(res.body).toContain('value="Zero minutes"');
    expect((await t.deps.db.kysely.selectFrom('study_session').select(['title', 'classEndDate']).where('id', '=', session.id).executeTakeFirstOrThrow())).toEqual({ title: 'Before', classEndDate: '2030-03-14T19:00:00.000Z' });
  });

  it('is the 404 page for no such session and for one that is not the visitor’s to edit; its tutor and admins get the form (role × owner × status)', async () => {
    const ownerUser = await t.createUser({ role: 'tutor' });
    const owner = await t.signIn(ownerUser);
    const otherTutor = await t.actor({ role: 'tutor' });
    const admin = await t.actor({ role: 'admin' });
    const student = await t.actor({ role: 'student' });
    const seen: Record<string, Record<string, number>> = {};
    for (const status of ['pending', 'approved', 'rejected'] as const) {
      const session = await createStudySession(t.deps, ownerUser, { status });
      seen[status] = {};
      for (const [who, actor] of [['owner', owner], ['otherTutor', otherTutor], ['admin', admin], ['student', student], ['anonymous', null]] as const) {
        seen[status][who] = (await t.request(actor, { method: 'GET', url: `/dashboard/session/edit/${session.id}` })).statusCode;
      }
    }
    // A student is not a tutor: the role guard sends them to the dashboard; signed out: to Log In.
    const expected = { owner: 200, otherTutor: 404, admin: 200, student: 302, anonymous: 302 };
    expect(seen).toEqual({ pending: expected, approved: expected, rejected: expected });
    const unknown = await t.request(owner, { method: 'GET', url: '/dashboard/session/edit/no-such-session' });
    expect(unknown.statusCode).toBe(404);
    // Sixteen pages drawn.
  }, 90_000);

  it('never edits for anyone but its tutor or an admin: another tutor’s POST is the 404 page and changes nothing', async () => {
    const ownerUser = await t.createUser({ role: 'tutor' });
    const otherTutor = await t.actor({ role: 'tutor' });
    for (const status of ['pending', 'approved'] as const) {
      const session = await createStudySession(t.deps, ownerUser, { status, title: `Mine ${status}` });
      const res = await t.request(otherTutor, { method: 'POST', url: `/dashboard/session/edit/${session.id}`, ...form(sessionFields({ title: 'Taken over' })) });
      expect(res.statusCode).toBe(404);
      expect((await t.deps.db.kysely.selectFrom('study_session').select('title').where('id', '=', session.id).executeTakeFirstOrThrow()).title).toBe(`Mine ${status}`);
    }
  });
});
