// A database that already ran a higher-numbered migration still takes a lower one that lands later.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { migrations } from '#migrations/index.ts';
import { createDb, migrateToLatest, type Db } from './database.ts';

let db: Db | undefined;
let dir: string | undefined;
afterEach(async () => {
  await db?.destroy();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

it('runs 0005 on a database that already ran 0006', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-migrations-'));
  db = createDb({ dialect: 'sqlite', file: path.join(dir, 'db.sqlite') });
  const without0005 = Object.fromEntries(Object.entries(migrations).filter(([name]) => !name.startsWith('0005')));
  const { error } = await new Migrator({ db: db.kysely, provider: { getMigrations: async () => without0005 } }).migrateToLatest();
  expect(error).toBeUndefined();

  await migrateToLatest(db.kysely);

  const index = await sql<{ name: string }>`select name from sqlite_master where type = 'index' and name = 'waitlist_student_idx'`.execute(db.kysely);
  expect(index.rows).toEqual([{ name: 'waitlist_student_idx' }]);
});
