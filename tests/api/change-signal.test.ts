// On PostgreSQL (docs/decisions/023-change-signal.md), a sign-out, block, role or password change made through one
// process is refused by every other within 1 s, and a change to the public lists shows there
// within 1 s: LISTEN/NOTIFY tells them to re-read (server/db/change-signal.ts). "Another process"
// is a real one here: the production bundle started on this test's database, with a 60 s list
// cache and the 15 s session cache, so neither TTL can explain what it sees. The operator's CLI
// tells it too. SQLite is one process by design: nothing to tell (tests/api/session-cache.test.ts).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { changeSignal } from '#server/db/change-signal.ts';
import { createStudySession } from '#tests/factories.ts';
import { startBuiltServer, type BuiltServer } from '#tests/helpers/built-server.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';
import { testDialect } from '#tests/helpers/test-database.ts';
import { json } from '#tests/helpers/request-helpers.ts';

const onPostgres = testDialect() === 'postgres';
let t: TestApp;
let other: BuiltServer;
let admin: Actor;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  const { database } = t.deps.config;
  if (database.dialect !== 'postgres') throw new Error('postgres expected');
  other = await startBuiltServer({ env: { DATABASE_URL: database.url, DATA_DIR: t.deps.config.dataDir, AUTH_SECRET: t.deps.config.authSecret, LIST_CACHE_MS: '60000' } });
  admin = await t.actor({ role: 'admin' });
});
afterAll(async () => {
  other?.proc.kill('SIGTERM');
  await other?.exited;
  await t?.close();
});

/** GET on the other process with this actor's cookie. */
const onOther = (who: Actor | null, url: string) => fetch(`${other.baseUrl}${url}`, { headers: who?.cookie ? { cookie: who.cookie } : {} });

/** How long until `check` holds on the other process (polled every 25 ms); fails past 1 s. */
async function withinOneSecond(check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await check()) return Date.now() - start;
    if (Date.now() - start > 1000) throw new Error('the other process did not see the change within 1 s');
    await new Promise((r) => setTimeout(r, 25));
  }
}

const refusedThere = (who: Actor) => withinOneSecond(async () => (await onOther(who, '/api/me')).status === 401);

describe.runIf(onPostgres)('changes seen at once by another process on the same PostgreSQL database', () => {
  it('refuses a blocked user there within 1 s', async () => {
    const student = await t.actor({ role: 'student' });
    expect((await onOther(student, '/api/me')).status).toBe(200); // now in its session cache
    const res = await t.request(admin, { method: 'PATCH', url: `/api/users/${student.user!.id}`, ...json({ blocked: true }) });
    expect(res.statusCode, res.body).toBe(200);
    await refusedThere(student);
  });

  it('refuses a signed-out cookie there within 1 s, and only that one', async () => {
    const student = await t.createUser({ role: 'student' });
    const phone = await t.signIn(student);
    const laptop = await t.signIn(student);
    expect((await onOther(phone, '/api/me')).status).toBe(200);
    expect((await onOther(laptop, '/api/me')).status).toBe(200);
    expect((await t.request(phone, { method: 'POST', url: '/api/auth/sign-out', ...json({}) })).statusCode).toBe(200);
    await refusedThere(phone);
    expect((await onOther(laptop, '/api/me')).status).toBe(200);
  });

  it('applies a role change there within 1 s', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    expect(await (await onOther(tutor, '/api/me')).json()).toMatchObject({ role: 'tutor' });
    expect((await t.request(admin, { method: 'PATCH', url: `/api/users/${tutor.user!.id}`, ...json({ role: 'student' }) })).statusCode).toBe(200);
    await withinOneSecond(async () => ((await (await onOther(tutor, '/api/me')).json()) as { role: string }).role === 'student');
  });

  it('refuses the other sessions there within 1 s of a password change that revokes them', async () => {
    const student = await t.createUser({ role: 'student' });
    const here = await t.signIn(student);
    const elsewhere = await t.signIn(student);
    expect((await onOther(elsewhere, '/api/me')).status).toBe(200);
    const res = await t.request(here, { method: 'POST', url: '/api/auth/change-password', ...json({ currentPassword: student.password, newPassword: 'a-new-password-for-the-test-42', revokeOtherSessions: true }) });
    expect(res.statusCode, res.body).toBe(200);
    await refusedThere(elsewhere);
  });

  it('shows an approved session in its public list within 1 s (its list cache keeps pages 60 s)', async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const session = await createStudySession(t.deps, tutor, { title: 'Heard through NOTIFY', status: 'pending' });
    const titles = async () => ((await (await onOther(null, '/api/sessions')).json()) as { items: Array<{ title: string }> }).items.map((s) => s.title);
    expect(await titles()).not.toContain('Heard through NOTIFY'); // now cached there for 60 s
    const res = await t.request(admin, { method: 'POST', url: `/api/sessions/${session.id}/approve`, ...json({ registrationFee: 0 }) });
    expect(res.statusCode, res.body).toBe(200);
    await withinOneSecond(async () => (await titles()).includes('Heard through NOTIFY'));
  });

  it('refuses there within 1 s a user blocked by the operator\'s CLI (a third process)', async () => {
    const student = await t.actor({ role: 'student' });
    expect((await onOther(student, '/api/me')).status).toBe(200);
    const { database } = t.deps.config;
    await promisify(execFile)(path.resolve('node_modules/.bin/tsx'), ['scripts/admin.ts', 'block', student.user!.email], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', DATA_DIR: t.deps.config.dataDir, DATABASE_URL: database.dialect === 'postgres' ? database.url : '', AUTH_SECRET: t.deps.config.authSecret },
    });
    await refusedThere(student);
  });
});

describe.runIf(onPostgres)('the signal itself', () => {
  it('carries a message to the other listeners only, and after a lost connection tells its listener to drop everything', async () => {
    const { database, db, log } = { database: t.deps.config.database, db: t.deps.db, log: t.app.log };
    const here = changeSignal<{ n: number }>({ database, db, log });
    const there = changeSignal<{ n: number }>({ database, db, log });
    const heardHere: Array<{ n: number } | null> = [];
    const heardThere: Array<{ n: number } | null> = [];
    await here.listen((m) => heardHere.push(m));
    await there.listen((m) => heardThere.push(m));
    try {
      here.publish({ n: 1 });
      await withinOneSecondLocal(() => heardThere.length === 1);
      expect(heardThere).toEqual([{ n: 1 }]);
      expect(heardHere).toEqual([]); // not its own

      // The database drops the listening connection (a restart, a failover): once it is back,
      // the listener is told that messages may have been missed, then hears new ones again.
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN studynest_changes'`.execute(db.kysely);
      await withinOneSecondLocal(() => heardThere.includes(null), 5_000);
      heardThere.length = 0;
      here.publish({ n: 2 });
      await withinOneSecondLocal(() => heardThere.length === 1, 2_000);
      expect(heardThere).toEqual([{ n: 2 }]);
    } finally {
      await here.close();
      await there.close();
    }
  });
});

async function withinOneSecondLocal(done: () => boolean, limitMs = 1000): Promise<void> {
  const start = Date.now();
  while (!done()) {
    if (Date.now() - start > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
