// "My data" (docs/decisions/020-account-deletion.md, 038-account-erasure-and-exports.md). A user downloads everything StudyNest holds about them and deletes
// their account with their password; admins do both for another user. The rules of a deletion:
// bookings of classes not started cancelled (refund, waitlist promotion), reviews kept as "Former
// student", a tutor with upcoming booked sessions refused, the last admin refused; every export
// and deletion in the audit log. Runs on SQLite and on PostgreSQL (TEST_DATABASE_URL).
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BookSessionResult } from '#contract/bookings.ts';
import type { AccountDeleted, MyData } from '#contract/my-data.ts';
import { earlierWholeMessage } from '#tests/helpers/earlier-emails.ts';
import { sentEmailRetention } from '#server/email/sent-email-repository.ts';
import { readZipArchive } from '#server/features/my-data/public.ts';
import { newId } from '#server/ids.ts';
import { createBooking, createStudySession, type CreatedUser } from '#tests/factories.ts';
import type { FakeStripe } from '#tests/helpers/fake-stripe.ts';
import { createStripeAppWithActors, runMatrix, type Actors } from '#tests/helpers/permission-matrix.ts';
import type { Actor, TestApp } from '#tests/helpers/test-app.ts';
import { DAY, HOUR, iso, json } from '#tests/helpers/request-helpers.ts';

let t: TestApp & { stripe: FakeStripe };
let stripe: FakeStripe;
let actors: Actors;

beforeAll(async () => ({ t, stripe, actors } = await createStripeAppWithActors()));
afterAll(async () => t?.close());

const db = () => t.deps.db.kysely;
const exportMine = (who: Actor) => t.request(who, { method: 'GET', url: '/api/me/data' });
const deleteMine = (who: Actor, password: string) => t.request(who, { method: 'DELETE', url: '/api/me', remoteAddress: '198.51.100.23', ...json({ password }) });
const deleteUser = (who: Actor, id: string) => t.request(who, { method: 'DELETE', url: `/api/users/${id}`, remoteAddress: '198.51.100.24' });
const auditOf = (targetId: string) => db().selectFrom('audit_log').selectAll().where('targetId', '=', targetId).orderBy('at').orderBy('id').execute();
const userRow = (id: string) => db().selectFrom('user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function addNote(student: CreatedUser, title = 'My note') {
  const now = new Date().toISOString();
  await db().insertInto('note').values({ id: newId(), studentId: student.id, title, details: 'Private details', createdAt: now, updatedAt: now }).execute();
}

async function addReview(session: { id: string }, student: CreatedUser, text = 'Very clear') {
  const now = new Date().toISOString();
  const id = newId();
  await db().insertInto('review').values({ id, sessionId: session.id, studentId: student.id, studentName: student.name, rating: 5, review: text, createdAt: now, updatedAt: now }).execute();
  return id;
}

/** A session whose class took place last week. */
const pastSession = (tutor: CreatedUser) =>
  createStudySession(t.deps, tutor, { registrationStartDate: iso(Date.now() - 20 * DAY), registrationEndDate: iso(Date.now() - 10 * DAY), classStartDate: iso(Date.now() - 7 * DAY) });

describe('my data routes: permission matrix', () => {
  it('lets everyone signed in export and delete their own account, and only admins those of others', async () => {
    await runMatrix(t, actors, [
      { name: 'GET /api/me/data', request: () => ({ method: 'GET', url: '/api/me/data' }), expect: { anonymous: 401, student: 200, otherStudent: 200, tutor: 200, otherTutor: 200, admin: 200 } },
      { name: 'GET /api/me/data.zip', request: () => ({ method: 'GET', url: '/api/me/data.zip' }), expect: { anonymous: 401, student: 200, otherStudent: 200, tutor: 200, otherTutor: 200, admin: 200 } },
      // A wrong password: nothing is deleted, whoever asks.
      { name: 'DELETE /api/me (wrong password)', request: () => ({ method: 'DELETE', url: '/api/me', ...json({ password: 'not-the-password' }) }), expect: { anonymous: 401, student: 400, otherStudent: 400, tutor: 400, otherTutor: 400, admin: 400 } },
      { name: 'DELETE /api/me (no body)', request: () => ({ method: 'DELETE', url: '/api/me', ...json({}) }), expect: { anonymous: 400, student: 400, otherStudent: 400, tutor: 400, otherTutor: 400, admin: 400 } },
      {
        name: "GET /api/users/{student's id}/data",
        request: (a) => ({ method: 'GET', url: `/api/users/${a.student.user!.id}/data` }),
        expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 403, otherTutor: 403, admin: 200 },
      },
      {
        name: 'DELETE /api/users/{a new user}',
        request: async () => ({ method: 'DELETE', url: `/api/users/${(await t.createUser()).id}` }),
        expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 403, otherTutor: 403, admin: 200 },
      },
      { name: 'DELETE /api/users/{unknown}', request: () => ({ method: 'DELETE', url: '/api/users/nobody' }), expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 403, otherTutor: 403, admin: 404 } },
      { name: 'GET /api/users/{unknown}/data', request: () => ({ method: 'GET', url: '/api/users/nobody/data' }), expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 403, otherTutor: 403, admin: 404 } },
    ]);
    // The matrix's accounts are all still there.
    for (const name of ['student', 'otherStudent', 'tutor', 'otherTutor', 'admin'] as const) {
      expect((await t.request(actors[name], { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    }
  });

  it('refuses an admin deleting their own account through the admin route (Settings asks for the password)', async () => {
    const res = await deleteUser(actors.admin, actors.admin.user!.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Delete your own account from Settings, with your password.');
  });
});

describe('exporting my data', () => {
  it("holds the account, bookings, payments, waitlist, reviews and notes of a student, and nobody else's", async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const me = await t.actor({ role: 'student', name: 'Export Me' });
    const other = await t.createUser({ role: 'student' });
    const upcoming = await createStudySession(t.deps, tutor, { title: 'Upcoming algebra' });
    const past = await pastSession(tutor);
    const full = await createStudySession(t.deps, tutor, { title: 'Full one', maxParticipants: 1 });
    await createBooking(t.deps, upcoming, me.user!);
    await createBooking(t.deps, upcoming, other);
    await createBooking(t.deps, past, me.user!, { amountCents: 900 });
    await createBooking(t.deps, full, other);
    // The tutor marked them present at the class that took place.
    await db().updateTable('booking').set({ attendance: 'present', attendanceMarkedAt: iso(Date.now() - 7 * DAY + HOUR) }).where('sessionId', '=', past.id).where('studentId', '=', me.user!.id).execute();
    expect((await t.request(me, { method: 'POST', url: `/api/sessions/${full.id}/waitlist` })).statusCode).toBe(201);
    await addReview(past, me.user!, 'Loved it');
    await addNote(me.user!, 'Mine');
    await addNote(other, 'Not mine');

    const res = await exportMine(me);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="studynest-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json<MyData>();
    expect(data.format).toBe('studynest-my-data/1');
    expect(data.account).toMatchObject({ id: me.user!.id, name: 'Export Me', email: me.user!.email, role: 'student', status: 'Verified', emailVerified: true, signInMethods: ['credential'] });
    expect(data.signIns.length).toBeGreaterThan(0);
    expect(JSON.stringify(data.signIns)).not.toMatch(/token/i);
    expect(data.bookings.map((b) => b.sessionTitle).sort()).toEqual(['Upcoming algebra', past.title].sort());
    expect(data.payments).toEqual([expect.objectContaining({ sessionTitle: past.title, amountCents: 900, status: 'paid' })]);
    expect(data.bookings.find((b) => b.sessionId === past.id)).toMatchObject({ attendance: 'present', attendanceMarkedAt: expect.any(String) });
    expect(data.bookings.find((b) => b.sessionId === upcoming.id)).toMatchObject({ attendance: null, attendanceMarkedAt: null });
    expect(data.waitlist).toEqual([expect.objectContaining({ sessionId: full.id, sessionTitle: 'Full one' })]);
    expect(data.reviews).toEqual([expect.objectContaining({ sessionId: past.id, rating: 5, review: 'Loved it' })]);
    expect(data.notes.map((n) => n.title)).toEqual(['Mine']);
    expect(data.sessions).toEqual([]);
    expect(data.materials).toEqual([]);
    expect(JSON.stringify(data)).not.toContain(other.email);
    // Each export is in the log, itself included.
    expect(data.auditLog).toEqual([expect.objectContaining({ action: 'user.data_exported', actor: me.user!.email, targetId: me.user!.id })]);
    expect((await exportMine(me)).json<MyData>().auditLog.map((a) => a.action)).toEqual(['user.data_exported', 'user.data_exported']);
  });

  it("holds a tutor's sessions and materials, their bio, and emails waiting for them", async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const session = await createStudySession(t.deps, tutor.user!, { title: 'Tutored' });
    const now = new Date().toISOString();
    await db().insertInto('tutor_profile').values({ userId: tutor.user!.id, bio: 'Chemist, ten years of teaching.', updatedAt: now }).execute();
    await db().insertInto('material').values({ id: newId(), sessionId: session.id, tutorId: tutor.user!.id, title: 'Slides', fileKey: null, fileName: null, mimeType: null, fileSize: null, link: 'https://example.com/slides', createdAt: now, updatedAt: now }).execute();
    await t.deps.jobs.enqueue(db(), { ...earlierWholeMessage({ to: tutor.user!.email, subject: 'Hello tutor', text: 'x' }), maxAttempts: 1, runAt: new Date(Date.now() + DAY) });
    const data = (await exportMine(tutor)).json<MyData>();
    expect(data.sessions).toEqual([expect.objectContaining({ id: session.id, title: 'Tutored', status: 'approved' })]);
    expect(data.materials).toEqual([expect.objectContaining({ sessionId: session.id, title: 'Slides', link: 'https://example.com/slides' })]);
    expect(data.emails).toContainEqual(expect.objectContaining({ subject: 'Hello tutor', status: 'waiting to be sent' }));
    expect(data.account.bio).toBe('Chemist, ten years of teaching.');
  });

  it('holds the emails sent to the account in the last 30 days, without the text of a one-time link, and forgets them with the account', async () => {
    const me = await t.actor({ role: 'student' });
    await t.deps.jobs.enqueue(db(), earlierWholeMessage({ to: me.user!.email, subject: 'Your receipt', text: 'Thanks for booking.' }));
    expect((await t.request(null, { method: 'POST', url: '/api/auth/request-password-reset', ...json({ email: me.user!.email, redirectTo: '/reset-password' }) })).statusCode).toBe(200);
    await t.mail.waitFor(me.user!.email, /Your receipt/);
    await t.mail.waitFor(me.user!.email, /Reset your StudyNest password/);
    // And the verification email of the sign-up, which the worker may send after the other two.
    await t.mail.waitFor(me.user!.email, /Verify your StudyNest email/);
    const sentRows = () => db().selectFrom('sent_email').selectAll().where('recipient', '=', me.user!.email.toLowerCase()).execute();
    await vi.waitFor(async () => expect((await sentRows()).map((r) => r.subject)).toEqual(expect.arrayContaining(['Your receipt', 'Reset your StudyNest password', 'Verify your StudyNest email'])));
    // One from 31 days ago, past the retention.
    await db().insertInto('sent_email').values({ id: newId(), recipient: me.user!.email.toLowerCase(), subject: 'Long ago', text: 'Old news.', sentAt: iso(Date.now() - 31 * DAY) }).execute();

    const sent = (await exportMine(me)).json<MyData>().emails.filter((e) => e.status === 'sent');
    expect(sent[0]).toEqual({ subject: 'Long ago', status: 'sent', createdAt: expect.any(String), text: 'Old news.' });
    expect(sent).toEqual(expect.arrayContaining([
      { subject: 'Your receipt', status: 'sent', createdAt: expect.any(String), text: 'Thanks for booking.' },
      { subject: 'Reset your StudyNest password', status: 'sent', createdAt: expect.any(String), text: null },
      { subject: 'Verify your StudyNest email', status: 'sent', createdAt: expect.any(String), text: null },
    ]));
    expect((await exportMine(me)).body).not.toMatch(/reset-password\?token=|verify-email\?token=/);

    await sentEmailRetention(t.deps).handler.run({}, { id: 'test', attempt: 1 });
    expect((await sentRows()).map((r) => r.subject)).not.toContain('Long ago');
    expect((await sentRows()).map((r) => r.subject)).toContain('Your receipt');

    // A failed sign-in counted against the address (server/audit/security-events.ts).
    expect((await t.request(null, { method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: '203.0.113.91', ...json({ email: me.user!.email, password: 'not it at all' }) })).statusCode).toBe(401);
    const failures = () => db().selectFrom('sign_in_failure').select('failures').where('email', '=', me.user!.email.toLowerCase()).execute();
    expect(await failures()).toEqual([{ failures: 1 }]);

    expect((await deleteMine(me, me.user!.password)).statusCode).toBe(200);
    expect(await sentRows()).toEqual([]);
    expect(await failures()).toEqual([]);
  });

  it('gives the data and the uploaded files (photo, material files) as one ZIP', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const session = await createStudySession(t.deps, tutor.user!, { title: 'With a handout' });
    const photoName = `${newId()}.webp`;
    await fs.mkdir(path.join(t.deps.config.dataDir, 'uploads'), { recursive: true });
    await fs.writeFile(path.join(t.deps.config.dataDir, 'uploads', photoName), Buffer.from('RIFF-not-really-webp'));
    await db().updateTable('user').set({ image: `/api/uploads/${photoName}` }).where('id', '=', tutor.user!.id).execute();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    const boundary = '----my-data-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="sessionId"\r\n\r\n${session.id}\r\n--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHandout\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="week 1/handout.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const created = await t.request(tutor, { method: 'POST', url: '/api/materials', payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(created.statusCode, created.body).toBe(201);
    const materialId = created.json<{ id: string }>().id;

    const res = await t.request(tutor, { method: 'GET', url: '/api/me/data.zip' });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="studynest-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = readZipArchive(res.rawPayload);
    const materialFile = [...files.keys()].find((k) => k.startsWith(`files/materials/${materialId}-`))!;
    expect([...files.keys()].sort()).toEqual([materialFile, 'files/photo.webp', 'studynest-data.json'].sort());
    // The uploaded name, never a folder of it.
    expect(materialFile).toMatch(/handout\.pdf$/);
    expect(materialFile.slice('files/materials/'.length)).not.toContain('/');
    expect(files.get(materialFile)!.equals(pdf)).toBe(true);
    expect(files.get('files/photo.webp')!.toString()).toBe('RIFF-not-really-webp');
    const data = JSON.parse(files.get('studynest-data.json')!.toString('utf8')) as MyData;
    expect(data.account.email).toBe(tutor.user!.email);
    expect(data.materials).toEqual([expect.objectContaining({ id: materialId, title: 'Handout', mimeType: 'application/pdf' })]);
    expect(data.auditLog.map((a) => a.action)).toEqual(['user.data_exported']);
  });

  it('builds a large archive in a job and emails its link, which only its owner can open', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const session = await createStudySession(t.deps, tutor.user!);
    const now = new Date().toISOString();
    // Recorded as 30 MB: too large to read during a request (the file itself is small).
    await fs.mkdir(path.join(t.deps.config.dataDir, 'materials'), { recursive: true });
    const fileKey = newId();
    await fs.writeFile(path.join(t.deps.config.dataDir, 'materials', fileKey), 'pdf bytes');
    await db().insertInto('material').values({ id: newId(), sessionId: session.id, tutorId: tutor.user!.id, title: 'Big', fileKey, fileName: 'big.pdf', mimeType: 'application/pdf', fileSize: 30 * 1024 * 1024, link: null, createdAt: now, updatedAt: now }).execute();

    const res = await t.request(tutor, { method: 'GET', url: '/api/me/data.zip' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dashboard/settings?export=emailed#my-data');
    const mail = await t.mail.waitFor(tutor.user!.email, /Your StudyNest data is ready/, 15_000);
    const link = /(http\S+\/api\/me\/data-exports\/\S+\.zip)/.exec(mail.text)![1]!;
    const url = new URL(link).pathname;

    const mine = await t.request(tutor, { method: 'GET', url });
    expect(mine.statusCode).toBe(200);
    const files = readZipArchive(mine.rawPayload);
    expect(JSON.parse(files.get('studynest-data.json')!.toString()).account.email).toBe(tutor.user!.email);
    expect([...files.keys()].some((k) => k.endsWith('big.pdf'))).toBe(true);
    expect((await t.request(actors.otherTutor, { method: 'GET', url })).statusCode).toBe(404);
    expect((await t.request(null, { method: 'GET', url })).statusCode).toBe(401);
    const audit = await auditOf(tutor.user!.id);
    expect(audit.map((a) => [a.action, JSON.parse(a.details).delivery])).toEqual([['user.data_exported', 'emailed link']]);

    // Deleting the account removes its archives.
    expect((await deleteMine(tutor, tutor.user!.password)).statusCode).toBe(200);
    const left = await fs.readdir(path.join(t.deps.config.dataDir, 'exports'));
    expect(left.filter((n) => n.startsWith(tutor.user!.id))).toEqual([]);
  });

  it("gives an admin another user's data, recorded with who and from where", async () => {
    const student = await t.createUser({ role: 'student' });
    const res = await t.request(actors.admin, { method: 'GET', url: `/api/users/${student.id}/data`, remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(200);
    expect(res.json<MyData>().account.email).toBe(student.email);
    expect(await auditOf(student.id)).toEqual([expect.objectContaining({ action: 'user.data_exported', actorId: actors.admin.user!.id, actor: actors.admin.user!.email, ip: '203.0.113.9' })]);
  });
});

describe('deleting my account', () => {
  it("asks for the password: a wrong one changes nothing", async () => {
    const me = await t.actor({ role: 'student' });
    const res = await deleteMine(me, 'wrong password');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The password is not right.', fields: { password: 'The password is not right' } });
    expect((await t.request(me, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    expect(await auditOf(me.user!.id)).toEqual([]);
  });

  it('removes notes, photo and personal data; cancels upcoming bookings (promoting the waitlist); keeps reviews as "Former student" and past bookings anonymised', async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const me = await t.actor({ role: 'student', name: 'Leaving Student' });
    const waiting = await t.actor({ role: 'student' });
    const upcoming = await createStudySession(t.deps, tutor, { title: 'Full upcoming', maxParticipants: 1, cancellationCutoffHours: 24, classStartDate: iso(Date.now() + 2 * HOUR) });
    const past = await pastSession(tutor);
    await createBooking(t.deps, upcoming, me.user!);
    expect((await t.request(waiting, { method: 'POST', url: `/api/sessions/${upcoming.id}/waitlist` })).statusCode).toBe(201);
    await createBooking(t.deps, past, me.user!);
    const reviewId = await addReview(past, me.user!);
    await addNote(me.user!);
    await db().updateTable('user').set({ image: '/api/uploads/some-photo.webp' }).where('id', '=', me.user!.id).execute();

    const res = await deleteMine(me, me.user!.password);
    expect(res.statusCode, res.body).toBe(200);
    // Inside the cancellation cutoff: a deletion cancels all the same.
    expect(res.json<AccountDeleted>()).toEqual({ message: 'Your account has been deleted. 1 upcoming booking(s) cancelled.', cancelledBookings: 1, refundedBookings: 0 });

    // Signed out, cannot sign in again, email free for a new account.
    expect((await t.request(me, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: 'http://studynest.test' }, payload: { email: me.user!.email, password: me.user!.password } });
    expect(signIn.statusCode).toBe(401);
    const row = await userRow(me.user!.id);
    expect(row).toMatchObject({ name: 'Former student', email: `deleted-${me.user!.id}@deleted.invalid`, image: null });
    expect(Boolean(row.blocked)).toBe(true);
    expect(await db().selectFrom('account').select('id').where('userId', '=', me.user!.id).execute()).toEqual([]);
    expect(await db().selectFrom('note').select('id').where('studentId', '=', me.user!.id).execute()).toEqual([]);
    const again = await t.createUser({ email: me.user!.email });
    expect(again.email).toBe(me.user!.email);

    // The seat went to the first in line.
    const upcomingBookings = await db().selectFrom('booking').select(['studentId']).where('sessionId', '=', upcoming.id).execute();
    expect(upcomingBookings).toEqual([{ studentId: waiting.user!.id }]);
    // The review stays, no longer naming them; the past booking stays without their email.
    const reviews = await t.request(null, { method: 'GET', url: `/api/sessions/${past.id}/reviews` });
    expect(reviews.json().items).toEqual([expect.objectContaining({ id: reviewId, studentName: 'Former student' })]);
    expect(reviews.body).not.toContain('Leaving Student');
    const pastBooking = await db().selectFrom('booking').select('studentEmail').where('sessionId', '=', past.id).executeTakeFirstOrThrow();
    expect(pastBooking.studentEmail).toBe(`deleted-${me.user!.id}@deleted.invalid`);

    expect(await auditOf(me.user!.id)).toEqual([
      expect.objectContaining({ action: 'user.deleted', actorId: me.user!.id, actor: me.user!.email, ip: '198.51.100.23' }),
    ]);
    const details = JSON.parse((await auditOf(me.user!.id))[0]!.details);
    expect(details).toMatchObject({ role: 'student', by: 'themselves', cancelledBookings: 1 });
  });

  it('ends the private calendar feed of the account: its address answers 404', async () => {
    const me = await t.actor({ role: 'student' });
    const made = await t.request(me, { method: 'POST', url: '/api/me/calendar-feed' });
    expect(made.statusCode, made.body).toBeLessThan(300);
    const feedPath = new URL(made.json<{ url: string }>().url).pathname;
    expect((await t.request(null, { method: 'GET', url: feedPath })).statusCode).toBe(200);
    expect((await deleteMine(me, me.user!.password)).statusCode).toBe(200);
    expect((await t.request(null, { method: 'GET', url: feedPath })).statusCode).toBe(404);
    expect(await db().selectFrom('calendar_feed').select('token').where('userId', '=', me.user!.id).execute()).toEqual([]);
  });

  it('refunds a paid upcoming booking through the payment service', async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const me = await t.actor({ role: 'student' });
    const paid = await createStudySession(t.deps, tutor, { registrationFeeCents: 1500 });
    const booked = await t.request(me, { method: 'POST', url: '/api/book-session', ...json({ sessionId: paid.id }) });
    expect(booked.statusCode, booked.body).toBe(201);
    const checkoutId = /\/checkout\/([^/?#]+)$/.exec(booked.json<BookSessionResult>().checkoutUrl!)![1]!;
    stripe.markPaid(checkoutId);
    const { payload, signature } = stripe.completedEvent(checkoutId);
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } })).statusCode).toBe(200);

    const res = await deleteMine(me, me.user!.password);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AccountDeleted>()).toMatchObject({ cancelledBookings: 1, refundedBookings: 1 });
    const intent = stripe.sessions.get(checkoutId)!.payment_intent;
    // The refund is a job written with the erasure, sent to the payment service after the commit.
    await vi.waitFor(() => expect(stripe.refunds.filter((r) => r.payment_intent === intent)).toEqual([expect.objectContaining({ amount: 1500 })]), { timeout: 10_000 });
    expect((await db().selectFrom('study_session').select('bookedCount').where('id', '=', paid.id).executeTakeFirstOrThrow()).bookedCount).toBe(0);
  });

  it('refuses a tutor with upcoming booked sessions; without them, removes unbooked sessions and materials and keeps past ones as "Former tutor"', async () => {
    const tutor = await t.actor({ role: 'tutor', name: 'Leaving Tutor' });
    const student = await t.createUser({ role: 'student' });
    const booked = await createStudySession(t.deps, tutor.user!, { title: 'Booked soon' });
    const booking = await createBooking(t.deps, booked, student);

    const refused = await deleteMine(tutor, tutor.user!.password);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('You have upcoming sessions with booked students ("Booked soon"). Cancel them or hand them over to another tutor first.');
    const byAdmin = await deleteUser(actors.admin, tutor.user!.id);
    expect(byAdmin.statusCode).toBe(409);
    expect(byAdmin.json().message).toMatch(/^This tutor has upcoming sessions with booked students/);
    expect((await t.request(tutor, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);

    // The booking is cancelled (by the student): now the tutor may go.
    await db().deleteFrom('booking').where('id', '=', booking.id).execute();
    const past = await pastSession(tutor.user!);
    await createBooking(t.deps, past, student);
    const unbooked = await createStudySession(t.deps, tutor.user!, { status: 'pending' });
    const now = new Date().toISOString();
    await db().insertInto('material').values({ id: newId(), sessionId: past.id, tutorId: tutor.user!.id, title: 'Notes', fileKey: null, fileName: null, mimeType: null, fileSize: null, link: 'https://example.com/n', createdAt: now, updatedAt: now }).execute();
    await db().insertInto('tutor_profile').values({ userId: tutor.user!.id, bio: 'About me, soon gone.', updatedAt: now }).execute();

    const res = await deleteMine(tutor, tutor.user!.password);
    expect(res.statusCode, res.body).toBe(200);
    const sessions = await db().selectFrom('study_session').select(['id', 'tutorName', 'tutorEmail']).where('tutorId', '=', tutor.user!.id).execute();
    expect(sessions).toEqual([{ id: past.id, tutorName: 'Former tutor', tutorEmail: `deleted-${tutor.user!.id}@deleted.invalid` }]);
    expect(sessions.map((s) => s.id)).not.toContain(unbooked.id);
    expect(sessions.map((s) => s.id)).not.toContain(booked.id);
    expect(await db().selectFrom('material').select('id').where('tutorId', '=', tutor.user!.id).execute()).toEqual([]);
    expect((await userRow(tutor.user!.id)).name).toBe('Former tutor');
    expect(await db().selectFrom('tutor_profile').select('bio').where('userId', '=', tutor.user!.id).execute()).toEqual([]);
  });

  it('refuses the last admin; another admin may delete an admin, recorded', async () => {
    // The matrix's admin is not alone: make a fresh world of admins count.
    const lone = await t.actor({ role: 'admin' });
    await db().updateTable('user').set({ blocked: t.deps.db.dialect === 'postgres' ? true : 1 }).where('role', '=', 'admin').where('id', '!=', lone.user!.id).execute();
    try {
      const res = await deleteMine(lone, lone.user!.password);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('You are the last admin: make another user an admin first.');
    } finally {
      await db().updateTable('user').set({ blocked: t.deps.db.dialect === 'postgres' ? false : 0 }).where('role', '=', 'admin').where('email', 'not like', '%@deleted.invalid').execute();
    }
    const res = await deleteUser(actors.admin, lone.user!.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AccountDeleted>().message).toBe(`The account of ${lone.user!.email} has been deleted.`);
    expect(await auditOf(lone.user!.id)).toEqual([expect.objectContaining({ action: 'user.deleted', actorId: actors.admin.user!.id, ip: '198.51.100.24' })]);
    // A deleted account is gone for the admin routes too.
    expect((await deleteUser(actors.admin, lone.user!.id)).statusCode).toBe(404);
  });
});
