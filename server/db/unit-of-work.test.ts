// The unit of work (unit-of-work.ts): a feature's writes, its jobs and the caches it declares
// changed commit together, and only a committed unit is heard of (the job worker woken, the
// caches dropped). On both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/helpers/test-database.ts';
import type { JobInsert } from '#server/jobs/job-repository.ts';
import { createDb, migrateToLatest, type Db } from './database.ts';
import { prepare } from './prepared.ts';
import type { Committed } from './unit-of-work.ts';

let testDb: TestDatabase;
let db: Db;
const now = '2026-01-01T00:00:00.000Z';
const heard: Committed[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = createDb(testDb.database);
  await migrateToLatest(db.kysely);
  db.onCommit((committed) => heard.push({ jobs: committed.jobs, changed: new Set(committed.changed) }));
  await db.kysely
    .insertInto('user')
    .values(['u1', 'u2', 'u3'].map((id) => ({ id, name: id, email: `${id}@test`, createdAt: now, updatedAt: now }) as never))
    .execute();
});
afterAll(async () => {
  await db?.destroy();
  await testDb?.drop();
});

const job = (id: string): JobInsert => ({ id, kind: 'test', payload: '{}', runAt: now, maxAttempts: 1, key: null, createdAt: now, recipient: null });
const renameUser = prepare((k, p: { id: string; name: string }) => k.updateTable('user').set({ name: p.name }).where('id', '=', p.id));
/** A guard that takes the user's row only while it has this name. */
const renameIf = prepare((k, p: { id: string; from: string; to: string }) => k.updateTable('user').set({ name: p.to }).where('id', '=', p.id).where('name', '=', p.from).returning('id'));
const nameOf = async (id: string) => (await db.kysely.selectFrom('user').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
const jobIds = async () => (await db.kysely.selectFrom('job').select('id').where('kind', '=', 'test').orderBy('id').execute()).map((j) => j.id);
const lastHeard = () => {
  const last = heard.at(-1);
  return last && { jobs: last.jobs, changed: [...last.changed] };
};

describe('a unit of work', () => {
  it('commits its writes and jobs together, then tells what it wrote and declared changed', async () => {
    heard.length = 0;
    const result = await db.unitOfWork(async (work) => {
      await renameUser(await work.db(), { id: 'u1', name: 'Ann' });
      work.enqueue([job('a1'), job('a2')]);
      work.changed('publicLists');
      // Not heard of before its commit.
      expect(heard).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(await nameOf('u1')).toBe('Ann');
    expect(await jobIds()).toEqual(['a1', 'a2']);
    expect(lastHeard()).toEqual({ jobs: 2, changed: ['publicLists'] });
  });

  it('writes nothing and tells nobody when its work throws', async () => {
    heard.length = 0;
    await expect(
      db.unitOfWork(async (work) => {
        await renameUser(await work.db(), { id: 'u1', name: 'Lost' });
        work.enqueue(job('b1'));
        work.changed('publicLists');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await nameOf('u1')).toBe('Ann');
    expect(await jobIds()).toEqual(['a1', 'a2']);
    expect(heard).toEqual([]);
  });

  it('writes nothing when a statement fails, and the database is usable after it', async () => {
    await expect(
      db.unitOfWork(async (work) => {
        const trx = await work.db();
        await renameUser(trx, { id: 'u1', name: 'Lost' });
        work.enqueue(job('a1')); // its id exists: the job's insert fails at the commit
      }),
    ).rejects.toThrow();
    expect(await nameOf('u1')).toBe('Ann');
    await db.unitOfWork(async (work) => renameUser(await work.db(), { id: 'u3', name: 'Cy' }));
    expect(await nameOf('u3')).toBe('Cy');
  });

  it('writes jobs alone when it has nothing else to write', async () => {
    heard.length = 0;
    await db.unitOfWork(async (work) => work.enqueue(job('c1')));
    await db.unitOfWork(async (work) => work.enqueue([job('c2'), job('c3')]));
    expect(await jobIds()).toEqual(['a1', 'a2', 'c1', 'c2', 'c3']);
    expect(heard.map((c) => c.jobs)).toEqual([1, 2]);
  });

  it('tells nobody of a unit that wrote nothing', async () => {
    heard.length = 0;
    expect(await db.unitOfWork(async () => 7)).toBe(7);
    expect(heard).toEqual([]);
  });

  it('runs a lone guarded write with its jobs as steps: none written when the guard takes no row', async () => {
    heard.length = 0;
    const took = await db.unitOfWork(async (work) => {
      work.enqueue(job('d1'));
      return work.guardedWrite(renameIf.withValues({ id: 'u2', from: 'u2', to: 'Bo' }));
    });
    expect(took).toHaveLength(1);
    const missed = await db.unitOfWork(async (work) => {
      work.enqueue(job('d2'));
      work.changed('publicLists');
      return work.guardedWrite(renameIf.withValues({ id: 'u2', from: 'u2', to: 'Never' }));
    });
    expect(missed).toEqual([]);
    expect(await nameOf('u2')).toBe('Bo');
    expect(await jobIds()).toEqual(['a1', 'a2', 'c1', 'c2', 'c3', 'd1']);
    expect(heard.map((c) => ({ jobs: c.jobs, changed: [...c.changed] }))).toEqual([
      { jobs: 1, changed: [] },
      { jobs: 0, changed: ['publicLists'] },
    ]);
  });

  it('refuses a write after its lone guarded write (that write has committed)', async () => {
    await expect(
      db.unitOfWork(async (work) => {
        await work.guardedWrite(renameIf.withValues({ id: 'u2', from: 'Bo', to: 'Bea' }));
        work.enqueue(job('e1'));
      }),
    ).rejects.toThrow(/already committed its one guarded write/);
    expect(await nameOf('u2')).toBe('Bea');
    expect(await jobIds()).not.toContain('e1');
  });

  it('runs a guarded write after work.db() in its transaction: undone with it', async () => {
    await expect(
      db.unitOfWork(async (work) => {
        await renameUser(await work.db(), { id: 'u3', name: 'Cyd' });
        expect(await work.guardedWrite(renameIf.withValues({ id: 'u2', from: 'Bea', to: 'Bee' }))).toHaveLength(1);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect([await nameOf('u2'), await nameOf('u3')]).toEqual(['Bea', 'Cy']);
  });

  it('makes units locking the same row take turns (a check and the write it allows are one step)', async () => {
    // Each unit reads the name, waits, then appends to it: without the lock both read the same name.
    const append = (letter: string) =>
      db.unitOfWork(async (work) => {
        expect(await work.lockRow('user', 'u1')).toBe(true);
        const trx = await work.db();
        const { name } = await trx.selectFrom('user').select('name').where('id', '=', 'u1').executeTakeFirstOrThrow();
        await new Promise((resolve) => setTimeout(resolve, 30));
        await renameUser(trx, { id: 'u1', name: `${name}${letter}` });
      });
    await Promise.all([append('x'), append('y'), append('z')]);
    expect((await nameOf('u1')).split('').sort().join('')).toBe('Annxyz'.split('').sort().join(''));
    expect(await db.unitOfWork(async (work) => work.lockRow('user', 'nobody'))).toBe(false);
  });
});

