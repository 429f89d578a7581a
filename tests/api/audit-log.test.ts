// Issue 23 item 2 (first part): admins' role changes and blocks are written to the audit log in
// the transaction of the change, through the API and the operator's CLI alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCommands } from '#server/operator/operator-commands.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';
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
