// Sessions: every route over the permission matrix, then each rule the server enforces on sessions,
// asserting what the caller sees and that refused calls change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSessionListItem, AdminSessionPage, Session, TutorSessionListItem, TutorSessionPage } from '#contract/sessions.ts';
import { newId } from '#server/ids.ts';
import { createBooking, createStudySession, type StudySessionOverrides } from '#tests/factories.ts';
import { createAppWithActors, runMatrix, type Actors } from '#tests/helpers/permission-matrix.ts';
import type { Actor, TestApp } from '#tests/helpers/test-app.ts';
import { DAY, HOUR, datesFromNow, enc, iso, json } from '#tests/helpers/request-helpers.ts';

let t: TestApp;
let actors: Actors;

beforeAll(async () => ({ t, actors } = await createAppWithActors()));
afterAll(async () => t?.close());

const tutorUser = () => actors.tutor.user!;
/** A session of the matrix's owning tutor, straight into the database. */
const sessionOfTutor = (overrides: StudySessionOverrides = {}) => createStudySession(t.deps, tutorUser(), overrides);

function validBody(overrides: Record<string, unknown> = {}) {
  return { title: 'Linear Algebra Crash Course', description: 'Vectors, matrices and eigenvalues in one evening.', ...datesFromNow(2.5), ...overrides };
}

async function rowOf(id: string) {
  return t.deps.db.kysely.selectFrom('study_session').selectAll().where('id', '=', id).executeTakeFirst();
}

async function rejectAsAdmin(id: string, reason = 'Too short', feedback = 'Please describe the syllabus.') {
  const res = await t.request(actors.admin, { method: 'POST', url: `/api/sessions/${id}/reject`, ...json({ reason, feedback }) });
  expect(res.statusCode).toBe(200);
  return res.json() as Session;
}

async function publicList(query: string, who: Actor | null = null) {
  const res = await t.request(who, { method: 'GET', url: `/api/sessions${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { items: Session[]; nextCursor: string | null };
}

describe('sessions: permission matrix', () => {
  it('enforces who may call each route', async () => {
    const everyone200 = { anonymous: 200, student: 200, otherStudent: 200, tutor: 200, otherTutor: 200, admin: 200 };
    const ownerAndAdmin = { anonymous: 401, student: 403, otherStudent: 403, tutor: 200, otherTutor: 403, admin: 200 };
    const adminOnly = { anonymous: 401, student: 403, otherStudent: 403, tutor: 403, otherTutor: 403, admin: 200 };
    await runMatrix(t, actors, [
      { name: 'GET /api/approved-sessions', request: () => ({ method: 'GET', url: '/api/approved-sessions' }), expect: everyone200 },
      { name: 'GET /api/sessions', request: () => ({ method: 'GET', url: '/api/sessions?q=algebra&open=true' }), expect: everyone200 },
      { name: 'GET /api/tutors', request: () => ({ method: 'GET', url: '/api/tutors' }), expect: everyone200 },
      {
        name: 'GET /api/session/{approved}',
        request: async () => ({ method: 'GET', url: `/api/session/${(await sessionOfTutor()).id}` }),
        // Public: a session's link can be shared.
        expect: everyone200,
      },
      {
        name: 'GET /api/session/{pending}',
        request: async () => ({ method: 'GET', url: `/api/session/${(await sessionOfTutor({ status: 'pending' })).id}` }),
        expect: { anonymous: 404, student: 404, otherStudent: 404, tutor: 200, otherTutor: 404, admin: 200 },
      },
      {
        name: 'GET /api/session/{rejected}',
        request: async () => ({ method: 'GET', url: `/api/session/${(await sessionOfTutor({ status: 'rejected' })).id}` }),
        expect: { anonymous: 404, student: 404, otherStudent: 404, tutor: 200, otherTutor: 404, admin: 200 },
      },
      {
        name: "POST /api/create-session/{tutor's email}",
        request: () => ({ method: 'POST', url: `/api/create-session/${enc(tutorUser().email)}`, ...json(validBody()) }),
        expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 201, otherTutor: 403, admin: 403 },
      },
      {
        name: "GET /api/view-sessions/{tutor's email}",
        request: () => ({ method: 'GET', url: `/api/view-sessions/${enc(tutorUser().email)}` }),
        expect: ownerAndAdmin,
      },
      {
        name: "GET /api/session/{tutor's email}/{id}",
        request: async () => ({ method: 'GET', url: `/api/session/${enc(tutorUser().email)}/${(await sessionOfTutor({ status: 'pending' })).id}` }),
        expect: ownerAndAdmin,
      },
      {
        name: "PUT /api/session/{tutor's email}/{id}",
        request: async () => ({
          method: 'PUT',
          url: `/api/session/${enc(tutorUser().email)}/${(await sessionOfTutor({ status: 'pending' })).id}`,
          ...json({ title: 'Renamed', description: 'New text', tutorEmail: 'someone@else.example' }),
        }),
        expect: ownerAndAdmin,
      },
      {
        name: "DELETE /api/session/{tutor's email}/{unbooked}",
        request: async () => ({ method: 'DELETE', url: `/api/session/${enc(tutorUser().email)}/${(await sessionOfTutor()).id}` }),
        expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 204, otherTutor: 403, admin: 204 },
      },
      {
        name: "DELETE /api/session/{tutor's email}/{booked}",
        request: async (a) => {
          const s = await sessionOfTutor();
          await createBooking(t.deps, s, a.student.user!);
          return { method: 'DELETE', url: `/api/session/${enc(tutorUser().email)}/${s.id}` };
        },
        expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 409, otherTutor: 403, admin: 204 },
      },
      {
        name: 'POST /api/sessions/{pending}/approve',
        request: async () => ({ method: 'POST', url: `/api/sessions/${(await sessionOfTutor({ status: 'pending' })).id}/approve`, ...json({ registrationFee: 0 }) }),
        expect: adminOnly,
      },
      {
        name: 'POST /api/sessions/{pending}/reject',
        request: async () => ({ method: 'POST', url: `/api/sessions/${(await sessionOfTutor({ status: 'pending' })).id}/reject`, ...json({ reason: 'r', feedback: 'f' }) }),
        expect: adminOnly,
      },
      {
        name: 'POST /api/sessions/{rejected}/resubmit',
        request: async () => ({ method: 'POST', url: `/api/sessions/${(await sessionOfTutor({ status: 'rejected' })).id}/resubmit` }),
        expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 200, otherTutor: 404, admin: 403 },
      },
      { name: 'GET /api/admin/sessions', request: () => ({ method: 'GET', url: '/api/admin/sessions' }), expect: adminOnly },
    ]);
  });

  it("hides another tutor's session even when the path carries the caller's own email", async () => {
    const s = await sessionOfTutor({ status: 'pending' });
    const other = actors.otherTutor;
    const url = `/api/session/${enc(other.user!.email)}/${s.id}`;
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await t.request(other, { method, url, ...(method === 'PUT' ? json({ title: 'Stolen' }) : {}) });
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({ message: 'No session with this id.' });
    }
    expect((await rowOf(s.id))?.title).toBe(s.title);
  });

  it('answers 404 for an unknown id and 400 for a malformed cursor', async () => {
    const missing = await t.request(actors.student, { method: 'GET', url: `/api/session/${newId()}` });
    expect(missing.statusCode).toBe(404);
    const approve = await t.request(actors.admin, { method: 'POST', url: `/api/sessions/${newId()}/approve`, ...json({ registrationFee: 0 }) });
    expect(approve.statusCode).toBe(404);
    const cursor = await t.request(null, { method: 'GET', url: '/api/sessions?cursor=not-a-cursor' });
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().fields).toHaveProperty('cursor');
  });
});

describe('creating a session', () => {
  it('takes status, fee, duration, tutor name and email from the server, not the body', async () => {
    const tutor = tutorUser();
    const res = await t.request(actors.tutor, {
      method: 'POST',
      url: `/api/create-session/${enc(tutor.email.toUpperCase())}`,
      ...json(validBody({
        status: 'approved',
        registrationFee: 99,
        registrationFeeCents: 9900,
        sessionDuration: '100 hours',
        durationMinutes: 6000,
        tutorName: 'Mallory',
        tutorEmail: 'mallory@example.com',
        tutorId: actors.otherTutor.user!.id,
        bookedCount: 5,
      })),
    });
    expect(res.statusCode).toBe(201);
    const s = res.json() as Session;
    expect(s).toMatchObject({
      status: 'pending',
      registrationFee: 0,
      durationMinutes: 150,
      sessionDuration: '2 hours 30 minutes',
      tutorName: tutor.name,
      tutorEmail: tutor.email,
      tutorId: tutor.id,
      seatsTaken: 0,
      maxParticipants: null,
      cancellationCutoffHours: 24,
      isOpen: false,
      averageRating: null,
      reviewCount: 0,
    });
    const row = await rowOf(s.id);
    expect(row).toMatchObject({ status: 'pending', registrationFeeCents: 0, tutorId: tutor.id, tutorEmail: tutor.email, bookedCount: 0 });
  });

  it('stores an optional capacity and cancellation cutoff, and dates as UTC instants', async () => {
    const res = await t.request(actors.tutor, {
      method: 'POST',
      url: `/api/create-session/${enc(tutorUser().email)}`,
      ...json(validBody({
        maxParticipants: 12,
        cancellationCutoffHours: 6,
        registrationStartDate: '2030-01-01T10:00:00+02:00',
        registrationEndDate: '2030-01-02T10:00:00+02:00',
        classStartDate: '2030-01-03T10:00:00+02:00',
        classEndDate: '2030-01-04T11:05:00+02:00',
      })),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      maxParticipants: 12,
      cancellationCutoffHours: 6,
      registrationStartDate: '2030-01-01T08:00:00.000Z',
      classEndDate: '2030-01-04T09:05:00.000Z',
      sessionDuration: '1 day 1 hour 5 minutes',
    });
  });

  it.each([
    ['registrationEndDate', { registrationStartDate: '2030-01-05T00:00:00Z', registrationEndDate: '2030-01-04T00:00:00Z', classStartDate: '2030-01-06T00:00:00Z', classEndDate: '2030-01-06T02:00:00Z' }, /Registration End Date cannot be before/],
    ['classEndDate', { registrationStartDate: '2030-01-01T00:00:00Z', registrationEndDate: '2030-01-02T00:00:00Z', classStartDate: '2030-01-06T02:00:00Z', classEndDate: '2030-01-05T23:00:00Z' }, /Class End Date cannot be before/],
    ['registrationStartDate', { registrationStartDate: '2030-02-01T00:00:00Z', registrationEndDate: '2030-02-02T00:00:00Z', classStartDate: '2030-01-06T00:00:00Z', classEndDate: '2030-01-06T02:00:00Z' }, /Registration Start Date cannot be after the Class End Date/],
  ])('refuses dates breaking the rule on %s with a 400 naming it, creating nothing', async (field, dates, message) => {
    const title = `Bad dates ${field}`;
    const res = await t.request(actors.tutor, { method: 'POST', url: `/api/create-session/${enc(tutorUser().email)}`, ...json(validBody({ title, ...dates })) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(res.json().fields).toHaveProperty(field);
    const row = await t.deps.db.kysely.selectFrom('study_session').select('id').where('title', '=', title).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('refuses every date equal to now: a new class starts in the future and lasts (the spec defaulted all four to now)', async () => {
    const now = iso(Date.now());
    const title = 'All dates now';
    const res = await t.request(actors.tutor, {
      method: 'POST',
      url: `/api/create-session/${enc(tutorUser().email)}`,
      ...json(validBody({ title, registrationStartDate: now, registrationEndDate: now, classStartDate: now, classEndDate: now })),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['registrationEndDate', 'classEndDate']);
    expect(await t.deps.db.kysely.selectFrom('study_session').select('id').where('title', '=', title).execute()).toEqual([]);
  });

  it.each([
    ['title', { title: '   ' }],
    ['description', { description: '' }],
    ['classStartDate', { classStartDate: 'tomorrow' }],
    ['maxParticipants', { maxParticipants: 0 }],
    ['cancellationCutoffHours', { cancellationCutoffHours: -1 }],
  ])('refuses an invalid %s with a 400 naming it', async (field, patch) => {
    const res = await t.request(actors.tutor, { method: 'POST', url: `/api/create-session/${enc(tutorUser().email)}`, ...json(validBody(patch)) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
  });

  it('refuses a tutor creating for somebody else with a message', async () => {
    const res = await t.request(actors.otherTutor, { method: 'POST', url: `/api/create-session/${enc(tutorUser().email)}`, ...json(validBody({ title: 'Impostor' })) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You can only create sessions for yourself.' });
    const student = await t.request(actors.student, { method: 'POST', url: `/api/create-session/${enc(actors.student.user!.email)}`, ...json(validBody({ title: 'Impostor' })) });
    expect(student.statusCode).toBe(403);
    expect(student.json()).toEqual({ message: 'Only tutors can create sessions.' });
    const rows = await t.deps.db.kysely.selectFrom('study_session').select('id').where('title', '=', 'Impostor').execute();
    expect(rows).toEqual([]);
  });
});

describe('approval and rejection', () => {
  it('approves with a fee in dollars (stored in cents), an optional capacity, and emails the tutor', async () => {
    const s = await sessionOfTutor({ status: 'pending', title: 'Organic Chemistry Lab' });
    const res = await t.request(actors.admin, { method: 'POST', url: `/api/sessions/${s.id}/approve`, ...json({ registrationFee: 12.5, maxParticipants: 8 }) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', registrationFee: 12.5, maxParticipants: 8, isOpen: true });
    expect(await rowOf(s.id)).toMatchObject({ registrationFeeCents: 1250, status: 'approved' });
    const mail = await t.mail.waitFor(tutorUser().email, /^Session approved: Organic Chemistry Lab$/);
    expect(mail.text).toContain('Registration fee: $12.50.');
    expect(mail.text).toContain(`/dashboard/session/${enc(tutorUser().email)}/${s.id}`);
  });

  it.each([
    [{ registrationFee: -1 }, 'registrationFee'],
    [{ registrationFee: 1.005 }, 'registrationFee'],
    [{ registrationFee: 10_000.01 }, 'registrationFee'],
    [{}, 'registrationFee'],
    [{ registrationFee: 5, maxParticipants: 0 }, 'maxParticipants'],
  ])('refuses the approval body %j with a 400 naming %s', async (body, field) => {
    const s = await sessionOfTutor({ status: 'pending' });
    const res = await t.request(actors.admin, { method: 'POST', url: `/api/sessions/${s.id}/approve`, ...json(body) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
    expect((await rowOf(s.id))?.status).toBe('pending');
  });

  it('approves or rejects only a pending session (409 otherwise, nothing changed)', async () => {
    const approved = await sessionOfTutor({ registrationFeeCents: 500 });
    const again = await t.request(actors.admin, { method: 'POST', url: `/api/sessions/${approved.id}/approve`, ...json({ registrationFee: 0 }) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a pending session can be approved; this one is approved.');
    const reject = await t.request(actors.admin, { method: 'POST', url: `/api/sessions/${approved.id}/reject`, ...json({ reason: 'r', feedback: 'f' }) });
    expect(reject.statusCode).toBe(409);
    expect(await rowOf(approved.id)).toMatchObject({ status: 'approved', registrationFeeCents: 500 });
  });

  it('rejects with a reason and feedback, both required; only the tutor and admins see them', async () => {
    const s = await sessionOfTutor({ status: 'pending', title: 'Quantum Basics' });
    for (const body of [{ reason: 'Too short' }, { feedback: 'More detail' }, { reason: ' ', feedback: 'x' }]) {
      const res = await t.request(actors.admin, { method: 'POST', url: `/api/sessions/${s.id}/reject`, ...json(body) });
      expect(res.statusCode).toBe(400);
    }
    expect((await rowOf(s.id))?.status).toBe('pending');

    const rejected = await rejectAsAdmin(s.id, 'Too short', 'Please describe the syllabus.');
    expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: 'Too short', rejectionFeedback: 'Please describe the syllabus.' });
    const mail = await t.mail.waitFor(tutorUser().email, /^Session not approved: Quantum Basics$/);
    expect(mail.text).toContain('Reason: Too short');
    expect(mail.text).toContain('Feedback: Please describe the syllabus.');

    const own = await t.request(actors.tutor, { method: 'GET', url: `/api/session/${s.id}` });
    expect(own.json()).toMatchObject({ rejectionReason: 'Too short', rejectionFeedback: 'Please describe the syllabus.' });
    const list = await t.request(actors.tutor, { method: 'GET', url: `/api/view-sessions/${enc(tutorUser().email)}` });
    expect((list.json() as TutorSessionPage).items.find((x) => x.id === s.id)).toMatchObject({ rejectionFeedback: 'Please describe the syllabus.' });
    expect((await t.request(actors.student, { method: 'GET', url: `/api/session/${s.id}` })).statusCode).toBe(404);
  });

  it('lets the tutor edit a rejected session and resubmit it; only a rejected one', async () => {
    const s = await sessionOfTutor({ status: 'pending' });
    await rejectAsAdmin(s.id);
    const url = `/api/session/${enc(tutorUser().email)}/${s.id}`;
    const edit = await t.request(actors.tutor, { method: 'PUT', url, ...json({ description: 'Now with a syllabus.', classEndDate: iso(Date.parse(s.classStartDate) + 3 * HOUR) }) });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ status: 'rejected', description: 'Now with a syllabus.', sessionDuration: '3 hours' });

    const res = await t.request(actors.tutor, { method: 'POST', url: `/api/sessions/${s.id}/resubmit` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', rejectionReason: null, rejectionFeedback: null });

    const twice = await t.request(actors.tutor, { method: 'POST', url: `/api/sessions/${s.id}/resubmit` });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Only a rejected session can be resubmitted; this one is pending.');
    expect((await rowOf(s.id))?.status).toBe('pending');
  });
});

describe('editing a session', () => {
  it('lets the tutor change title and description of an approved session, not its dates, capacity or cutoff', async () => {
    const s = await sessionOfTutor({ registrationFeeCents: 1000 });
    const url = `/api/session/${enc(tutorUser().email)}/${s.id}`;
    const ok = await t.request(actors.tutor, { method: 'PUT', url, ...json({ title: 'Better title', description: 'Better text', tutorEmail: 'x@example.com' }) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ title: 'Better title', description: 'Better text', status: 'approved', registrationFee: 10, tutorEmail: tutorUser().email });

    // Sending the unchanged dates back (as a form does) is fine; changing them is not.
    const same = await t.request(actors.tutor, { method: 'PUT', url, ...json({ title: 'Same dates', classStartDate: s.classStartDate, classEndDate: s.classEndDate }) });
    expect(same.statusCode).toBe(200);
    for (const patch of [{ classEndDate: iso(Date.parse(s.classEndDate) + HOUR) }, { maxParticipants: 3 }, { cancellationCutoffHours: 1 }]) {
      const res = await t.request(actors.tutor, { method: 'PUT', url, ...json({ title: 'Sneaky', ...patch }) });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Dates, capacity and cancellation cutoff can only be changed while the session is pending or rejected.');
    }
    expect(await rowOf(s.id)).toMatchObject({ title: 'Same dates', classEndDate: s.classEndDate, maxParticipants: null, cancellationCutoffHours: 24 });
  });

  it('applies the date rules to the merged dates of an edit', async () => {
    const s = await sessionOfTutor({ status: 'pending' });
    const res = await t.request(actors.tutor, {
      method: 'PUT',
      url: `/api/session/${enc(tutorUser().email)}/${s.id}`,
      ...json({ registrationEndDate: iso(Date.parse(s.registrationStartDate) - HOUR) }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('registrationEndDate');
    expect((await rowOf(s.id))?.registrationEndDate).toBe(s.registrationEndDate);
  });

  it('lets an admin change the dates of an approved session, never the capacity below the seats taken', async () => {
    const s = await sessionOfTutor();
    await createBooking(t.deps, s, actors.student.user!);
    await createBooking(t.deps, s, actors.otherStudent.user!);
    const url = `/api/session/${enc(tutorUser().email)}/${s.id}`;
    const later = iso(Date.parse(s.classEndDate) + DAY);
    const ok = await t.request(actors.admin, { method: 'PUT', url, ...json({ classEndDate: later }) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ classEndDate: later, seatsTaken: 2 });
    const tight = await t.request(actors.admin, { method: 'PUT', url, ...json({ maxParticipants: 1 }) });
    expect(tight.statusCode).toBe(409);
    expect(tight.json().message).toBe('Max participants cannot be below the 2 seats already taken.');
    expect((await rowOf(s.id))?.maxParticipants).toBeNull();
  });
});

describe('deleting a session', () => {
  it('refuses the tutor when the session has bookings, with a message, and keeps it', async () => {
    const s = await sessionOfTutor();
    await createBooking(t.deps, s, actors.student.user!);
    const res = await t.request(actors.tutor, { method: 'DELETE', url: `/api/session/${enc(tutorUser().email)}/${s.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This session has bookings, so it cannot be deleted. Use Cancel session on its page instead: its students are told.' });
    expect(await rowOf(s.id)).toBeTruthy();
  });

  it('lets an admin delete it with its bookings, waitlist, reviews and materials', async () => {
    const s = await sessionOfTutor();
    const student = actors.student.user!;
    await createBooking(t.deps, s, student);
    const now = iso(Date.now());
    const db = t.deps.db.kysely;
    await db.insertInto('waitlist_entry').values({ id: newId(), sessionId: s.id, studentId: actors.otherStudent.user!.id, createdAt: now }).execute();
    await db.insertInto('review').values({ id: newId(), sessionId: s.id, studentId: student.id, studentName: student.name, rating: 4, review: 'Good', createdAt: now, updatedAt: now }).execute();
    await db.insertInto('material').values({ id: newId(), sessionId: s.id, tutorId: tutorUser().id, title: 'Slides', link: 'https://example.com/slides', fileKey: null, fileName: null, mimeType: null, fileSize: null, createdAt: now, updatedAt: now }).execute();

    const res = await t.request(actors.admin, { method: 'DELETE', url: `/api/session/${enc(tutorUser().email)}/${s.id}` });
    expect(res.statusCode).toBe(204);
    expect(await rowOf(s.id)).toBeUndefined();
    for (const table of ['booking', 'waitlist_entry', 'review', 'material'] as const) {
      const left = await db.selectFrom(table).select('id').where('sessionId', '=', s.id).execute();
      expect(left, table).toEqual([]);
    }
  });
});

describe('public lists', () => {
  it('lists only approved sessions, newest first, with Ongoing/Closed from the registration window', async () => {
    const tag = `Zeta${Date.now().toString(36)}`;
    const now = Date.now();
    const open = await sessionOfTutor({ title: `${tag} open` });
    const closed = await sessionOfTutor({ title: `${tag} closed`, registrationStartDate: iso(now - 5 * DAY), registrationEndDate: iso(now - DAY) });
    const future = await sessionOfTutor({ title: `${tag} future`, registrationStartDate: iso(now + DAY), registrationEndDate: iso(now + 2 * DAY) });
    await sessionOfTutor({ title: `${tag} pending`, status: 'pending' });
    await sessionOfTutor({ title: `${tag} rejected`, status: 'rejected' });
    // Distinct creation times: open newest, then closed, then future.
    const db = t.deps.db.kysely;
    await db.updateTable('study_session').set({ createdAt: iso(now + 3000) }).where('id', '=', open.id).execute();
    await db.updateTable('study_session').set({ createdAt: iso(now + 2000) }).where('id', '=', closed.id).execute();
    await db.updateTable('study_session').set({ createdAt: iso(now + 1000) }).where('id', '=', future.id).execute();

    // Newest first when asked (the default is class order: tests/api/session-order.test.ts).
    const all = await publicList(`?q=${tag}&sort=newest`);
    expect(all.items.map((s) => s.title)).toEqual([`${tag} open`, `${tag} closed`, `${tag} future`]);
    expect(all.items.map((s) => s.isOpen)).toEqual([true, false, false]);
    expect(all.items.every((s) => s.rejectionReason === null && s.status === 'approved')).toBe(true);

    const onlyOpen = await publicList(`?q=${tag}&open=true`);
    expect(onlyOpen.items.map((s) => s.title)).toEqual([`${tag} open`]);

    const home = await t.request(null, { method: 'GET', url: '/api/approved-sessions' });
    expect(home.statusCode).toBe(200);
    const homeItems = home.json().items as Session[];
    expect(homeItems.length).toBeLessThanOrEqual(6);
    expect(homeItems.every((s) => s.status === 'approved')).toBe(true);
    // Home's list is the upcoming one in class order (decision 053): soonest class first, none ended.
    const starts = homeItems.map((s) => s.classStartDate);
    expect(starts).toEqual([...starts].sort());
    expect(homeItems.every((s) => Date.parse(s.classEndDate) > now)).toBe(true);
  });

  it('searches by title or tutor name, case-insensitively, with % and _ taken literally', async () => {
    const tutor = await t.createUser({ role: 'tutor', name: `Professor Quill ${Date.now().toString(36)}` });
    const s = await createStudySession(t.deps, tutor, { title: 'Thermodynamics 100% explained' });
    expect((await publicList(`?q=${enc('PROFESSOR QUILL')}`)).items.map((x) => x.id)).toEqual([s.id]);
    expect((await publicList(`?q=${enc('thermodynamics 100%')}`)).items.map((x) => x.id)).toEqual([s.id]);
    expect((await publicList(`?q=${enc('thermo%explained')}`)).items).toEqual([]);
    expect((await publicList(`?q=${enc('thermo_dynamics')}`)).items).toEqual([]);
  });

  it('pages with keyset cursors: every session once, in order', async () => {
    const tag = `Paging${Date.now().toString(36)}`;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await sessionOfTutor({ title: `${tag} ${i}` })).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await publicList(`?q=${tag}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((s) => s.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect([...seen].sort()).toEqual([...ids].sort());
    expect(new Set(seen).size).toBe(5);
    const res = await t.request(null, { method: 'GET', url: '/api/sessions?limit=101' });
    expect(res.statusCode).toBe(400);
  });

  it('lists tutors who are not blocked and have at least one approved session', async () => {
    const tag = Date.now().toString(36);
    const withApproved = await t.createUser({ role: 'tutor', name: `Aaron Approved ${tag}` });
    const onlyPending = await t.createUser({ role: 'tutor', name: `Aaron Pending ${tag}` });
    const blocked = await t.createUser({ role: 'tutor', name: `Aaron Blocked ${tag}`, blocked: true });
    await createStudySession(t.deps, withApproved);
    await createStudySession(t.deps, onlyPending, { status: 'pending' });
    await createStudySession(t.deps, blocked);
    const all: Array<{ id: string; name: string }> = [];
    let cursor: string | null = null;
    do {
      const res = await t.request(null, { method: 'GET', url: `/api/tutors?limit=2${cursor ? `&cursor=${cursor}` : ''}` });
      expect(res.statusCode).toBe(200);
      all.push(...res.json().items);
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(all).toContainEqual({ id: withApproved.id, name: withApproved.name });
    expect(all.map((x) => x.id)).not.toContain(onlyPending.id);
    expect(all.map((x) => x.id)).not.toContain(blocked.id);
    expect(all.map((x) => x.name)).toEqual([...all.map((x) => x.name)].sort());
  });

  it('shows the average rating and count from the stored sums', async () => {
    const s = await sessionOfTutor();
    await t.deps.db.kysely.updateTable('study_session').set({ ratingSum: 14, ratingCount: 3 }).where('id', '=', s.id).execute();
    const res = await t.request(actors.student, { method: 'GET', url: `/api/session/${s.id}` });
    expect(res.json()).toMatchObject({ averageRating: 4.7, reviewCount: 3 });
  });
});

describe("tutors' and admins' lists", () => {
  it("gives a tutor all their own sessions, every status, and nobody else's", async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const mine = [
      await createStudySession(t.deps, tutor.user!, { status: 'pending' }),
      await createStudySession(t.deps, tutor.user!, { status: 'approved' }),
      await createStudySession(t.deps, tutor.user!, { status: 'rejected' }),
    ];
    await sessionOfTutor();
    const seen: TutorSessionListItem[] = [];
    let cursor: string | null = null;
    do {
      const res = await t.request(tutor, { method: 'GET', url: `/api/view-sessions/${enc(tutor.user!.email)}?limit=2${cursor ? `&cursor=${cursor}` : ''}` });
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().items);
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(seen.map((s) => s.id).sort()).toEqual(mine.map((s) => s.id).sort());

    const asAdmin = await t.request(actors.admin, { method: 'GET', url: `/api/view-sessions/${enc(tutor.user!.email)}` });
    expect((asAdmin.json() as TutorSessionPage).items.length).toBe(3);
    const unknown = await t.request(actors.admin, { method: 'GET', url: '/api/view-sessions/nobody%40example.com' });
    expect(unknown.statusCode).toBe(404);
  });

  it('lists every session for admins, pending first, with a status filter and search', async () => {
    const tag = `Admin${Date.now().toString(36)}`;
    const approved = await sessionOfTutor({ title: `${tag} approved` });
    const pending = await sessionOfTutor({ title: `${tag} pending`, status: 'pending' });
    const rejected = await sessionOfTutor({ title: `${tag} rejected`, status: 'rejected' });
    const db = t.deps.db.kysely;
    // The pending one is the oldest, yet comes first.
    await db.updateTable('study_session').set({ createdAt: iso(Date.now() - DAY) }).where('id', '=', pending.id).execute();

    const seen: AdminSessionListItem[] = [];
    let cursor: string | null = null;
    do {
      const res = await t.request(actors.admin, { method: 'GET', url: `/api/admin/sessions?q=${tag}&limit=1${cursor ? `&cursor=${cursor}` : ''}` });
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().items);
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(seen.map((s) => s.id)[0]).toBe(pending.id);
    expect(seen.map((s) => s.id).sort()).toEqual([approved.id, pending.id, rejected.id].sort());

    const onlyRejected = await t.request(actors.admin, { method: 'GET', url: `/api/admin/sessions?q=${tag}&status=rejected` });
    expect((onlyRejected.json() as AdminSessionPage).items.map((s) => s.id)).toEqual([rejected.id]);
    const badStatus = await t.request(actors.admin, { method: 'GET', url: '/api/admin/sessions?status=archived' });
    expect(badStatus.statusCode).toBe(400);
  });

  // A list answers what its page shows (docs/decisions/071-speed-at-full-scale.md); the session's own route answers the whole session.
  const LONG_DESCRIPTION = 'A long description that only the session’s own page shows.';

  it("answers each of a tutor's sessions as Manage Sessions and Upload Materials show it, and the session's own route the whole session", async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const approved = await createStudySession(t.deps, tutor.user!, { title: 'Shown in its row', description: LONG_DESCRIPTION, maxParticipants: 12, tutorTimeZone: 'Europe/Madrid' });
    await createBooking(t.deps, approved, (await t.actor({ role: 'student' })).user!);
    const rejected = await createStudySession(t.deps, tutor.user!, { title: 'Sent back', description: LONG_DESCRIPTION, status: 'pending' });
    await rejectAsAdmin(rejected.id, 'Too short', 'Please describe the syllabus.');

    for (const who of [tutor, actors.admin]) {
      const res = await t.request(who, { method: 'GET', url: `/api/view-sessions/${enc(tutor.user!.email)}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(LONG_DESCRIPTION);
      const items = (res.json() as TutorSessionPage).items;
      for (const item of items) {
        expect(Object.keys(item).sort()).toEqual(
          ['classEndDate', 'classStartDate', 'id', 'maxParticipants', 'rejectionFeedback', 'rejectionReason', 'seatsTaken', 'status', 'title', 'tutorTimeZone', 'updatedAt'].sort(),
        );
        expect(item).not.toHaveProperty('description');
      }
      expect(items.find((i) => i.id === approved.id)).toEqual({
        id: approved.id,
        title: 'Shown in its row',
        status: 'approved',
        classStartDate: approved.classStartDate,
        classEndDate: approved.classEndDate,
        tutorTimeZone: 'Europe/Madrid',
        maxParticipants: 12,
        seatsTaken: 1,
        rejectionReason: null,
        rejectionFeedback: null,
        updatedAt: approved.updatedAt,
      });
      expect(items.find((i) => i.id === rejected.id)).toMatchObject({ status: 'rejected', rejectionReason: 'Too short', rejectionFeedback: 'Please describe the syllabus.', maxParticipants: null, seatsTaken: 0 });
    }
    // Edit and View read the whole session from its own route.
    const own = await t.request(tutor, { method: 'GET', url: `/api/session/${enc(tutor.user!.email)}/${approved.id}` });
    expect(own.json()).toMatchObject({ id: approved.id, description: LONG_DESCRIPTION, tutorEmail: tutor.user!.email, cancellationCutoffHours: 24, seatsTaken: 1 });
  });

  it("answers each session of the admins' list as All Sessions and its Approve and Reject dialogs show it, and the session's own route the whole session", async () => {
    const tag = `Slim${Date.now().toString(36)}`;
    const pending = await sessionOfTutor({ title: `${tag} pending`, description: LONG_DESCRIPTION, status: 'pending', maxParticipants: 20, seriesId: newId() });
    await t.deps.db.kysely.updateTable('study_session').set({ locationKind: 'online', meetingUrl: 'https://meet.example/slim' }).where('id', '=', pending.id).execute();
    const approved = await sessionOfTutor({ title: `${tag} approved`, description: LONG_DESCRIPTION, registrationFeeCents: 1250 });

    const res = await t.request(actors.admin, { method: 'GET', url: `/api/admin/sessions?q=${tag}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(LONG_DESCRIPTION);
    expect(res.body).not.toContain('https://meet.example/slim');
    const items = (res.json() as AdminSessionPage).items;
    expect(items.map((i) => i.id)).toEqual([pending.id, approved.id]);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(
        [
          'classStartDate',
          'id',
          'locationKind',
          'maxParticipants',
          'registrationEndDate',
          'registrationFee',
          'registrationStartDate',
          'rejectionFeedback',
          'rejectionReason',
          'seriesId',
          'status',
          'title',
          'tutorEmail',
          'tutorName',
          'updatedAt',
        ].sort(),
      );
      expect(item).not.toHaveProperty('description');
    }
    expect(items[0]).toEqual({
      id: pending.id,
      title: `${tag} pending`,
      status: 'pending',
      tutorName: tutorUser().name,
      tutorEmail: tutorUser().email,
      registrationStartDate: pending.registrationStartDate,
      registrationEndDate: pending.registrationEndDate,
      classStartDate: pending.classStartDate,
      registrationFee: 0,
      updatedAt: pending.updatedAt,
      rejectionReason: null,
      rejectionFeedback: null,
      locationKind: 'online',
      seriesId: pending.seriesId,
      maxParticipants: 20,
    });
    expect(items[1]).toMatchObject({ status: 'approved', registrationFee: 12.5, locationKind: null, seriesId: null, maxParticipants: null });
    // Edit reads the whole session from its own route.
    const own = await t.request(actors.admin, { method: 'GET', url: `/api/session/${enc(tutorUser().email)}/${pending.id}` });
    expect(own.json()).toMatchObject({ id: pending.id, description: LONG_DESCRIPTION, meetingUrl: 'https://meet.example/slim', cancellationCutoffHours: 24 });
  });
});
