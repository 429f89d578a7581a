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

  it('refuses a constant sent as a parameter (PostgreSQL could not plan for it): it must be a literal', async () => {
    const { sql } = await import('kysely');
    const constant = prepare((k, p: { id: string }) => k.selectFrom('user').select('id').where('id', '=', p.id).where('role', '=', 'student'));
    await expect(constant(db.kysely, { id: 'u-ann' })).rejects.toThrow(/write constants as literals/);
    const literal = prepare((k, p: { id: string }) => k.selectFrom('user').select('id').where('id', '=', p.id).where('name', '=', sql.lit('ann')));
    expect((await literal(db.kysely, { id: 'u-ann' })).rows).toEqual([{ id: 'u-ann' }]);
  });

  it('refuses a builder that turns a value into SQL text instead of a parameter', async () => {
    const { sql } = await import('kysely');
    const spliced = prepare((k, p: { column: string }) => k.selectFrom('user').select(sql.ref<string>(p.column).as('x')));
    await expect(spliced(db.kysely, { column: 'name' })).rejects.toThrow(/did not become a bound parameter/);
  });

  it('reads the same rows as Kysely does, aliases and a repeated column name included', async () => {
    const { sql } = await import('kysely');
    const joined = prepare((k, p: { id: string }) =>
      k
        .selectFrom('user as a')
        .innerJoin('user as b', 'b.id', 'a.id')
        .selectAll('a')
        .select(['b.name as otherName', sql<number>`length(a.name)`.as('nameLength'), sql<string>`'last'`.as('name')])
        .where('a.id', '=', p.id),
    );
    const compiled = joined.compiledWith(db.kysely, { id: "u-o'hara" });
    const viaKysely = (await db.kysely.executeQuery(compiled)).rows;
    const rows = (await joined(db.kysely, { id: "u-o'hara" })).rows;
    expect(rows).toEqual(viaKysely);
    expect(rows).toEqual([expect.objectContaining({ id: "u-o'hara", email: "o'hara@example.com", otherName: "o'hara", nameLength: 6, name: 'last' })]);

    // A column named __proto__ is a plain key, never the row's prototype.
    const odd = prepare((k, p: { id: string }) => k.selectFrom('user').select(sql<string>`'x'`.as('__proto__')).where('id', '=', p.id));
    const [row] = (await odd(db.kysely, { id: 'u-ann' })).rows;
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
  });

  it('never lets a read see the writes of a transaction in progress, even one later rolled back', async () => {
    const byId = prepare((k, p: { id: string }) => k.selectFrom('user').select(['id', 'name']).where('id', '=', p.id));
    let readDuringTransaction: Promise<unknown> | undefined;
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await trx.insertInto('user').values({ id: 'u-ghost', name: 'ghost', email: 'ghost@example.com', createdAt: '2026-01-01', updatedAt: '2026-01-01' } as never).execute();
        readDuringTransaction = byId(db.kysely, { id: 'u-ghost' }).then((r) => r.rows);
        // Give the read every chance to run before the transaction ends.
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await readDuringTransaction).toEqual([]);
  });

  it('keeps answering when a column is added after the query was prepared on a connection (PostgreSQL names its statements)', async () => {
    const everyColumn = prepare((k, p: { id: string }) => k.selectFrom('user').selectAll().where('id', '=', p.id));
    for (let i = 0; i < 3; i++) expect((await everyColumn(db.kysely, { id: 'u-bob' })).rows).toHaveLength(1);
    await db.kysely.schema.alterTable('user').addColumn('addedLater', 'text').execute();
    const [row] = (await everyColumn(db.kysely, { id: 'u-bob' })).rows as Array<Record<string, unknown>>;
    expect(row).toMatchObject({ id: 'u-bob', name: 'bob', addedLater: null });
    expect((await everyColumn(db.kysely, { id: 'u-ann' })).rows).toHaveLength(1);
  });
});
