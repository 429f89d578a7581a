// Migration 0020 on SQLite rebuilds the job table (create job_next, copy, drop job, rename).
// Kysely runs SQLite migrations outside a transaction (its SQLite adapter says no transactional
// DDL), so the rebuild must be atomic on its own: a failure in its middle (the copy needs room for
// a second job table: disk full) must leave the database as it was, and the next start must run
// it again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { migrations } from '#migrations/index.ts';
import { createDb, migrateToLatest, type Db } from './database.ts';

let dir: string | undefined;
let db: Db | undefined;
afterEach(async () => {
  await db?.destroy();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  db = undefined;
  dir = undefined;
});

const before0020 = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0020'));
const throughMigration0020 = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0021'));
const JOBS = 2_000;

it.runIf(process.env.TEST_DIALECT === 'sqlite')('0020 interrupted by a full disk leaves the job table whole, and runs again once there is room', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-0020-'));
  db = createDb({ dialect: 'sqlite', file: path.join(dir, 'db.sqlite') });
  const { error } = await new Migrator({ db: db.kysely, provider: { getMigrations: async () => before0020 } }).migrateToLatest();
  expect(error).toBeUndefined();
  const sqlite = db.sqlite!;
  const insert = sqlite.prepare(`insert into "job" ("id", "kind", "payload", "status", "runAt", "attempts", "maxAttempts", "key", "createdAt") values (?, 'email', ?, 'queued', '2026-01-01T00:00:00.000Z', 0, 5, ?, '2026-01-01T00:00:00.000Z')`);
  sqlite.transaction(() => {
    for (let i = 0; i < JOBS; i++) insert.run(`j${String(i).padStart(5, '0')}`, 'x'.repeat(500), i % 100 === 0 ? `key:${i}` : null);
  })();

  // Room for a few pages, not for a copy of the job table.
  sqlite.pragma(`max_page_count = ${(sqlite.pragma('page_count', { simple: true }) as number) + 20}`);
  await expect(migrateToLatest(db.kysely)).rejects.toThrow(/0020_job_row_indexes.*full/);
  const tables = () => (sqlite.prepare(`select name from sqlite_master where type = 'table' and name like 'job%' order by name`).all() as Array<{ name: string }>).map((t) => t.name);
  expect(tables()).toEqual(['job']);
  expect(sqlite.prepare('select count(*) as n from "job"').get()).toEqual({ n: JOBS });

  sqlite.pragma('max_page_count = 1073741823');
  await migrateToLatest(db.kysely);
  expect(tables()).toEqual(['job']);
  expect(sqlite.prepare('select count(*) as n, count("key") as keyed from "job"').get()).toEqual({ n: JOBS, keyed: JOBS / 100 });
  expect((sqlite.prepare(`select sql from sqlite_master where name = 'job'`).get() as { sql: string }).sql).toMatch(/without rowid$/i);
  expect((sqlite.prepare(`select name from sqlite_master where type = 'index' and tbl_name = 'job' order by name`).all() as Array<{ name: string }>).map((i) => i.name)).toEqual(['job_due_idx', 'job_key_idx']);
});

it.runIf(process.env.TEST_DIALECT === 'sqlite')('0020 down and up again keep the jobs', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-0020-'));
  db = createDb({ dialect: 'sqlite', file: path.join(dir, 'db.sqlite') });
  // Up to 0020 and no further, so that one step down is 0020's own down() whatever comes after it.
  const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => throughMigration0020 } });
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const sqlite = db.sqlite!;
  sqlite.exec(`insert into "job" ("id", "kind", "payload", "status", "runAt", "attempts", "maxAttempts", "key", "createdAt") values ('a', 'email', '{}', 'queued', 'x', 0, 5, null, 'x'), ('b', 'email', '{}', 'queued', 'x', 0, 5, 'k', 'x')`);
  const down = await migrator.migrateDown();
  expect(down.error).toBeUndefined();
  expect(down.results).toEqual([{ migrationName: '0020_job_row_indexes', direction: 'Down', status: 'Success' }]);
  expect((sqlite.prepare(`select sql from sqlite_master where name = 'job'`).get() as { sql: string }).sql).not.toMatch(/without rowid/i);
  expect(() => sqlite.exec(`insert into "job" ("id", "kind", "payload", "status", "runAt", "attempts", "maxAttempts", "key", "createdAt") values ('c', 'email', '{}', 'queued', 'x', 0, 5, 'k', 'x')`)).toThrow(/UNIQUE/);
  await migrateToLatest(db.kysely);
  expect(sqlite.prepare('select "id", "key" from "job" order by "id"').all()).toEqual([
    { id: 'a', key: null },
    { id: 'b', key: 'k' },
  ]);
});
