// "Download my data" shows only what is the caller's: emails waiting in the outbox are found by
// their exact recipient, never by a LIKE pattern over the payload (where `_` and `%` of an address
// are wildcards, and an address contained in another matches it). Runs on SQLite and PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '#migrations/index.ts';
import { createDb, migrateToLatest } from '#server/db/database.ts';
import type { MyData } from '#contract/my-data.ts';
import { bookingEmailJobs } from '#server/features/bookings/public.ts';
import { earlierWholeMessage } from '#tests/helpers/earlier-emails.ts';
import { createStudySession } from '#tests/factories.ts';
import { createAppWithActors } from '#tests/helpers/permission-matrix.ts';
import type { Actor, TestApp } from '#tests/helpers/test-app.ts';
import { DAY } from '#tests/helpers/request-helpers.ts';

let t: TestApp;

beforeAll(async () => ({ t } = await createAppWithActors()));
afterAll(async () => t?.close());

const db = () => t.deps.db.kysely;
const later = () => new Date(Date.now() + DAY);
const exportMine = async (who: Actor) => (await t.request(who, { method: 'GET', url: '/api/me/data' })).json<MyData>();

/** Emails to `email` that wait in the outbox (due tomorrow): a whole message (as queued before decision 044) and a booking's confirmation, written when sent. */
async function emailsWaitingFor(user: { id: string; name: string; email: string }, sessionId: string, subject: string) {
  await t.deps.jobs.enqueue(db(), { ...earlierWholeMessage({ to: user.email, subject, text: `For ${user.email} only` }), runAt: later() });
  // The booking's confirmation, and the tutor's notice, which names the student too but is not to them.
  for (const job of bookingEmailJobs({ id: sessionId }, user, { promotedFromWaitlist: false })) await t.deps.jobs.enqueue(db(), { ...job, runAt: later() });
}

describe("the export's emails are the account's own, matched exactly", () => {
  const cases = [
    { name: '`_` in my address (a_b… against axb…)', mine: (tag: string) => `a_b.${tag}@x.com`, other: (tag: string) => `axb.${tag}@x.com` },
    // Sign-up refuses it today; an address from before that rule, or from another provider, may have it.
    { name: '`%` in my address', mine: (tag: string) => `%${tag}@x.com`, other: (tag: string) => `someone${tag}@x.com` },
    { name: 'my address inside another', mine: (tag: string) => `b${tag}@x.com`, other: (tag: string) => `ab${tag}@x.com` },
  ];
  for (const c of cases) {
    it(`never shows another account's emails: ${c.name}`, async () => {
      const tag = Math.random().toString(36).slice(2, 8);
      const tutor = await t.createUser({ role: 'tutor' });
      const session = await createStudySession(t.deps, tutor);
      const me = await t.actor({ role: 'student', email: `me.${tag}@x.com` });
      await db().updateTable('user').set({ email: c.mine(tag) }).where('id', '=', me.user!.id).execute();
      me.user!.email = c.mine(tag);
      const other = await t.createUser({ role: 'student', email: c.other(tag) });
      await emailsWaitingFor(other, session.id, 'Not yours');
      await emailsWaitingFor(me.user!, session.id, 'Yours');

      const data = await exportMine(me);
      expect(data.account.email).toBe(c.mine(tag));
      const waiting = data.emails.filter((e) => e.status !== 'sent');
      expect(waiting).toEqual([
        expect.objectContaining({ subject: 'Yours', text: `For ${c.mine(tag)} only` }),
        expect.objectContaining({ subject: '(bookings.confirmation, written when sent)' }),
      ]);
      expect(JSON.stringify(data)).not.toContain(c.other(tag));
      expect(JSON.stringify(data)).not.toContain('Not yours');
    });
  }
});

// PostgreSQL runs 0024 at every test app's start (the tests above); its backfill is checked here on a file of its own.
it.runIf(process.env.TEST_DIALECT === 'sqlite')('migration 0024 gives the emails already waiting their exact recipient, and no other job one', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-0024-'));
  const fresh = createDb({ dialect: 'sqlite', file: path.join(dir, 'db.sqlite') });
  try {
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0024'));
    expect((await new Migrator({ db: fresh.kysely, provider: { getMigrations: async () => before } }).migrateToLatest()).error).toBeUndefined();
    const at = '2026-01-01T00:00:00.000Z';
    const add = (id: string, kind: string, payload: unknown) =>
      sql`insert into "job" ("id", "kind", "payload", "status", "runAt", "attempts", "maxAttempts", "createdAt") values (${id}, ${kind}, ${JSON.stringify(payload)}, 'queued', ${at}, 0, 5, ${at})`.execute(fresh.kysely);
    await add('j1', 'email', { mail: { to: ' A_B@X.com', subject: 's', text: 't' } });
    await add('j2', 'email', { render: 'bookings.confirmation', args: { sessionId: 's', student: { id: 'u', name: 'n', email: 'Student@x.com' } } });
    await add('j3', 'email', { render: 'bookings.tutor-notice', args: { sessionId: 's', student: { id: 'u', name: 'n', email: 'student@x.com' } } });
    await add('j4', 'my-data.archive', { userId: 'u', to: 'x@x.com' });
    await migrateToLatest(fresh.kysely);
    const rows = await sql<{ id: string; recipient: string | null }>`select "id", "recipient" from "job" order by "id"`.execute(fresh.kysely);
    expect(rows.rows).toEqual([
      { id: 'j1', recipient: 'a_b@x.com' },
      { id: 'j2', recipient: 'student@x.com' },
      { id: 'j3', recipient: null },
      { id: 'j4', recipient: null },
    ]);
  } finally {
    await fresh.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe('exports are bounded per account', () => {
  it('allows 6 exports of my own data an hour, then answers 429 with Retry-After and why', async () => {
    const me = await t.actor({ role: 'student' });
    for (let i = 0; i < 3; i++) {
      expect((await t.request(me, { method: 'GET', url: '/api/me/data' })).statusCode).toBe(200);
      expect((await t.request(me, { method: 'GET', url: '/api/me/data.zip' })).statusCode).toBe(200);
    }
    for (const url of ['/api/me/data.zip', '/api/me/data']) {
      const refused = await t.request(me, { method: 'GET', url });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
      expect(refused.json()).toEqual({ message: 'You have downloaded your data 6 times in the last hour, the most allowed. Try again in 60 minutes.' });
    }
    // Another account is not held back by mine.
    expect((await t.request(await t.actor({ role: 'student' }), { method: 'GET', url: '/api/me/data.zip' })).statusCode).toBe(200);
  });

  it('holds at 6 when one account asks 20 times at once: the count and the record are one step per account', async () => {
    const me = await t.actor({ role: 'student' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.request(me, { method: 'GET', url: i % 2 === 0 ? '/api/me/data.zip' : '/api/me/data' })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(6);
    expect(codes.filter((code) => code === 429)).toHaveLength(14);
    // What the log holds is what was given: six exports, no more.
    const recorded = await db().selectFrom('audit_log').select('id').where('action', '=', 'user.data_exported').where('targetId', '=', me.user!.id).execute();
    expect(recorded).toHaveLength(6);
  });

  it('sends a browser that followed the ZIP link once too often back to Settings, which says why and when (no raw JSON page)', async () => {
    const me = await t.actor({ role: 'student' });
    for (let i = 0; i < 6; i++) expect((await t.request(me, { method: 'GET', url: '/api/me/data' })).statusCode).toBe(200);
    const followed = await t.request(me, { method: 'GET', url: '/api/me/data.zip', headers: { 'sec-fetch-mode': 'navigate', accept: 'text/html,application/xhtml+xml' } });
    expect(followed.statusCode).toBe(303);
    expect(followed.headers.location).toBe('/dashboard/settings?export=too-often&minutes=60#my-data');
    // A browser too old to send Sec-Fetch-Mode says what it wants by Accept.
    const older = await t.request(me, { method: 'GET', url: '/api/me/data.zip', headers: { accept: 'text/html' } });
    expect(older.headers.location).toBe('/dashboard/settings?export=too-often&minutes=60#my-data');
    // A script's fetch gets the 429 with its reason, as before.
    const fetched = await t.request(me, { method: 'GET', url: '/api/me/data.zip', headers: { 'sec-fetch-mode': 'cors', accept: '*/*' } });
    expect(fetched.statusCode).toBe(429);
  });

  it('keeps one prepared archive per account: a new one replaces the last, whose link stops working', async () => {
    const { archiveStore } = await import('#server/features/my-data/archive-store.ts');
    const me = await t.actor({ role: 'student' });
    const store = archiveStore(t.deps.files);
    const first = await store.write(me.user!.id, Buffer.from('first'));
    const second = await store.write(me.user!.id, Buffer.from('second'));
    const kept: string[] = [];
    for await (const object of t.deps.files.list(`exports/${me.user!.id}.`)) kept.push(object.key);
    expect(kept).toEqual([`exports/${me.user!.id}.${second}.zip`]);
    expect((await t.request(me, { method: 'GET', url: `/api/me/data-exports/${first}.zip` })).statusCode).toBe(404);
    expect((await t.request(me, { method: 'GET', url: `/api/me/data-exports/${second}.zip` })).statusCode).toBe(200);
  });
});
