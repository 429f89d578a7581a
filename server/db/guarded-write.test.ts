// guardedWrite (guarded-write.ts): a guard and the steps written only when it took a row, atomically;
// one transaction on SQLite, one statement on PostgreSQL. What the booking relies on
// (docs/decisions/003-capacity-guard.md, 029), on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '#tests/helpers/test-database.ts';
import { createDb, migrateToLatest, type Db } from './database.ts';
import { guardedWrite } from './guarded-write.ts';
import { prepare, type BoundQuery } from './prepared.ts';

let testDb: TestDatabase;
let db: Db;
const now = '2026-01-01T00:00:00.000Z';
const STUDENTS = 30;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = createDb(testDb.database);
  await migrateToLatest(db.kysely);
  const users = ['tutor', ...Array.from({ length: STUDENTS }, (_, i) => `u${i}`)];
  await db.kysely
    .insertInto('user')
    .values(users.map((id) => ({ id, name: id, email: `${id}@test`, createdAt: now, updatedAt: now }) as never))
    .execute();
  const session = (id: string, maxParticipants: number | null) => ({
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
    maxParticipants,
    createdAt: now,
    updatedAt: now,
  });
  await db.kysely
    .insertInto('study_session')
    .values([session('two-seats', 2), session('open', null), session('five-seats', 5), session('in-trx', 1), session('together', 5), session('one-commit', null), session('alone', null)])
    .execute();
});
afterAll(async () => {
  await db?.destroy();
  await testDb?.drop();
});

// The booking's shapes: a guarded UPDATE … RETURNING; an insert of values only, an insert with
// literals and ON CONFLICT (a job row), an update and a delete.
const takeSeat = prepare((k, p: { sessionId: string }) =>
  k
    .updateTable('study_session')
    .set((eb) => ({ bookedCount: eb('bookedCount', '+', eb.lit(1)) }))
    .where('id', '=', p.sessionId)
    .where((eb) => eb.or([eb('maxParticipants', 'is', null), eb('bookedCount', '<', eb.ref('maxParticipants'))]))
    .returning(['id', 'bookedCount']),
);
const addBooking = prepare((k, p: { id: string; sessionId: string; studentId: string; createdAt: string }) =>
  k.insertInto('booking').values({ id: p.id, sessionId: p.sessionId, studentId: p.studentId, studentEmail: p.studentId, createdAt: p.createdAt }),
);
const addJob = prepare((k, p: { id: string; key: string }) =>
  k
    .insertInto('job')
    .values({ id: p.id, kind: sql.lit('test'), payload: sql.lit('{}'), status: sql.lit('queued'), runAt: sql.lit(now), attempts: sql.lit(0), maxAttempts: sql.lit(1), key: p.key, createdAt: sql.lit(now) })
    .onConflict((oc) => oc.column('key').where(sql.ref('key'), 'is not', null).doNothing()),
);
const renameUser = prepare((k, p: { id: string; name: string }) => k.updateTable('user').set({ name: p.name }).where('id', '=', p.id));
const removeJob = prepare((k, p: { id: string }) => k.deleteFrom('job').where('id', '=', p.id));

const seats = async (sessionId: string) => Number((await db.kysely.selectFrom('study_session').select('bookedCount').where('id', '=', sessionId).executeTakeFirstOrThrow()).bookedCount);
const bookings = async (sessionId: string) => (await db.kysely.selectFrom('booking').select('studentId').where('sessionId', '=', sessionId).orderBy('studentId').execute()).map((b) => b.studentId);
const jobIds = async () => (await db.kysely.selectFrom('job').select('id').where('kind', '=', 'test').orderBy('id').execute()).map((j) => j.id);
const nameOf = async (id: string) => (await db.kysely.selectFrom('user').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
const book = (sessionId: string, studentId: string, more: BoundQuery[] = []) =>
  guardedWrite(db.kysely, takeSeat.withValues({ sessionId }), [addBooking.withValues({ id: `${sessionId}-${studentId}`, sessionId, studentId, createdAt: now }), ...more]);

describe('guardedWrite', () => {
  it('writes the guard and every step when the guard takes a row, and returns its rows', async () => {
    await db.kysely
      .insertInto('job')
      .values(['old', 'keyed'].map((id) => ({ id, kind: 'test', payload: '{}', runAt: now, maxAttempts: 1, key: id === 'keyed' ? 'k0' : null, createdAt: now })))
      .execute();
    const taken = await book('two-seats', 'u0', [
      renameUser.withValues({ id: 'u0', name: 'Booked' }),
      addJob.withValues({ id: 'j1', key: 'k1' }),
      // A job of a key that exists is not added (ON CONFLICT DO NOTHING), and the rest goes on.
      addJob.withValues({ id: 'j2', key: 'k0' }),
      removeJob.withValues({ id: 'old' }),
    ]);
    expect(taken.map((row) => ({ ...row, bookedCount: Number(row.bookedCount) }))).toEqual([{ id: 'two-seats', bookedCount: 1 }]);
    expect(await seats('two-seats')).toBe(1);
    expect(await bookings('two-seats')).toEqual(['u0']);
    expect(await nameOf('u0')).toBe('Booked');
    expect(await jobIds()).toEqual(['j1', 'keyed']);
  });

  it('writes nothing when the guard takes no row', async () => {
    expect(await book('two-seats', 'u1')).toHaveLength(1);
    const taken = await book('two-seats', 'u2', [renameUser.withValues({ id: 'u2', name: 'Booked' }), addJob.withValues({ id: 'j3', key: 'k3' })]);
    expect(taken).toEqual([]);
    expect(await seats('two-seats')).toBe(2);
    expect(await bookings('two-seats')).toEqual(['u0', 'u1']);
    expect(await nameOf('u2')).toBe('u2');
    expect(await jobIds()).toEqual(['j1', 'keyed']);
  });

  it('undoes the guard and every step when a step fails (a unique violation)', async () => {
    expect(await book('open', 'u0')).toHaveLength(1);
    await expect(book('open', 'u0', [renameUser.withValues({ id: 'u0', name: 'Twice' })])).rejects.toMatchObject({ code: expect.stringMatching(/^SQLITE_CONSTRAINT|^23505$/) });
    await expect(
      guardedWrite(db.kysely, takeSeat.withValues({ sessionId: 'open' }), [
        addJob.withValues({ id: 'j4', key: 'k4' }),
        renameUser.withValues({ id: 'u1', name: 'Not booked' }),
        addBooking.withValues({ id: 'open-u1', sessionId: 'open', studentId: 'u1', createdAt: now }),
        addBooking.withValues({ id: 'open-u1', sessionId: 'open', studentId: 'u2', createdAt: now }),
      ]),
    ).rejects.toMatchObject({ code: expect.stringMatching(/^SQLITE_CONSTRAINT|^23505$/) });
    expect(await seats('open')).toBe(1);
    expect(await bookings('open')).toEqual(['u0']);
    expect(await nameOf('u0')).toBe('Booked');
    expect(await nameOf('u1')).toBe('u1');
    expect(await jobIds()).toEqual(['j1', 'keyed']);
  });

  it('never takes more than there is when many guards race for the same row', async () => {
    const outcomes = await Promise.all(Array.from({ length: STUDENTS }, (_, i) => book('five-seats', `u${i}`)));
    const counts = outcomes.filter((taken) => taken.length === 1).map(([row]) => Number(row!.bookedCount));
    expect(counts.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    expect(outcomes.filter((taken) => taken.length === 0)).toHaveLength(STUDENTS - 5);
    expect(await seats('five-seats')).toBe(5);
    expect(await bookings('five-seats')).toHaveLength(5);
  });

  it('writes arriving together each succeed or fail on their own: a failure in their midst undoes only itself', async () => {
    expect(await book('together', 'u0')).toHaveLength(1);
    // Its booking row's id is u0's, whatever order the writes run in: its guard's seat and its
    // rename are undone, nothing else (five seats: one is always free for it).
    const twice = guardedWrite(db.kysely, takeSeat.withValues({ sessionId: 'together' }), [
      renameUser.withValues({ id: 'u9', name: 'Lost' }),
      addBooking.withValues({ id: 'together-u0', sessionId: 'together', studentId: 'u9', createdAt: now }),
    ]);
    const outcomes = await Promise.allSettled([book('together', 'u1'), twice, book('together', 'u2'), book('together', 'u3')]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value.length : 'failed'))).toEqual([1, 'failed', 1, 1]);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ code: expect.stringMatching(/^SQLITE_CONSTRAINT|^23505$/) });
    expect(await seats('together')).toBe(4);
    expect(await bookings('together')).toEqual(['u0', 'u1', 'u2', 'u3']);
    expect(await nameOf('u9')).toBe('u9');
    if (db.sqlite) expect(db.sqlite.inTransaction).toBe(false);
  });

  it.runIf(process.env.TEST_DIALECT === 'sqlite')('commits the writes of one turn of the event loop together (SQLite: one commit writes their shared pages once)', async () => {
    const sqlite = db.sqlite!;
    // The WAL frames (pages) written by `write`, counted from an emptied WAL.
    const framesOf = async (write: () => Promise<unknown>) => {
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
      await write();
      return (sqlite.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number }>)[0]!.log;
    };
    const one = await framesOf(() => book('alone', 'u0'));
    const twenty = await framesOf(() => Promise.all(Array.from({ length: 20 }, (_, i) => book('one-commit', `u${i}`))));
    expect(await bookings('one-commit')).toHaveLength(20);
    // Twenty commits would write each of the pages twenty times.
    expect(one).toBeGreaterThan(1);
    expect(twenty).toBeLessThan(3 * one);
  });

  it('is part of the caller’s transaction when given one: its rollback undoes the write', async () => {
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        const taken = await guardedWrite(trx, takeSeat.withValues({ sessionId: 'in-trx' }), [addBooking.withValues({ id: 'in-trx-u3', sessionId: 'in-trx', studentId: 'u3', createdAt: now })]);
        expect(taken).toHaveLength(1);
        // Full now, inside the transaction too.
        expect(await guardedWrite(trx, takeSeat.withValues({ sessionId: 'in-trx' }), [])).toEqual([]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await seats('in-trx')).toBe(0);
    expect(await bookings('in-trx')).toEqual([]);
    if (db.sqlite) expect(db.sqlite.inTransaction).toBe(false);
  });
});
