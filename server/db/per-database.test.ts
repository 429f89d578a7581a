// What prepared queries and guarded writes keep, they keep per database: two apps in
// one process (two createDb) share nothing but the queries' code. On both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDb, migrateToLatest, type Db } from '#server/db/database.ts';
import { createTestDatabase, type TestDatabase } from '#tests/helpers/test-database.ts';
import { guardedWrite } from './guarded-write.ts';
import { prepare, statementName } from './prepared.ts';

const now = '2026-01-01T00:00:00.000Z';
const databases: Array<{ testDb: TestDatabase; db: Db }> = [];

beforeAll(async () => {
  for (const name of ['first', 'second']) {
    const testDb = await createTestDatabase();
    const db = createDb(testDb.database);
    await migrateToLatest(db.kysely);
    await db.kysely
      .insertInto('user')
      .values(['u1', 'u2'].map((id) => ({ id, name, email: `${id}.${name}@example.com`, createdAt: now, updatedAt: now })) as never)
      .execute();
    databases.push({ testDb, db });
  }
});
afterAll(async () => {
  for (const { testDb, db } of databases) {
    await db.destroy();
    await testDb.drop();
  }
});

const nameOf = prepare((k, p: { id: string }) => k.selectFrom('user').select('name').where('id', '=', p.id));
const emailOf = prepare((k, p: { id: string }) => k.selectFrom('user').select('email').where('id', '=', p.id));
const rename = prepare((k, p: { id: string; name: string }) => k.updateTable('user').set({ name: p.name }).where('id', '=', p.id).returning('id'));
const setImage = prepare((k, p: { id: string; image: string }) => k.updateTable('user').set({ image: p.image }).where('id', '=', p.id));

describe('per database', () => {
  it('reads each database through its own handle', async () => {
    const [first, second] = databases;
    expect((await nameOf(first!.db.kysely, { id: 'u1' })).rows).toEqual([{ name: 'first' }]);
    expect((await nameOf(second!.db.kysely, { id: 'u1' })).rows).toEqual([{ name: 'second' }]);
  });

  it('names the prepared statements of each database by its own first uses', async () => {
    const [first, second] = databases.map(({ db }) => db.kysely);
    await nameOf(first!, { id: 'u1' });
    await nameOf(second!, { id: 'u1' });
    await emailOf(second!, { id: 'u1' });
    const nameSql = nameOf.compiledWith(first!, { id: 'u1' }).sql;
    const emailSql = emailOf.compiledWith(second!, { id: 'u1' }).sql;
    // The first database never ran emailOf: its SQL has no name there.
    expect(statementName(first!, nameSql)).toBe('studynest_1');
    expect(statementName(first!, emailSql)).toBeUndefined();
    expect(statementName(second!, nameSql)).toBe('studynest_1');
    expect(statementName(second!, emailSql)).toBe('studynest_2');
  });

  it('runs guarded writes on each database alone', async () => {
    const [first, second] = databases.map(({ db }) => db.kysely);
    const taken = await guardedWrite(first!, rename.withValues({ id: 'u1', name: 'renamed' }), [setImage.withValues({ id: 'u2', image: '/photo.png' })]);
    expect(taken).toEqual([{ id: 'u1' }]);
    // A step writes another row than the guard's (guarded-write.ts).
    const users = async (db: typeof first) => (await sql<{ id: string; name: string; image: string | null }>`select id, name, image from "user" order by id`.execute(db!)).rows;
    expect(await users(first)).toEqual([{ id: 'u1', name: 'renamed', image: null }, { id: 'u2', name: 'first', image: '/photo.png' }]);
    expect(await users(second)).toEqual([{ id: 'u1', name: 'second', image: null }, { id: 'u2', name: 'second', image: null }]);
    expect(await guardedWrite(second!, rename.withValues({ id: 'u1', name: 'also renamed' }), [])).toEqual([{ id: 'u1' }]);
    expect(await users(second)).toEqual([{ id: 'u1', name: 'also renamed', image: null }, { id: 'u2', name: 'second', image: null }]);
  });
});
