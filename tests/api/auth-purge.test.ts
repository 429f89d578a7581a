// Expired sign-in sessions and one-time tokens are deleted by a recurring job.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURGE_EXPIRED_AUTH_JOB } from '#server/auth/auth-purge.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const HOUR = 3600_000;

describe('purging expired sessions and tokens', () => {
  it('deletes what expired, keeps what is still valid, and the signed-in user stays signed in', async () => {
    const live = await t.actor();
    const other = await t.createUser();
    const db = t.deps.db.kysely;
    const at = (ms: number) => (t.deps.db.dialect === 'postgres' ? new Date(ms) : new Date(ms).toISOString());
    const now = Date.now();
    await db.insertInto('session').values({ id: 'expired-session', token: 'expired-token', userId: other.id, expiresAt: at(now - HOUR), createdAt: at(now - 8 * 24 * HOUR), updatedAt: at(now - 8 * 24 * HOUR), ipAddress: null, userAgent: null }).execute();
    await db.insertInto('verification').values([
      { id: 'old-reset', identifier: 'reset-password:old', value: other.id, expiresAt: at(now - HOUR), createdAt: at(now - 2 * HOUR), updatedAt: at(now - 2 * HOUR) },
      { id: 'fresh-reset', identifier: 'reset-password:fresh', value: other.id, expiresAt: at(now + HOUR), createdAt: at(now), updatedAt: at(now) },
    ]).execute();

    await t.deps.jobs.runScheduleNow(PURGE_EXPIRED_AUTH_JOB);

    const sessions = await db.selectFrom('session').select('id').where('userId', 'in', [live.user!.id, other.id]).execute();
    expect(sessions.map((s) => s.id)).not.toContain('expired-session');
    expect(sessions.length).toBe(1);
    const tokens = await db.selectFrom('verification').select('id').where('id', 'in', ['old-reset', 'fresh-reset']).execute();
    expect(tokens.map((r) => r.id)).toEqual(['fresh-reset']);
    expect((await t.request(live, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
  });
});
