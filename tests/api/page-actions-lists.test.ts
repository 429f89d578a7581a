// The staff's and students' list and dialog forms on their page's route action
// (docs/decisions/041-pages-loaders-actions.md): a booked session's Cancel booking and Leave
// waitlist, View All Materials' edit and Delete, All Materials' Remove, All Users' role, Block,
// Unblock and Delete, All Sessions' Approve, Reject and Delete, Manage Sessions' Delete and
// Resubmit, the tutor's session page's attendance and Cancel session, and Log out. Each is a POST
// to the page's own address, urlencoded, as a browser sends it before the app is live or without
// JavaScript. Done: 303 to the next page, which says so once (the `done` cookie); refused: the
// page again with the API's 4xx, saying why, and nothing changed. Reads the production build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, createStudySession, createWaitlistEntry } from '#tests/factories.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';
import { builtWeb } from '#tests/helpers/built-web.ts';
import { cookieOf, doneOf, form } from '#tests/helpers/form-posts.ts';

let t: TestApp;

beforeAll(async () => {
  // Test payments: a cancelled paid booking is refunded through them.
  t = await createTestApp({ TEST_PAYMENTS: 'true' }, { webDir: builtWeb() });
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const withDone = (who: Actor, done: string): Actor => ({ ...who, cookie: `${who.cookie}; done=${done}` });
/** The page's markup without React's text separators. */
const text = (html: string) => html.replaceAll('<!-- -->', '');
/** The refusal a page says without JavaScript: its alert's words. */
const alertOf = (html: string) => /<p role="alert">([^<]+)<\/p>/.exec(text(html))?.[1];
/** Whether the page has the button that sends `name`=`value` and says `words` (its attributes in any order). */
const hasButton = (html: string, name: string, value: string, words: string) => new RegExp(`<button(?=[^>]*\\bname="${name}")(?=[^>]*\\bvalue="${value}")[^>]*>${words}</button>`).test(html);

describe("a student's booked session: Cancel booking and Leave waitlist", () => {
  const bookingOf = (sessionId: string, studentId: string) => t.deps.db.kysely.selectFrom('booking').select('status').where('sessionId', '=', sessionId).where('studentId', '=', studentId).executeTakeFirst();

  it('cancels a free booking: 303 to Booked Sessions, which says "Booking cancelled" with its title once', async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const studentUser = await t.createUser({ role: 'student' });
    const student = await t.signIn(studentUser);
    const session = await createStudySession(t.deps, tutor, { title: 'Cancelled without scripts' });
    await createBooking(t.deps, session, studentUser);
    const res = await t.request(student, { method: 'POST', url: `/dashboard/view-booked-session/${session.id}`, ...form({ _nojs: '1', intent: 'cancel' }) });
    expect([res.statusCode, res.headers.location]).toEqual([303, '/dashboard/view-booked-session']);
    expect(doneOf(res)).toBe(`booking.cancelled:${encodeURIComponent('Cancelled without scripts')}`);
    expect((await bookingOf(session.id, studentUser.id))?.status ?? 'removed').not.toBe('confirmed');
    const next = await t.request(withDone(student, doneOf(res)!), { method: 'GET', url: '/dashboard/view-booked-session' });
    expect(next.statusCode).toBe(200);
    expect(text(next.body)).toContain('Cancelled without scripts</p>');
    expect(next.body).not.toContain('data-testid="booked-session-row"');
  });

  it('a paid booking: the next page says its payment is being refunded', async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const student = await t.actor({ role: 'student' });
    const session = await createStudySession(t.deps, tutor, { title: 'Paid, then cancelled', registrationFeeCents: 900 });
    await createBooking(t.deps, session, student.user!, { amountCents: 900 });
    const res = await t.request(student, { method: 'POST', url: `/dashboard/view-booked-session/${session.id}`, ...form({ _nojs: '1', intent: 'cancel' }) });
    expect(res.statusCode).toBe(303);
    expect(doneOf(res)).toBe(`booking.cancelledPaid:${encodeURIComponent('Paid, then cancelled')}`);
    const next = await t.request(withDone(student, doneOf(res)!), { method: 'GET', url: '/dashboard/view-booked-session' });
    expect(text(next.body)).toContain('Paid, then cancelled: your payment is being refunded.');
  });

  it('refused after the cutoff: the page again with 409, saying why; still booked', async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const studentUser = await t.createUser({ role: 'student' });
    const student = await t.signIn(studentUser);
    const session = await createStudySession(t.deps, tutor, { classStartDate: new Date(Date.now() + 2 * HOUR).toISOString(), cancellationCutoffHours: 24 });
    await createBooking(t.deps, session, studentUser);
    const res = await t.request(student, { method: 'POST', url: `/dashboard/view-booked-session/${session.id}`, ...form({ _nojs: '1', intent: 'cancel' }) });
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(text(res.body)).toContain('<strong>Could not cancel</strong>');
    expect(alertOf(res.body)).toBeTruthy();
    expect((await bookingOf(session.id, studentUser.id))?.status).toBe('confirmed');
  });

  it("another student's booking cannot be cancelled from their page: 404, still booked", async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const ownerUser = await t.createUser({ role: 'student' });
    const session = await createStudySession(t.deps, tutor);
    await createBooking(t.deps, session, ownerUser);
    const other = await t.actor({ role: 'student' });
    const res = await t.request(other, { method: 'POST', url: `/dashboard/view-booked-session/${session.id}`, ...form({ _nojs: '1', intent: 'cancel' }) });
    expect(res.statusCode).toBe(404);
    expect((await bookingOf(session.id, ownerUser.id))?.status).toBe('confirmed');
  });

  it('leaves the waitlist: 303 to Booked Sessions, which says "You left the waitlist"; not on it, 404', async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const studentUser = await t.createUser({ role: 'student' });
    const student = await t.signIn(studentUser);
    const session = await createStudySession(t.deps, tutor, { maxParticipants: 1 });
    await createBooking(t.deps, session, await t.createUser({ role: 'student' }));
    await createWaitlistEntry(t.deps, session, studentUser);
    const page = await t.request(student, { method: 'GET', url: `/dashboard/view-booked-session/${session.id}` });
    expect(hasButton(page.body, 'intent', 'leave', 'Leave waitlist')).toBe(true);
    const res = await t.request(student, { method: 'POST', url: `/dashboard/view-booked-session/${session.id}`, ...form({ _nojs: '1', intent: 'leave' }) });
    expect([res.statusCode, res.headers.location]).toEqual([303, '/dashboard/view-booked-session']);
    expect(doneOf(res)).toBe('booking.left');
    expect(await t.deps.db.kysely.selectFrom('waitlist_entry').select('id').where('sessionId', '=', session.id).execute()).toEqual([]);
    const next = await t.request(withDone(student, 'booking.left'), { method: 'GET', url: '/dashboard/view-booked-session' });
    expect(next.body).toContain('You left the waitlist');
    const again = await t.request(student, { method: 'POST', url: `/dashboard/view-booked-session/${session.id}`, ...form({ _nojs: '1', intent: 'leave' }) });
    expect(again.statusCode).toBe(404);
  });
});

describe("materials: a tutor's edit and Delete, an admin's Remove", () => {
  const materialOf = (id: string) => t.deps.db.kysely.selectFrom('material').select(['title', 'link']).where('id', '=', id).executeTakeFirst();
  async function linkMaterial(tutor: Actor, sessionId: string, title: string) {
    await t.request(tutor, { method: 'POST', url: '/dashboard/upload-materials', ...form({ sessionId, title, source: 'link', link: 'https://example.com/first' }) });
    return (await t.deps.db.kysely.selectFrom('material').select('id').where('sessionId', '=', sessionId).where('title', '=', title).executeTakeFirstOrThrow()).id;
  }
  async function tutorWithMaterial(title = 'Reading') {
    const tutorUser = await t.createUser({ role: 'tutor' });
    const tutor = await t.signIn(tutorUser);
    const session = await createStudySession(t.deps, tutorUser);
    return { tutor, id: await linkMaterial(tutor, session.id, title) };
  }

  it('Edit opens the form without JavaScript (?edit=), which saves a new title and link: 303 to the list, which says so', async () => {
    const { tutor, id } = await tutorWithMaterial('Reading');
    const list = await t.request(tutor, { method: 'GET', url: '/dashboard/view-all-materials' });
    expect(list.body).toMatch(/<form(?=[^>]*method="get")(?=[^>]*action="\/dashboard\/view-all-materials")[^>]*>/);
    expect(hasButton(list.body, 'edit', id, 'Edit')).toBe(true);
    const open = await t.request(tutor, { method: 'GET', url: `/dashboard/view-all-materials?edit=${id}` });
    expect(open.body).toContain('aria-label="Edit Reading"');
    const res = await t.request(tutor, { method: 'POST', url: `/dashboard/view-all-materials?edit=${id}`, ...form({ _nojs: '1', intent: 'update', id, title: 'Reading, week 2', source: 'link', link: 'https://example.com/second' }) });
    expect([res.statusCode, res.headers.location]).toEqual([303, '/dashboard/view-all-materials']);
    expect(doneOf(res)).toBe('materials.updated');
    expect(await materialOf(id)).toEqual({ title: 'Reading, week 2', link: 'https://example.com/second' });
    const next = await t.request(withDone(tutor, 'materials.updated'), { method: 'GET', url: '/dashboard/view-all-materials' });
    expect(next.body).toContain('Material updated successfully');
  });

  it('edit refused: the form again, open, with the reason under its field and what was typed; a file without the app is said to need it', async () => {
    const { tutor, id } = await tutorWithMaterial('Kept as it was');
    const url = `/dashboard/view-all-materials?edit=${id}`;
    const res = await t.request(tutor, { method: 'POST', url, ...form({ _nojs: '1', intent: 'update', id, title: 'Typed title', source: 'link', link: 'ftp://example.com/no' }) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('value="Typed title"');
    expect(res.body).toContain('value="ftp://example.com/no"');
    expect(res.body).toMatch(/text-error[^>]*>[^<]*http/);
    const file = await t.request(tutor, { method: 'POST', url, ...form({ _nojs: '1', intent: 'update', id, title: 'With a file', source: 'file', file: 'notes.pdf' }) });
    expect(file.statusCode).toBe(422);
    expect(file.body).toContain('Uploading a file needs JavaScript: turn it on, or add the material as a link.');
    expect(await materialOf(id)).toEqual({ title: 'Kept as it was', link: 'https://example.com/first' });
  });

  it("deletes the tutor's material: 303, \"Material deleted successfully\"; another tutor's is refused with 403 and kept", async () => {
    const { tutor, id } = await tutorWithMaterial('To delete');
    const other = await tutorWithMaterial('Not theirs');
    const refusedRes = await t.request(tutor, { method: 'POST', url: '/dashboard/view-all-materials', ...form({ _nojs: '1', intent: 'delete', id: other.id }) });
    expect(refusedRes.statusCode).toBe(403);
    expect(alertOf(refusedRes.body)).toBeTruthy();
    expect(await materialOf(other.id)).toBeDefined();
    const res = await t.request(tutor, { method: 'POST', url: '/dashboard/view-all-materials', ...form({ _nojs: '1', intent: 'delete', id }) });
    expect([res.statusCode, res.headers.location]).toEqual([303, '/dashboard/view-all-materials']);
    expect(doneOf(res)).toBe('materials.deleted');
    expect(await materialOf(id)).toBeUndefined();
  });

  it('an admin removes any material: 303 to All Materials, which says so; an unknown one is the page again with 404', async () => {
    const { id } = await tutorWithMaterial('Admin removes');
    const admin = await t.actor({ role: 'admin' });
    const res = await t.request(admin, { method: 'POST', url: '/dashboard/all-materials', ...form({ _nojs: '1', intent: 'remove', id }) });
    expect([res.statusCode, res.headers.location]).toEqual([303, '/dashboard/all-materials']);
    expect(doneOf(res)).toBe('materials.removed');
    expect(await materialOf(id)).toBeUndefined();
    const next = await t.request(withDone(admin, 'materials.removed'), { method: 'GET', url: '/dashboard/all-materials' });
    expect(next.body).toContain('Material removed successfully');
    const unknown = await t.request(admin, { method: 'POST', url: '/dashboard/all-materials', ...form({ _nojs: '1', intent: 'remove', id }) });
    expect(unknown.statusCode).toBe(404);
    expect(alertOf(unknown.body)).toBeTruthy();
  });
});

describe('All Users: role, Block, Unblock and Delete', () => {
  const userOf = (id: string) => t.deps.db.kysely.selectFrom('user').select(['role', 'blocked']).where('id', '=', id).executeTakeFirstOrThrow();

  it('changes a role without JavaScript (the select and its button): 303 to the same list, which says "Role updated successfully"', async () => {
    const admin = await t.actor({ role: 'admin' });
    const user = await t.createUser({ role: 'student', name: 'Rosa Role' });
    const list = await t.request(admin, { method: 'GET', url: `/dashboard/all-users?q=${encodeURIComponent(user.email)}` });
    expect(list.body).toMatch(/<noscript><button(?=[^>]*name="intent")(?=[^>]*value="role")[^>]*>Change role<\/button><\/noscript>/);
    const res = await t.request(admin, { method: 'POST', url: `/dashboard/all-users?q=${encodeURIComponent(user.email)}`, ...form({ _nojs: '1', intent: 'role', id: user.id, role: 'tutor' }) });
    expect([res.statusCode, res.headers.location]).toEqual([303, `/dashboard/all-users?q=${encodeURIComponent(user.email)}`]);
    expect(doneOf(res)).toBe('users.roleUpdated');
    expect((await userOf(user.id)).role).toBe('tutor');
    const next = await t.request(withDone(admin, 'users.roleUpdated'), { method: 'GET', url: res.headers.location as string });
    expect(next.body).toContain('Role updated successfully');
  });

  it('blocks and unblocks: each 303 with its message', async () => {
    const admin = await t.actor({ role: 'admin' });
    const user = await t.createUser({ role: 'student' });
    const blocked = await t.request(admin, { method: 'POST', url: '/dashboard/all-users', ...form({ _nojs: '1', intent: 'block', id: user.id }) });
    expect([blocked.statusCode, doneOf(blocked)]).toEqual([303, 'users.blocked']);
    expect(Boolean((await userOf(user.id)).blocked)).toBe(true);
    const unblocked = await t.request(admin, { method: 'POST', url: '/dashboard/all-users', ...form({ _nojs: '1', intent: 'unblock', id: user.id }) });
    expect([unblocked.statusCode, doneOf(unblocked)]).toEqual([303, 'users.unblocked']);
    expect(Boolean((await userOf(user.id)).blocked)).toBe(false);
  });

  it("refused: the admin's own Block, an unknown account; the page again with the API's 4xx and its reason", async () => {
    const admin = await t.actor({ role: 'admin' });
    const own = await t.request(admin, { method: 'POST', url: '/dashboard/all-users', ...form({ _nojs: '1', intent: 'block', id: admin.user!.id }) });
    expect(own.statusCode).toBe(400);
    expect(alertOf(own.body)).toBeTruthy();
    expect(Boolean((await userOf(admin.user!.id)).blocked)).toBe(false);
    const unknown = await t.request(admin, { method: 'POST', url: '/dashboard/all-users', ...form({ _nojs: '1', intent: 'delete', id: 'no-such-user' }) });
    expect(unknown.statusCode).toBe(404);
    expect(alertOf(unknown.body)).toBeTruthy();
  });

  it('deletes an account: 303, "Account deleted"; a tutor is sent away by the guard and changes nothing', async () => {
    const admin = await t.actor({ role: 'admin' });
    const user = await t.createUser({ role: 'student' });
    const tutor = await t.actor({ role: 'tutor' });
    const byTutor = await t.request(tutor, { method: 'POST', url: '/dashboard/all-users', ...form({ _nojs: '1', intent: 'delete', id: user.id }) });
    expect([byTutor.statusCode, byTutor.headers.location]).toEqual([302, '/dashboard']);
    const res = await t.request(admin, { method: 'POST', url: '/dashboard/all-users', ...form({ _nojs: '1', intent: 'delete', id: user.id }) });
    expect([res.statusCode, doneOf(res)]).toEqual([303, 'users.deleted']);
    const next = await t.request(withDone(admin, 'users.deleted'), { method: 'GET', url: '/dashboard/all-users' });
    expect(next.body).toContain('Account deleted');
  });
});

describe("sessions: All Sessions' Approve, Reject and Delete; Manage Sessions' Delete and Resubmit", () => {
  const statusOf = async (id: string) => (await t.deps.db.kysely.selectFrom('study_session').select('status').where('id', '=', id).executeTakeFirst())?.status;

  it('an admin approves a pending session as paid: 303 to the same list, which says "Session approved successfully"', async () => {
    const admin = await t.actor({ role: 'admin' });
    const tutor = await t.createUser({ role: 'tutor' });
    const session = await createStudySession(t.deps, tutor, { status: 'pending' });
    const res = await t.request(admin, { method: 'POST', url: '/dashboard/all-sessions?status=pending', ...form({ _nojs: '1', intent: 'approve', id: session.id, feeKind: 'paid', registrationFee: '12.50', maxParticipants: '' }) });
    expect([res.statusCode, res.headers.location]).toEqual([303, '/dashboard/all-sessions?status=pending']);
    expect(doneOf(res)).toBe('sessions.approved');
    const row = await t.deps.db.kysely.selectFrom('study_session').select(['status', 'registrationFeeCents']).where('id', '=', session.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'approved', registrationFeeCents: 1250 });
    const next = await t.request(withDone(admin, 'sessions.approved'), { method: 'GET', url: '/dashboard/all-sessions' });
    expect(next.body).toContain('Session approved successfully');
  });

  it('a reject without feedback is refused with 400 and the reason said on the page; with both, rejected', async () => {
    const admin = await t.actor({ role: 'admin' });
    const tutor = await t.createUser({ role: 'tutor' });
    const session = await createStudySession(t.deps, tutor, { status: 'pending' });
    const refusedRes = await t.request(admin, { method: 'POST', url: '/dashboard/all-sessions', ...form({ _nojs: '1', intent: 'reject', id: session.id, reason: 'Too short' }) });
    expect(refusedRes.statusCode).toBe(400);
    expect(alertOf(refusedRes.body)).toBeTruthy();
    expect(await statusOf(session.id)).toBe('pending');
    const res = await t.request(admin, { method: 'POST', url: '/dashboard/all-sessions', ...form({ _nojs: '1', intent: 'reject', id: session.id, reason: 'Too short', feedback: 'Add a second hour.' }) });
    expect([res.statusCode, doneOf(res)]).toEqual([303, 'sessions.rejected']);
    expect(await statusOf(session.id)).toBe('rejected');
  });

  it("a tutor's Approve, sent to their own Manage Sessions, is refused with 403 and its reason; the admin's page sends them away", async () => {
    const tutorUser = await t.createUser({ role: 'tutor' });
    const tutor = await t.signIn(tutorUser);
    const session = await createStudySession(t.deps, tutorUser, { status: 'pending' });
    const own = await t.request(tutor, { method: 'POST', url: '/dashboard/manage-sessions', ...form({ _nojs: '1', intent: 'approve', id: session.id, feeKind: 'free' }) });
    expect(own.statusCode).toBe(403);
    expect(alertOf(own.body)).toBeTruthy();
    const adminPage = await t.request(tutor, { method: 'POST', url: '/dashboard/all-sessions', ...form({ _nojs: '1', intent: 'approve', id: session.id, feeKind: 'free' }) });
    expect([adminPage.statusCode, adminPage.headers.location]).toEqual([302, '/dashboard']);
    expect(await statusOf(session.id)).toBe('pending');
  });

  it('the tutor resubmits a rejected session and deletes one: 303 to Manage Sessions with each message; an unknown id is 404', async () => {
    const tutorUser = await t.createUser({ role: 'tutor' });
    const tutor = await t.signIn(tutorUser);
    const rejected = await createStudySession(t.deps, tutorUser, { status: 'rejected' });
    const resubmitted = await t.request(tutor, { method: 'POST', url: '/dashboard/manage-sessions', ...form({ _nojs: '1', intent: 'resubmit', id: rejected.id }) });
    expect([resubmitted.statusCode, resubmitted.headers.location, doneOf(resubmitted)]).toEqual([303, '/dashboard/manage-sessions', 'sessions.resubmitted']);
    expect(await statusOf(rejected.id)).toBe('pending');
    const next = await t.request(withDone(tutor, 'sessions.resubmitted'), { method: 'GET', url: '/dashboard/manage-sessions' });
    expect(next.body).toContain('Session resubmitted for review');
    const deleted = await t.request(tutor, { method: 'POST', url: '/dashboard/manage-sessions', ...form({ _nojs: '1', intent: 'delete', id: rejected.id, email: tutorUser.email }) });
    expect([deleted.statusCode, doneOf(deleted)]).toEqual([303, 'sessions.deleted']);
    expect(await statusOf(rejected.id)).toBeUndefined();
    const unknown = await t.request(tutor, { method: 'POST', url: '/dashboard/manage-sessions', ...form({ _nojs: '1', intent: 'resubmit', id: 'no-such-session' }) });
    expect(unknown.statusCode).toBe(404);
  });

  it('a booked class still to come cannot be deleted: the page again with 409, saying why; the admin deletes another from All Sessions', async () => {
    const tutorUser = await t.createUser({ role: 'tutor' });
    const tutor = await t.signIn(tutorUser);
    const booked = await createStudySession(t.deps, tutorUser);
    await createBooking(t.deps, booked, await t.createUser({ role: 'student' }));
    const res = await t.request(tutor, { method: 'POST', url: '/dashboard/manage-sessions', ...form({ _nojs: '1', intent: 'delete', id: booked.id, email: tutorUser.email }) });
    expect(res.statusCode).toBe(409);
    expect(alertOf(res.body)).toBeTruthy();
    expect(await statusOf(booked.id)).toBe('approved');
    const admin = await t.actor({ role: 'admin' });
    const pending = await createStudySession(t.deps, tutorUser, { status: 'pending' });
    const byAdmin = await t.request(admin, { method: 'POST', url: '/dashboard/all-sessions', ...form({ _nojs: '1', intent: 'delete', id: pending.id, email: tutorUser.email }) });
    expect([byAdmin.statusCode, doneOf(byAdmin)]).toEqual([303, 'sessions.deleted']);
    expect(await statusOf(pending.id)).toBeUndefined();
  });
});

describe("the tutor's session page: attendance and Cancel session", () => {
  async function startedClass() {
    const tutorUser = await t.createUser({ role: 'tutor' });
    const tutor = await t.signIn(tutorUser);
    const session = await createStudySession(t.deps, tutorUser, { classStartDate: new Date(Date.now() - HOUR).toISOString(), registrationStartDate: new Date(Date.now() - 48 * HOUR).toISOString() });
    const student = await t.createUser({ role: 'student' });
    await createBooking(t.deps, session, student);
    return { tutorUser, tutor, session, student, page: `/dashboard/session/${encodeURIComponent(tutorUser.email)}/${session.id}` };
  }
  const attendanceOf = async (sessionId: string, studentId: string) => (await t.deps.db.kysely.selectFrom('booking').select('attendance').where('sessionId', '=', sessionId).where('studentId', '=', studentId).executeTakeFirstOrThrow()).attendance;

  it('marks a student absent, then everyone present: 303 to the page; Mark all present says how many', async () => {
    const { tutor, session, student, page } = await startedClass();
    const marked = await t.request(tutor, { method: 'POST', url: page, ...form({ _nojs: '1', intent: 'attendance', studentId: student.id, attendance: 'absent' }) });
    expect([marked.statusCode, marked.headers.location]).toEqual([303, page]);
    expect(await attendanceOf(session.id, student.id)).toBe('absent');
    const other = await t.createUser({ role: 'student' });
    await createBooking(t.deps, session, other);
    const all = await t.request(tutor, { method: 'POST', url: page, ...form({ _nojs: '1', intent: 'all-present' }) });
    expect([all.statusCode, doneOf(all)]).toEqual([303, 'roster.markedPresent:1']);
    expect(await attendanceOf(session.id, other.id)).toBe('present');
    const next = await t.request(withDone(tutor, 'roster.markedPresent:1'), { method: 'GET', url: page });
    expect(text(next.body)).toContain('1 student marked present');
  });

  it('refused before class starts, and for another tutor: the page again with the 4xx, nothing marked', async () => {
    const tutorUser = await t.createUser({ role: 'tutor' });
    const tutor = await t.signIn(tutorUser);
    const session = await createStudySession(t.deps, tutorUser);
    const student = await t.createUser({ role: 'student' });
    await createBooking(t.deps, session, student);
    const page = `/dashboard/session/${encodeURIComponent(tutorUser.email)}/${session.id}`;
    const early = await t.request(tutor, { method: 'POST', url: page, ...form({ _nojs: '1', intent: 'attendance', studentId: student.id, attendance: 'present' }) });
    expect(early.statusCode).toBe(409);
    expect(alertOf(early.body)).toBeTruthy();
    const otherTutor = await t.actor({ role: 'tutor' });
    const foreign = await t.request(otherTutor, { method: 'POST', url: page, ...form({ _nojs: '1', intent: 'all-present' }) });
    expect(foreign.statusCode).toBeGreaterThanOrEqual(400);
    expect(foreign.statusCode).toBeLessThan(500);
    expect(await attendanceOf(session.id, student.id)).toBeNull();
  });

  it('calls the class off with a reason: 303 to the page, which says "Session cancelled"; without a reason, 400 and the reason asked for', async () => {
    const tutorUser = await t.createUser({ role: 'tutor' });
    const tutor = await t.signIn(tutorUser);
    const session = await createStudySession(t.deps, tutorUser);
    const page = `/dashboard/session/${encodeURIComponent(tutorUser.email)}/${session.id}`;
    const refusedRes = await t.request(tutor, { method: 'POST', url: page, ...form({ _nojs: '1', intent: 'cancel', reason: ' ' }) });
    expect(refusedRes.statusCode).toBe(400);
    expect(alertOf(refusedRes.body)).toBeTruthy();
    const res = await t.request(tutor, { method: 'POST', url: page, ...form({ _nojs: '1', intent: 'cancel', reason: 'I am ill.' }) });
    expect([res.statusCode, res.headers.location, doneOf(res)]).toEqual([303, page, 'sessions.cancelled']);
    const next = await t.request(withDone(tutor, 'sessions.cancelled'), { method: 'GET', url: page });
    expect(next.body).toContain('Session cancelled');
    expect(next.body).toContain('I am ill.');
  });
});

describe('Log out', () => {
  it('without JavaScript: the session ends, 303 Home, which says "Logged out successfully"', async () => {
    const student = await t.actor({ role: 'student' });
    const page = await t.request(student, { method: 'GET', url: '/dashboard' });
    expect(page.body).toMatch(/<form(?=[^>]*id="log-out")(?=[^>]*method="post")(?=[^>]*action="\/logout")[^>]*>/);
    const res = await t.request(student, { method: 'POST', url: '/logout', ...form({ _nojs: '1' }) });
    expect([res.statusCode, res.headers.location]).toEqual([303, '/']);
    expect(doneOf(res)).toBe('auth.loggedOut');
    const after = await t.request({ user: null, cookie: student.cookie }, { method: 'GET', url: '/api/me' });
    expect(after.statusCode).toBe(401);
    const home = await t.request({ user: null, cookie: `${cookieOf(res)}` }, { method: 'GET', url: '/' });
    expect(home.body).toContain('Logged out successfully');
  });
});
