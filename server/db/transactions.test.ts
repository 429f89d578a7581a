// One way to run something atomically: a Kysely transaction. On SQLite its prepared queries run
// directly on the connection it holds (decision 028); these are the guarantees the booking's
// transaction relies on (docs/decisions/003-capacity-guard.md), on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '#tests/helpers/test-database.ts';
import { createDb, migrateToLatest, type Db } from './database.ts';
import { prepare } from './prepared.ts';

let testDb: TestDatabase;
let db: Db;
const now = '2026-01-01T00:00:00.000Z';

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = createDb(testDb.database);
  await migrateToLatest(db.kysely);
});
afterAll(async () => {
  await db?.destroy();
  await testDb?.drop();
});

const insertUser = prepare((k, p: { id: string; name: string }) =>
  k.insertInto('user').values({ id: p.id, name: p.name, email: p.id, createdAt: sql.lit(now), updatedAt: sql.lit(now) } as never),
);
const renameUser = prepare((k, p: { id: string; name: string }) => k.updateTable('user').set({ name: p.name }).where('id', '=', p.id).returning(['id', 'name']));
const names = async () => (await db.kysely.selectFrom('user').select(['id', 'name']).orderBy('id').execute()).map((u) => `${u.id}:${u.name}`);

describe('a transaction of prepared queries', () => {
  it('commits every statement of the work, and returns what it returns', async () => {
    const result = await db.kysely.transaction().execute(async (trx) => {
      const inserted = await insertUser(trx, { id: 'a', name: 'Ann' });
      expect(inserted.numAffectedRows).toBe(1n);
      return (await renameUser(trx, { id: 'a', name: 'Anna' })).rows;
    });
    expect(result).toEqual([{ id: 'a', name: 'Anna' }]);
    expect(await names()).toEqual(['a:Anna']);
  });

  it('rolls everything back when a statement fails (a unique violation) or the work throws', async () => {
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await insertUser(trx, { id: 'b', name: 'Bob' });
        await insertUser(trx, { id: 'a', name: 'again' });
      }),
    ).rejects.toMatchObject({ code: expect.stringMatching(/^SQLITE_CONSTRAINT|^23505$/) });
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await insertUser(trx, { id: 'c', name: 'Cy' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await names()).toEqual(['a:Anna']);
    if (db.sqlite) expect(db.sqlite.inTransaction).toBe(false);
  });

  it('waits for another transaction in progress instead of running inside it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const first = db.kysely
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('user').set({ name: 'in first tx' }).where('id', '=', 'a').execute();
        await gate;
        order.push('first rolls back');
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const second = db.kysely.transaction().execute(async (trx) => {
      // PostgreSQL runs both at once, and the row lock orders them; SQLite has one connection.
      await renameUser(trx, { id: 'a', name: 'Anna' });
      order.push('second runs');
      await insertUser(trx, { id: 'd', name: 'Dee' });
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first rolls back', 'second runs']);
    expect(await names()).toEqual(['a:Anna', 'd:Dee']);
  });
});
