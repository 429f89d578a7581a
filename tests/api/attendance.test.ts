// Attendance. Once class has started the tutor (or an admin) marks each booked
// student present or absent, or all not yet marked present; the student sees theirs; the roster
// downloads as RFC 4180 CSV that no spreadsheet runs as a formula; an absent student cannot
// review. Runs on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookedSession, Roster } from '#contract/bookings.ts';
import { createBooking, createStudySession, type StudySessionOverrides } from '#tests/factories.ts';
import { createAppWithActors, runMatrix, type Actors } from '#tests/helpers/permission-matrix.ts';
import { DAY, HOUR, iso, json } from '#tests/helpers/request-helpers.ts';
import type { Actor, TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
let actors: Actors;

beforeAll(async () => ({ t, actors } = await createAppWithActors()));
afterAll(async () => t?.close());

/** A class of the matrix's tutor that started an hour ago, registration long closed. */
const startedClass = (overrides: StudySessionOverrides = {}) =>
  createStudySession(t.deps, actors.tutor.user!, {
    registrationStartDate: iso(Date.now() - 10 * DAY),
    registrationEndDate: iso(Date.now() - 2 * DAY),
    classStartDate: iso(Date.now() - HOUR),
    classEndDate: iso(Date.now() + HOUR),
    ...overrides,
  });
const mark = (who: Actor, sessionId: string, studentId: string, attendance: string) =>
  t.request(who, { method: 'PUT', url: `/api/sessions/${sessionId}/attendance/${studentId}`, ...json({ attendance }) });
const roster = async (sessionId: string) => (await t.request(actors.tutor, { method: 'GET', url: `/api/sessions/${sessionId}/roster` })).json<Roster>();

/** RFC 4180 records: CRLF between records, "…" quoting with "" for a quote. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else if (c === '\n') throw new Error('a bare LF ends a record: not RFC 4180');
    else field += c;
  }
  if (field !== '' || record.length > 0) throw new Error('the last record has no CRLF');
  return records;
}

describe('attendance: permission matrix', () => {
  it('lets only the tutor of the session and admins mark attendance and download the roster', async () => {
    await runMatrix(t, actors, [
      {
        name: 'PUT /api/sessions/{started class}/attendance/{booked student}',
        request: async () => {
          const s = await startedClass();
          const student = await t.createUser({ role: 'student' });
          await createBooking(t.deps, s, student);
          return { method: 'PUT', url: `/api/sessions/${s.id}/attendance/${student.id}`, ...json({ attendance: 'present' }) };
        },
        expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 200, otherTutor: 403, admin: 200 },
      },
      {
        name: 'POST /api/sessions/{started class}/attendance/all-present',
        request: async () => ({ method: 'POST', url: `/api/sessions/${(await startedClass()).id}/attendance/all-present` }),
        expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 200, otherTutor: 403, admin: 200 },
      },
      {
        name: 'GET /api/sessions/{class}/roster.csv',
        request: async () => ({ method: 'GET', url: `/api/sessions/${(await startedClass()).id}/roster.csv` }),
        expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 200, otherTutor: 403, admin: 200 },
      },
    ]);
  });

  it('refuses before class starts, for a student who did not book (or only waits), for a cancelled class, and a value that is not present or absent', async () => {
    const student = await t.actor({ role: 'student' });
    const upcoming = await createStudySession(t.deps, actors.tutor.user!);
    await createBooking(t.deps, upcoming, student.user!);
    const early = await mark(actors.tutor, upcoming.id, student.user!.id, 'present');
    expect([early.statusCode, early.json()]).toEqual([409, { message: 'Attendance can be taken once class has started.' }]);

    const s = await startedClass();
    const stranger = await t.createUser({ role: 'student' });
    const held = await t.createUser({ role: 'student' });
    await createBooking(t.deps, s, held, { status: 'pending_payment', amountCents: 500 });
    for (const id of [stranger.id, held.id]) expect((await mark(actors.tutor, s.id, id, 'present')).statusCode).toBe(404);
    expect((await mark(actors.tutor, s.id, student.user!.id, 'late')).statusCode).toBe(400);

    const called = await createStudySession(t.deps, actors.tutor.user!);
    await createBooking(t.deps, called, student.user!);
    expect((await t.request(actors.tutor, { method: 'POST', url: `/api/sessions/${called.id}/cancel`, ...json({ reason: 'Ill.' }) })).statusCode).toBe(200);
    await t.deps.db.kysely.updateTable('study_session').set({ classStartDate: iso(Date.now() - HOUR) }).where('id', '=', called.id).execute();
    expect((await mark(actors.tutor, called.id, student.user!.id, 'present')).statusCode).toBe(409);
  });
});

describe('attendance', () => {
  it('marks each student, marks the rest present at once (keeping marks), and shows each student theirs', async () => {
    const s = await startedClass();
    const [came, missed, rest] = await Promise.all([t.actor({ role: 'student' }), t.actor({ role: 'student' }), t.actor({ role: 'student' })]);
    for (const who of [came, missed, rest]) await createBooking(t.deps, s, who!.user!);
    expect((await mark(actors.tutor, s.id, came!.user!.id, 'present')).json()).toEqual({ studentId: came!.user!.id, attendance: 'present' });
    expect((await mark(actors.tutor, s.id, missed!.user!.id, 'absent')).statusCode).toBe(200);
    const all = await t.request(actors.tutor, { method: 'POST', url: `/api/sessions/${s.id}/attendance/all-present` });
    expect(all.json()).toEqual({ marked: 1 });
    expect((await roster(s.id)).items.map((i) => [i.studentId, i.attendance])).toEqual([
      [came!.user!.id, 'present'],
      [missed!.user!.id, 'absent'],
      [rest!.user!.id, 'present'],
    ]);
    const own = (who: Actor) => t.request(who, { method: 'GET', url: `/api/view-booked-session/${s.id}` });
    expect((await own(missed!)).json<BookedSession>().attendance).toBe('absent');
    expect((await own(rest!)).json<BookedSession>().attendance).toBe('present');
    // A mark can be corrected.
    expect((await mark(actors.tutor, s.id, missed!.user!.id, 'present')).statusCode).toBe(200);
    expect((await own(missed!)).json<BookedSession>().attendance).toBe('present');
  });

  it('lets a student marked absent not review; one marked present (or not marked) may', async () => {
    const s = await startedClass();
    const [absent, present] = await Promise.all([t.actor({ role: 'student' }), t.actor({ role: 'student' })]);
    for (const who of [absent, present]) await createBooking(t.deps, s, who!.user!);
    await mark(actors.tutor, s.id, absent!.user!.id, 'absent');
    await mark(actors.tutor, s.id, present!.user!.id, 'present');
    const review = (who: Actor) => t.request(who, { method: 'POST', url: '/api/review', ...json({ sessionId: s.id, review: 'Good.', rating: 4 }) });
    const refused = await review(absent!);
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: 'You were marked absent from this class, so you cannot review it.' }]);
    expect((await review(present!)).statusCode).toBe(201);
  });

  it('downloads the roster as RFC 4180 CSV with formulas defused', async () => {
    const s = await startedClass({ title: 'Chemistry, lab 2' });
    const evil = await t.createUser({ role: 'student', name: '=HYPERLINK("http://evil.example","x")' });
    const plain = await t.createUser({ role: 'student', name: 'Ana "Nana" Pérez, Jr.' });
    const plus = await t.createUser({ role: 'student', name: '+1 Student' });
    await createBooking(t.deps, s, evil, { amountCents: 1250 });
    await createBooking(t.deps, s, plain);
    await createBooking(t.deps, s, plus);
    await mark(actors.tutor, s.id, plain.id, 'absent');

    const res = await t.request(actors.tutor, { method: 'GET', url: `/api/sessions/${s.id}/roster.csv` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers['content-disposition']).toBe('attachment; filename="roster-chemistry-lab-2.csv"');
    const records = parseCsv(res.body);
    // The matrix's tutor has no zone: times in UTC, said in the header.
    expect(records[0]).toEqual(['Name', 'Email', 'Booked at (UTC)', 'Paid', 'Attendance']);
    expect(records.slice(1).map((r) => [r[0], r[1], r[3], r[4]])).toEqual([
      [`'=HYPERLINK("http://evil.example","x")`, evil.email, '12.50', ''],
      ['Ana "Nana" Pérez, Jr.', plain.email, 'free', 'absent'],
      ["'+1 Student", plus.email, 'free', ''],
    ]);
    const bookedAt = await t.deps.db.kysely.selectFrom('booking').select('createdAt').where('sessionId', '=', s.id).where('studentId', '=', evil.id).executeTakeFirstOrThrow();
    const utc = new Date(bookedAt.createdAt).toISOString();
    expect(records[1]![2]).toBe(`${utc.slice(8, 10)}/${utc.slice(5, 7)}/${utc.slice(0, 4)} ${utc.slice(11, 16)}`);
  });

  it('gives the booking times in the tutor\'s own zone, dd/MM/yyyy and 24-hour, the zone named in the header (English and Spanish)', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    expect((await t.request(tutor, { method: 'PUT', url: '/api/me/time-zone', ...json({ timeZone: 'Europe/Madrid' }) })).statusCode).toBe(200);
    const s = await createStudySession(t.deps, tutor.user!, {
      registrationStartDate: iso(Date.now() - 10 * DAY),
      registrationEndDate: iso(Date.now() - 2 * DAY),
      classStartDate: iso(Date.now() - HOUR),
      classEndDate: iso(Date.now() + HOUR),
    });
    const student = await t.createUser({ role: 'student', name: '@Evening Student' });
    await createBooking(t.deps, s, student);
    // Booked at 17:05 UTC on a November day: 18:05 in Madrid.
    await t.deps.db.kysely.updateTable('booking').set({ createdAt: '2026-11-29T17:05:00.000Z' }).where('sessionId', '=', s.id).execute();

    const english = parseCsv((await t.request(tutor, { method: 'GET', url: `/api/sessions/${s.id}/roster.csv` })).body);
    expect(english).toEqual([
      ['Name', 'Email', 'Booked at (Europe/Madrid)', 'Paid', 'Attendance'],
      ["'@Evening Student", student.email, '29/11/2026 18:05', 'free', ''],
    ]);
    const spanish = parseCsv((await t.request(tutor, { method: 'GET', url: `/api/sessions/${s.id}/roster.csv`, headers: { 'accept-language': 'es' } })).body);
    expect(spanish[0]).toEqual(['Nombre', 'Correo electrónico', 'Reservada el (Europe/Madrid)', 'Pagado', 'Asistencia']);
    expect(spanish[1]![2]).toBe('29/11/2026 18:05');
  });

  it('writes the roster\'s words in the caller\'s language, the amount still machine-readable', async () => {
    const s = await startedClass({ title: 'Química' });
    const [paid, free] = await Promise.all([t.createUser({ role: 'student', name: 'Pagó' }), t.createUser({ role: 'student', name: 'Gratis' })]);
    await createBooking(t.deps, s, paid, { amountCents: 1250 });
    await createBooking(t.deps, s, free);
    await mark(actors.tutor, s.id, paid.id, 'present');
    await mark(actors.tutor, s.id, free.id, 'absent');

    const res = await t.request(actors.tutor, { method: 'GET', url: `/api/sessions/${s.id}/roster.csv`, headers: { 'accept-language': 'es-ES,es;q=0.9' } });
    expect(res.statusCode).toBe(200);
    const records = parseCsv(res.body);
    expect(records[0]).toEqual(['Nombre', 'Correo electrónico', 'Reservada el (UTC)', 'Pagado', 'Asistencia']);
    expect(records.slice(1).map((r) => [r[0], r[3], r[4]])).toEqual([
      ['Pagó', '12.50', 'presente'],
      ['Gratis', 'gratis', 'ausente'],
    ]);
    expect(records[1]![2]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });
});
