// Admins' actions (role changes, blocks, session approvals, rejections and
// deletions, material removals, job retries) are written to the audit log in the transaction of
// the action, through the API and the operator's CLI alike; admins read it with GET /api/audit-log.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { securityEvents } from '#server/audit/security-events.ts';
import { operatorCommands } from '#server/operator/operator-commands.ts';
import { createStudySession } from '#tests/factories.ts';
import { createTestApp, TEST_ORIGIN, type Actor, type TestApp } from '#tests/helpers/test-app.ts';
import { json } from '#tests/helpers/request-helpers.ts';

let t: TestApp;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.actor({ role: 'admin' });
});
afterAll(async () => t?.close());

const entries = () => t.deps.db.kysely.selectFrom('audit_log').selectAll().orderBy('at').orderBy('id').execute();
const patchUser = (id: string, body: Record<string, unknown>) =>
  t.request(admin, { method: 'PATCH', url: `/api/users/${id}`, remoteAddress: '203.0.113.7', ...json(body) });

describe('audit log', () => {
  it("records an admin's role change and block with who, what, when and from which address", async () => {
    const student = await t.createUser({ role: 'student' });
    const before = Date.now();
    expect((await patchUser(student.id, { role: 'tutor' })).statusCode).toBe(200);
    expect((await patchUser(student.id, { blocked: true })).statusCode).toBe(200);
    expect((await patchUser(student.id, { blocked: false })).statusCode).toBe(200);

    const rows = (await entries()).filter((r) => r.targetId === student.id);
    expect(rows.map((r) => [r.action, JSON.parse(r.details)])).toEqual([
      ['user.role_changed', { email: student.email, from: 'student', to: 'tutor' }],
      ['user.blocked', { email: student.email }],
      ['user.unblocked', { email: student.email }],
    ]);
    for (const r of rows) {
      expect(r).toMatchObject({ actorId: admin.user!.id, actor: admin.user!.email, targetType: 'user', ip: '203.0.113.7' });
      expect(Date.parse(r.at)).toBeGreaterThanOrEqual(before - 1000);
    }
  });

  it('writes nothing when the change is refused (one transaction)', async () => {
    const count = (await entries()).length;
    const res = await patchUser(admin.user!.id, { role: 'student' });
    expect(res.statusCode).toBe(409);
    expect((await entries()).length).toBe(count);
  });

  it("records the operator's CLI as the actor, and prints the log", async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const cli = operatorCommands(t.deps);
    await cli.block(tutor.email);
    const last = (await entries()).at(-1)!;
    expect(last).toMatchObject({ actorId: null, actor: 'operator (npm run admin)', action: 'user.blocked', targetId: tutor.id, ip: null });
    const printed = await cli.audit(1);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain(`operator (npm run admin)  user.blocked  user ${tutor.id}  {"email":"${tutor.email}"}`);
  });

  it('has one route, to read it: nothing can edit it through the API', () => {
    expect(t.routes.filter((r) => /audit/i.test(r.url)).map((r) => `${r.method} ${r.url}`).filter((r) => !r.startsWith('HEAD '))).toEqual(['GET /api/audit-log']);
  });
});

describe('admin actions on sessions, materials and jobs', () => {
  const fromAdmin = (opts: Record<string, unknown>) => t.request(admin, { remoteAddress: '203.0.113.8', ...opts } as never);
  const auditOf = (targetId: string) => entries().then((rows) => rows.filter((r) => r.targetId === targetId).map((r) => ({ ...r, details: JSON.parse(r.details) as Record<string, unknown> })));

  it('records approvals, rejections and deletions of sessions with who, what and from where', async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const toApprove = await createStudySession(t.deps, tutor, { status: 'pending', title: 'To approve' });
    const toReject = await createStudySession(t.deps, tutor, { status: 'pending', title: 'To reject' });
    expect((await fromAdmin({ method: 'POST', url: `/api/sessions/${toApprove.id}/approve`, ...json({ registrationFee: 12.5, maxParticipants: 8 }) })).statusCode).toBe(200);
    expect((await fromAdmin({ method: 'POST', url: `/api/sessions/${toReject.id}/reject`, ...json({ reason: 'Too short', feedback: 'Add an outline.' }) })).statusCode).toBe(200);
    expect((await fromAdmin({ method: 'DELETE', url: `/api/session/${encodeURIComponent(tutor.email)}/${toApprove.id}` })).statusCode).toBe(204);

    const who = { actorId: admin.user!.id, actor: admin.user!.email, ip: '203.0.113.8', targetType: 'session' };
    expect(await auditOf(toApprove.id)).toEqual([
      expect.objectContaining({ ...who, action: 'session.approved', details: { title: 'To approve', tutorEmail: tutor.email, registrationFeeCents: 1250, maxParticipants: 8 } }),
      expect.objectContaining({ ...who, action: 'session.deleted', details: { title: 'To approve', tutorEmail: tutor.email, status: 'approved', bookedCount: 0, refundedBookings: 0 } }),
    ]);
    expect(await auditOf(toReject.id)).toEqual([
      expect.objectContaining({ ...who, action: 'session.rejected', details: { title: 'To reject', tutorEmail: tutor.email, reason: 'Too short', feedback: 'Add an outline.' } }),
    ]);
  });

  it('writes nothing for a refused approval, nor for what a tutor does to their own session', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const approved = await createStudySession(t.deps, tutor.user!);
    expect((await fromAdmin({ method: 'POST', url: `/api/sessions/${approved.id}/approve`, ...json({ registrationFee: 0 }) })).statusCode).toBe(409);
    const own = await createStudySession(t.deps, tutor.user!, { status: 'pending' });
    expect((await t.request(tutor, { method: 'DELETE', url: `/api/session/${encodeURIComponent(tutor.user!.email)}/${own.id}` })).statusCode).toBe(204);
    expect(await auditOf(approved.id)).toEqual([]);
    expect(await auditOf(own.id)).toEqual([]);
  });

  it("records an admin removing a tutor's material, not the tutor removing their own", async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const session = await createStudySession(t.deps, tutor.user!, { title: 'With materials' });
    const add = async (title: string) => (await t.request(tutor, { method: 'POST', url: '/api/materials', ...json({ sessionId: session.id, title, link: 'https://example.com/x' }) })).json<{ id: string }>().id;
    const byAdmin = await add('Removed by an admin');
    const byTutor = await add('Removed by its tutor');
    expect((await fromAdmin({ method: 'DELETE', url: `/api/materials/${byAdmin}` })).statusCode).toBe(204);
    expect((await t.request(tutor, { method: 'DELETE', url: `/api/materials/${byTutor}` })).statusCode).toBe(204);
    expect(await auditOf(byAdmin)).toEqual([
      expect.objectContaining({ actor: admin.user!.email, action: 'material.removed', targetType: 'material', details: { title: 'Removed by an admin', sessionId: session.id, sessionTitle: 'With materials', tutorId: tutor.user!.id } }),
    ]);
    expect(await auditOf(byTutor)).toEqual([]);
  });

  it('records an admin retrying a failed job from the dashboard', async () => {
    const key = `audit-${Math.random()}`;
    await t.deps.jobs.enqueue(t.deps.db.kysely, { kind: 'test.audit', payload: {}, key });
    const job = await t.deps.db.kysely.selectFrom('job').select('id').where('key', '=', key).executeTakeFirstOrThrow();
    await t.deps.db.kysely.updateTable('job').set({ status: 'dead', attempts: 3, lastError: 'refused', runAt: new Date(Date.now() + 86_400_000).toISOString() }).where('id', '=', job.id).execute();
    expect((await fromAdmin({ method: 'POST', url: `/api/admin/jobs/${job.id}/retry` })).statusCode).toBe(200);
    expect(await auditOf(job.id)).toEqual([expect.objectContaining({ actor: admin.user!.email, ip: '203.0.113.8', action: 'job.retried', targetType: 'job', details: { kind: 'test.audit', attempts: 3, lastError: 'refused' } })]);
  });
});

describe('GET /api/audit-log', () => {
  type Page = { items: Array<{ action: string; actor: string; targetId: string; details: Record<string, unknown> }>; nextCursor: string | null };
  const read = async (query: string) => {
    const res = await t.request(admin, { method: 'GET', url: `/api/audit-log${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  };

  it('lists newest first, filters by action or family, searches actor, target and details, and pages', async () => {
    const student = await t.createUser({ role: 'student', email: `findable-${Date.now()}@example.com` });
    await patchUser(student.id, { blocked: true });
    await patchUser(student.id, { role: 'tutor' });
    const mine = await read(`?q=${encodeURIComponent(student.email)}`);
    expect(mine.items.map((i) => i.action)).toEqual(['user.role_changed', 'user.blocked']);
    expect(mine.items[0]!.details).toEqual({ email: student.email, from: 'student', to: 'tutor' });
    expect((await read(`?action=user.blocked&targetId=${student.id}`)).items.map((i) => i.action)).toEqual(['user.blocked']);
    expect((await read('?action=user')).items.every((i) => i.action.startsWith('user.'))).toBe(true);
    expect((await read('?action=session')).items.every((i) => i.action.startsWith('session.'))).toBe(true);

    const first = await read('?limit=1');
    expect(first.items).toHaveLength(1);
    const second = await read(`?limit=1&cursor=${first.nextCursor}`);
    expect(second.items[0]).not.toEqual(first.items[0]);
  });

  it('finds entries by the words the page shows them in (the action, a detail named and its value), in the caller\'s language', async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const title = `Readable ${Math.random().toString(36).slice(2, 8)}`;
    const pending = await createStudySession(t.deps, tutor, { status: 'pending', title });
    expect((await t.request(admin, { method: 'POST', url: `/api/sessions/${pending.id}/approve`, ...json({ registrationFee: 12.5, maxParticipants: 8 }) })).statusCode).toBe(200);
    const search = async (q: string, language = 'en') => {
      const res = await t.request(admin, { method: 'GET', url: `/api/audit-log?action=session.approved&limit=100&q=${encodeURIComponent(q)}`, headers: { 'accept-language': language } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Page>().items.filter((i) => i.targetId === pending.id).map((i) => i.action);
    };
    // Stored as registrationFeeCents: 1250 and maxParticipants: 8; shown as "Registration fee: $12.50".
    expect(await search('Session approved')).toEqual(['session.approved']);
    expect(await search('registration fee: $12.50')).toEqual(['session.approved']);
    expect(await search(`Session “${title}”`)).toEqual(['session.approved']);
    expect(await search('Sesión aprobada', 'es')).toEqual(['session.approved']);
    expect(await search('12,50', 'es')).toEqual(['session.approved']);
    // What is stored still finds it; words it does not say do not.
    expect(await search(tutor.email)).toEqual(['session.approved']);
    expect(await search('Session rejected')).toEqual([]);
  });

  it('refuses a malformed action filter with 400', async () => {
    const res = await t.request(admin, { method: 'GET', url: '/api/audit-log?action=DROP%20TABLE' });
    expect(res.statusCode).toBe(400);
  });
});

describe('security events', () => {
  const signInFrom = (ip: string, email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: ip, headers: { origin: TEST_ORIGIN }, payload: { email, password } });

  it('records a burst of failed sign-ins to one address (five within 15 minutes) once, with the address they came from', async () => {
    const victim = await t.createUser({ role: 'student' });
    for (let i = 1; i <= 4; i++) expect((await signInFrom(`192.0.2.${i}`, victim.email, `guess-${i}-wrong`)).statusCode).toBe(401);
    expect((await entries()).filter((r) => r.action === 'auth.sign_in_failures' && r.targetId === victim.id)).toEqual([]);
    expect((await signInFrom('192.0.2.5', victim.email.toUpperCase(), 'guess-5-wrong')).statusCode).toBe(401);
    const burst = (await entries()).filter((r) => r.action === 'auth.sign_in_failures' && r.targetId === victim.id);
    expect(burst).toEqual([expect.objectContaining({ actor: 'visitor', actorId: null, ip: '192.0.2.5', targetType: 'user' })]);
    expect(JSON.parse(burst[0]!.details)).toEqual({ email: victim.email, failures: 5, withinMinutes: 15, accountExists: true });
    // The right password is no failure.
    expect((await signInFrom('192.0.2.6', victim.email, victim.password)).statusCode).toBe(200);
  });

  it('records a password change and a password reset', async () => {
    const student = await t.actor({ role: 'student' });
    const changed = await t.request(student, { method: 'POST', url: '/api/auth/change-password', remoteAddress: '198.51.100.77', ...json({ currentPassword: student.user!.password, newPassword: 'another long passphrase 7', revokeOtherSessions: true }) });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await t.request(null, { method: 'POST', url: '/api/auth/request-password-reset', remoteAddress: '198.51.100.78', ...json({ email: student.user!.email, redirectTo: '/reset-password' }) })).statusCode).toBe(200);
    const mail = await t.mail.waitFor(student.user!.email, /Reset/);
    const token = decodeURIComponent(/reset-password\?token=([^\s&]+)/.exec(mail.text)![1]!);
    expect((await t.request(null, { method: 'POST', url: '/api/auth/reset-password', remoteAddress: '198.51.100.79', ...json({ token, newPassword: 'a third long passphrase 8' }) })).statusCode).toBe(200);

    const rows = (await entries()).filter((r) => r.targetId === student.user!.id);
    expect(rows.map((r) => [r.action, r.actorId, r.ip, JSON.parse(r.details)])).toEqual([
      ['user.password_changed', student.user!.id, '198.51.100.77', { email: student.user!.email, signedOutOtherDevices: true }],
      ['user.password_reset', student.user!.id, '198.51.100.79', { email: student.user!.email, with: 'emailed link' }],
    ]);
  });

  it('counts failed sign-ins in the database: a burst spread over several app processes is recorded once', async () => {
    const victim = await t.createUser({ role: 'student' });
    // Each app process has its own; they share the database.
    const processA = securityEvents(t.deps.db.kysely, () => new Date());
    const processB = securityEvents(t.deps.db.kysely, () => new Date());
    const fail = (events: typeof processA, i: number) => events.afterSignIn({ status: 401, ip: `192.0.2.${20 + i}`, body: { email: victim.email, password: `wrong ${i}` } });
    await fail(processA, 1);
    await fail(processB, 2);
    await fail(processA, 3);
    await fail(processB, 4);
    expect((await entries()).filter((r) => r.targetId === victim.id)).toEqual([]);
    await fail(processB, 5);
    const burst = (await entries()).filter((r) => r.action === 'auth.sign_in_failures' && r.targetId === victim.id);
    expect(burst).toEqual([expect.objectContaining({ actor: 'visitor', ip: '192.0.2.25' })]);
    expect(JSON.parse(burst[0]!.details)).toMatchObject({ failures: 5, accountExists: true });
    // Counting starts again after a burst.
    await fail(processA, 6);
    expect((await entries()).filter((r) => r.action === 'auth.sign_in_failures' && r.targetId === victim.id)).toHaveLength(1);
  });

  it('commits a password change with its audit entry or not at all', async () => {
    const student = await t.actor({ role: 'student' });
    const other = await t.actor({ role: 'student' });
    const away = 'audit_log_away';
    // The audit entry cannot be written: the change must not happen either.
    await sql`alter table ${sql.table('audit_log')} rename to ${sql.table(away)}`.execute(t.deps.db.kysely);
    // better-auth prints the failure it answers with a 500 (expected here, once).
    const printed = vi.spyOn(console, 'error').mockImplementationOnce(() => {});
    let changed;
    try {
      changed = await t.request(student, { method: 'POST', url: '/api/auth/change-password', ...json({ currentPassword: student.user!.password, newPassword: 'never stored passphrase 9', revokeOtherSessions: true }) });
    } finally {
      await sql`alter table ${sql.table(away)} rename to ${sql.table('audit_log')}`.execute(t.deps.db.kysely);
    }
    expect(changed.statusCode).toBe(500);
    expect(String(printed.mock.lastCall?.[0])).toMatch(/SERVER_ERROR/);
    await t.signIn(student.user!);
    expect((await t.request(null, { method: 'POST', url: '/api/auth/sign-in/email', ...json({ email: student.user!.email, password: 'never stored passphrase 9' }) })).statusCode).toBe(401);
    // Its other sessions were not revoked either.
    expect((await t.request(student, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    expect((await entries()).filter((r) => r.targetId === student.user!.id)).toEqual([]);

    // And with the log in place, both commit.
    const ok = await t.request(other, { method: 'POST', url: '/api/auth/change-password', ...json({ currentPassword: other.user!.password, newPassword: 'a stored passphrase 10', revokeOtherSessions: false }) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await entries()).filter((r) => r.targetId === other.user!.id).map((r) => r.action)).toEqual(['user.password_changed']);
  });

  it('commits a password reset with its audit entry or not at all: the link still works after a failed try', async () => {
    const student = await t.createUser({ role: 'student' });
    expect((await t.request(null, { method: 'POST', url: '/api/auth/request-password-reset', ...json({ email: student.email, redirectTo: '/reset-password' }) })).statusCode).toBe(200);
    const mail = await t.mail.waitFor(student.email, /Reset/);
    const token = decodeURIComponent(/reset-password\?token=([^\s&]+)/.exec(mail.text)![1]!);
    const reset = () => t.request(null, { method: 'POST', url: '/api/auth/reset-password', ...json({ token, newPassword: 'reset passphrase 11' }) });

    const printed = vi.spyOn(console, 'error').mockImplementationOnce(() => {});
    await sql`alter table ${sql.table('audit_log')} rename to ${sql.table('audit_log_away')}`.execute(t.deps.db.kysely);
    let failed;
    try {
      failed = await reset();
    } finally {
      await sql`alter table ${sql.table('audit_log_away')} rename to ${sql.table('audit_log')}`.execute(t.deps.db.kysely);
    }
    expect(failed.statusCode).toBe(500);
    expect(String(printed.mock.lastCall?.[0])).toMatch(/SERVER_ERROR/);
    // Nothing changed: the old password works, and the link was not used up.
    await t.signIn(student);
    expect((await reset()).statusCode).toBe(200);
    await t.signIn({ ...student, password: 'reset passphrase 11' });
    expect((await entries()).filter((r) => r.targetId === student.id).map((r) => r.action)).toEqual(['user.password_reset']);
  });
});
