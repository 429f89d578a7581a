// afterKey pages through a list exactly as its ORDER BY runs, ties included, in both directions
// and over three columns, on a real database (SQLite here; every list's API suite runs it on
// PostgreSQL too).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDb, migrateToLatest, type Db } from './database.ts';
import { afterKey } from './keyset.ts';

let dir: string;
let db: Db;

// Names with ties (three "Ann"), so the second column decides.
const USERS = ['Ann', 'Ann', 'Bob', 'Ann', 'Cy', 'Bob', 'Dee', 'Cy', 'Eve', 'Ann'].map((name, i) => ({ id: `u${String(9 - i).padStart(2, '0')}`, name, rank: i % 3 }));

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-keyset-'));
  db = createDb({ dialect: 'sqlite', file: path.join(dir, 'db.sqlite') });
  await migrateToLatest(db.kysely);
  const at = '2026-01-01T00:00:00.000Z';
  for (const u of USERS) {
    // The rank goes in `image` (any text column): a third sort key.
    await db.kysely.insertInto('user').values({ id: u.id, name: u.name, email: `${u.id}@example.com`, image: String(u.rank), createdAt: sql.lit(at), updatedAt: sql.lit(at) } as never).execute();
  }
});
afterAll(async () => {
  await db?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Every page of `size` rows, each after the last row of the one before. */
async function walk(order: 'asc' | 'desc', columns: ('image' | 'name' | 'id')[], size: number): Promise<string[]> {
  const seen: string[] = [];
  let key: string[] | undefined;
  for (;;) {
    let q = db.kysely.selectFrom('user').select(['id', 'name', 'image']);
    if (key) {
      const after = key;
      q = q.where((eb) => afterKey(eb, columns, after, order));
    }
    for (const c of columns) q = q.orderBy(c, order);
    const rows = await q.limit(size).execute();
    if (rows.length === 0) return seen;
    seen.push(...rows.map((r) => r.id));
    const last = rows[rows.length - 1]!;
    key = columns.map((c) => String(last[c]));
  }
}

async function all(order: 'asc' | 'desc', columns: ('image' | 'name' | 'id')[]): Promise<string[]> {
  let q = db.kysely.selectFrom('user').select('id');
  for (const c of columns) q = q.orderBy(c, order);
  return (await q.execute()).map((r) => r.id);
}

describe('afterKey', () => {
  for (const order of ['asc', 'desc'] as const) {
    for (const columns of [['name', 'id'], ['image', 'name', 'id']] as ('image' | 'name' | 'id')[][]) {
      it(`pages (${columns.join(', ')}) ${order} like one query, every row once, for every page size`, async () => {
        const expected = await all(order, columns);
        expect(expected).toHaveLength(USERS.length);
        for (const size of [1, 2, 3, 4, 10]) expect(await walk(order, columns, size)).toEqual(expected);
      });
    }
  }

  it('refuses a key that does not fit the columns', () => {
    expect(() => db.kysely.selectFrom('user').select('id').where((eb) => afterKey(eb, ['name', 'id'], ['Ann'], 'asc'))).toThrow(/one key part per column/);
  });
});
