// Group commit (group-commit.ts, decision 034), SQLite only: the guarded writes of one event-loop
// turn share one BEGIN IMMEDIATE … COMMIT, each in a SAVEPOINT. What each caller hears when
// something in or around the group fails.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest, type Db } from './database.ts';
import { guardedWrite } from './guarded-write.ts';
import { prepare, type BoundQuery } from './prepared.ts';

const now = '2026-01-01T00:00:00.000Z';
let dir: string;
let file: string;
let db: Db;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-group-commit-'));
  file = path.join(dir, 'db.sqlite');
  db = createDb({ dialect: 'sqlite', file });
  await migrateToLatest(db.kysely);
  const users = ['tutor', ...Array.from({ length: 10 }, (_, i) => `u${i}`)];
  await db.kysely
    .insertInto('user')
    .values(users.map((id) => ({ id, name: id, email: `${id}@test`, createdAt: now, updatedAt: now }) as never))
    .execute();
  const session = (id: string) => ({
    id,
    title: id,
    description: id,
    tutorId: 'tutor',
    tutorName: 'Tutor',
    tutorEmail: 'tutor@test',
    registrationStartDate: now,
    registrationEndDate: now,
    classStartDate: now,
    classEndDate: now,
    durationMinutes: 60,
    maxParticipants: null,
    createdAt: now,
    updatedAt: now,
  });
  await db.kysely.insertInto('study_session').values(['full-disk', 'busy', 'js-error', 'in-trx', 'in-trx-wait'].map(session)).execute();
});
afterAll(async () => {
  await db?.destroy();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const takeSeat = prepare((k, p: { sessionId: string }) =>
  k
    .updateTable('study_session')
    .set((eb) => ({ bookedCount: eb('bookedCount', '+', eb.lit(1)) }))
    .where('id', '=', p.sessionId)
    .returning(['id', 'bookedCount']),
);
const addBooking = prepare((k, p: { id: string; sessionId: string; studentId: string; createdAt: string }) =>
  k.insertInto('booking').values({ id: p.id, sessionId: p.sessionId, studentId: p.studentId, studentEmail: p.studentId, createdAt: p.createdAt }),
);
const addJob = prepare((k, p: { id: string; payload: string }) =>
  k.insertInto('job').values({ id: p.id, kind: sql.lit('test'), payload: p.payload, status: sql.lit('queued'), runAt: sql.lit(now), attempts: sql.lit(0), maxAttempts: sql.lit(1), createdAt: sql.lit(now) }),
);

const book = (sessionId: string, studentId: string, more: BoundQuery[] = []) =>
  guardedWrite(db.kysely, takeSeat.withValues({ sessionId }), [addBooking.withValues({ id: `${sessionId}-${studentId}`, sessionId, studentId, createdAt: now }), ...more]);
const bookings = async (sessionId: string) => (await db.kysely.selectFrom('booking').select('studentId').where('sessionId', '=', sessionId).orderBy('studentId').execute()).map((b) => b.studentId);
const seats = async (sessionId: string) => Number((await db.kysely.selectFrom('study_session').select('bookedCount').where('id', '=', sessionId).executeTakeFirstOrThrow()).bookedCount);
const settled = (outcomes: PromiseSettledResult<unknown[]>[]) => outcomes.map((o) => (o.status === 'fulfilled' ? o.value.length : (o.reason as { code?: string }).code ?? 'failed'));

describe.runIf(process.env.TEST_DIALECT === 'sqlite')('group commit', () => {
  it('a write that makes SQLite roll back the whole transaction (disk full) fails alone: the others of its turn commit', async () => {
    const sqlite = db.sqlite!;
    // Room for a few more pages: the small bookings fit, a 200 kB job row does not. SQLite rolls
    // back the whole transaction on SQLITE_FULL in a statement without a statement journal.
    const pages = sqlite.pragma('page_count', { simple: true }) as number;
    sqlite.pragma(`max_page_count = ${pages + 8}`);
    try {
      const outcomes = await Promise.allSettled([
        book('full-disk', 'u0'),
        book('full-disk', 'u1', [addJob.withValues({ id: 'too-big', payload: 'x'.repeat(200_000) })]),
        book('full-disk', 'u2'),
      ]);
      expect(settled(outcomes)).toEqual([1, 'SQLITE_FULL', 1]);
    } finally {
      sqlite.pragma('max_page_count = 1073741823');
    }
    expect(await bookings('full-disk')).toEqual(['u0', 'u2']);
    expect(await seats('full-disk')).toBe(2);
    expect(sqlite.inTransaction).toBe(false);
    // The next turn's writes are unaffected.
    expect(await book('full-disk', 'u3')).toHaveLength(1);
  });

  it('BEGIN IMMEDIATE refused (another connection holds the write lock past busy_timeout): every write of the group fails, the next group works', async () => {
    const sqlite = db.sqlite!;
    const other = new SQLite(file);
    sqlite.pragma('busy_timeout = 20');
    try {
      other.exec('begin immediate');
      const outcomes = await Promise.allSettled([book('busy', 'u0'), book('busy', 'u1')]);
      expect(settled(outcomes)).toEqual(['SQLITE_BUSY', 'SQLITE_BUSY']);
      expect(sqlite.inTransaction).toBe(false);
      other.exec('rollback');
      expect(await Promise.all([book('busy', 'u2'), book('busy', 'u3')])).toEqual([[expect.anything()], [expect.anything()]]);
    } finally {
      if (other.inTransaction) other.exec('rollback');
      other.close();
      sqlite.pragma('busy_timeout = 5000');
    }
    expect(await bookings('busy')).toEqual(['u2', 'u3']);
  });

  it('a plain JavaScript error in one write undoes that write alone', async () => {
    const broken: BoundQuery = {
      ...addJob.withValues({ id: 'never', payload: '{}' }),
      runOn: () => {
        throw new Error('not a database error');
      },
    };
    const outcomes = await Promise.allSettled([book('js-error', 'u0'), book('js-error', 'u1', [broken]), book('js-error', 'u2')]);
    expect(settled(outcomes)).toEqual([1, 'failed', 1]);
    expect(await bookings('js-error')).toEqual(['u0', 'u2']);
    expect(await seats('js-error')).toBe(2);
  });

  it('waits for a Kysely transaction in progress, then commits after it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const trx = db.kysely.transaction().execute(async (t) => {
      await t.updateTable('study_session').set({ bookedCount: 10 }).where('id', '=', 'in-trx-wait').execute();
      await held;
    });
    // Let the transaction take the connection first.
    await new Promise((resolve) => setImmediate(resolve));
    const write = book('in-trx-wait', 'u0');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await Promise.race([write.then(() => 'done'), Promise.resolve('waiting')])).toBe('waiting');
    release();
    await trx;
    expect(await write).toEqual([{ id: 'in-trx-wait', bookedCount: 11 }]);
    expect(await bookings('in-trx-wait')).toEqual(['u0']);
  });
});
