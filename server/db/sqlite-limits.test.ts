// A bound LIMIT makes SQLite compile the statement again each time it is bound (sqlite-limits.ts):
// on SQLite every LIMIT reaches the database as an expression, and pages hold the same rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createDb, migrateToLatest, type Db } from './database.ts';
import { prepare } from './prepared.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-limits-'));
let db: Db;

beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, AUTH_SECRET: 'test-secret-test-secret-test-secret-0123', DATABASE_URL: path.join(dir, 'limits.db') });
  db = createDb(config.database);
  await migrateToLatest(db.kysely);
  const now = '2026-01-01T00:00:00.000Z';
  await db.kysely
    .insertInto('user')
    .values(Array.from({ length: 5 }, (_, i) => ({ id: `u-${i}`, name: `k${i}`, email: `k${i}@example.com`, createdAt: now, updatedAt: now })) as never)
    .execute();
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const firstKeys = prepare((k, p: { limit: number }) => k.selectFrom('user').select('name').orderBy('name', 'desc').limit(p.limit));

describe('LIMIT on SQLite', () => {
  it('reaches the database as an expression, never a bare bound parameter, in built and prepared queries', () => {
    const built = db.kysely.selectFrom('user').select('name').limit(3).offset(1).compile();
    expect(built.sql).toMatch(/ limit \? \+ 0 offset \?$/);
    expect(built.parameters).toEqual([3, 1]);
    expect(firstKeys.compiledWith(db.kysely, { limit: 2 }).sql).toMatch(/ limit \? \+ 0$/);
  });

  it('answers each page with the rows and order the limit asks for, however often the statement runs', async () => {
    for (const limit of [1, 3, 2, 5, 1]) {
      const { rows } = await firstKeys(db.kysely, { limit });
      expect(rows.map((r) => r.name)).toEqual(['k4', 'k3', 'k2', 'k1', 'k0'].slice(0, limit));
    }
    const page = await db.kysely.selectFrom('user').select('name').orderBy('name').limit(2).offset(2).execute();
    expect(page.map((r) => r.name)).toEqual(['k2', 'k3']);
  });
});
