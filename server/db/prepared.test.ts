import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest, type Db } from '#server/db/database.ts';
import { createTestDatabase, type TestDatabase } from '#tests/helpers/test-database.ts';
import { prepare } from './prepared.ts';

let testDb: TestDatabase;
let db: Db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = createDb(testDb.database);
  await migrateToLatest(db.kysely);
  const now = '2026-01-01T00:00:00.000Z';
  await db.kysely
    .insertInto('user')
    .values(['ann', 'bob', "o'hara"].map((name) => ({ id: `u-${name}`, name, email: `${name}@example.com`, createdAt: now, updatedAt: now })) as never)
    .execute();
});
afterAll(async () => {
  await db?.destroy();
  await testDb?.drop();
});

const byEmailPrefix = prepare((k, p: { prefix: string; limit: number }) =>
  k.selectFrom('user').select(['id', 'name']).where('email', 'like', p.prefix).orderBy('name').limit(p.limit),
);

describe('prepare', () => {
  it('runs the compiled query with each call’s values, bound as parameters', async () => {
    expect((await byEmailPrefix(db.kysely, { prefix: 'a%', limit: 10 })).rows).toEqual([{ id: 'u-ann', name: 'ann' }]);
    expect((await byEmailPrefix(db.kysely, { prefix: '%@example.com', limit: 2 })).rows.map((r) => r.name)).toEqual(['ann', 'bob']);
    // A value with SQL in it is data, never SQL.
    expect((await byEmailPrefix(db.kysely, { prefix: "o'hara%' or 1=1 --", limit: 10 })).rows).toEqual([]);
    expect((await byEmailPrefix(db.kysely, { prefix: "o'hara%", limit: 10 })).rows).toEqual([{ id: "u-o'hara", name: "o'hara" }]);
  });

  it('works inside a transaction of the same database', async () => {
    const rows = await db.kysely.transaction().execute(async (trx) => (await byEmailPrefix(trx, { prefix: 'b%', limit: 5 })).rows);
    expect(rows).toEqual([{ id: 'u-bob', name: 'bob' }]);
  });

  it('refuses a builder that turns a value into SQL text instead of a parameter', async () => {
    const { sql } = await import('kysely');
    const spliced = prepare((k, p: { column: string }) => k.selectFrom('user').select(sql.ref<string>(p.column).as('x')));
    await expect(spliced(db.kysely, { column: 'name' })).rejects.toThrow(/did not become a bound parameter/);
  });
});
