// Migrations on databases that already ran some: a lower-numbered one that lands later, and data repairs.
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

// Migration 0009: roles stored through the old update-user hole become student.
it('turns a role outside student, tutor and admin into student, and leaves the others', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-role-repair-'));
  db = createDb({ dialect: 'sqlite', file: path.join(dir, 'db.sqlite') });
  const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0009'));
  const { error } = await new Migrator({ db: db.kysely, provider: { getMigrations: async () => before } }).migrateToLatest();
  expect(error).toBeUndefined();
  const now = new Date().toISOString();
  for (const [id, role] of [['a', 'wizard'], ['b', 'admin'], ['c', 'tutor'], ['d', 'student'], ['e', 'Admin']]) {
    await sql`insert into "user" ("id", "name", "email", "emailVerified", "createdAt", "updatedAt", "role", "blocked") values (${id}, ${id}, ${`${id}@example.com`}, 1, ${now}, ${now}, ${role}, 0)`.execute(db.kysely);
  }

  await migrateToLatest(db.kysely);

  const rows = await sql<{ id: string; role: string }>`select "id", "role" from "user" order by "id"`.execute(db.kysely);
  expect(rows.rows).toEqual([
    { id: 'a', role: 'student' },
    { id: 'b', role: 'admin' },
    { id: 'c', role: 'tutor' },
    { id: 'd', role: 'student' },
    { id: 'e', role: 'student' },
  ]);
});

// Migration 0020: the job table's key index becomes partial (and, on SQLite, the table WITHOUT
// ROWID); the jobs waiting in it are kept, and a key still takes one job.
it('keeps the waiting jobs through 0020, and a key still takes one job', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-job-indexes-'));
  db = createDb({ dialect: 'sqlite', file: path.join(dir, 'db.sqlite') });
  const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0020'));
  const { error } = await new Migrator({ db: db.kysely, provider: { getMigrations: async () => before } }).migrateToLatest();
  expect(error).toBeUndefined();
  const job = (id: string, key: string | null, status = 'queued') =>
    sql`insert into "job" ("id", "kind", "payload", "status", "runAt", "attempts", "maxAttempts", "lastError", "key", "createdAt") values (${id}, 'email', '{}', ${status}, '2026-01-01T00:00:00.000Z', 1, 102, ${status === 'dead' ? 'refused' : null}, ${key}, '2026-01-01T00:00:00.000Z')`;
  await job('a', null).execute(db.kysely);
  await job('b', null).execute(db.kysely);
  await job('c', 'schedule:x', 'dead').execute(db.kysely);

  await migrateToLatest(db.kysely);

  const rows = await db.kysely.selectFrom('job').select(['id', 'key', 'status', 'attempts', 'lastError']).orderBy('id').execute();
  expect(rows).toEqual([
    { id: 'a', key: null, status: 'queued', attempts: 1, lastError: null },
    { id: 'b', key: null, status: 'queued', attempts: 1, lastError: null },
    { id: 'c', key: 'schedule:x', status: 'dead', attempts: 1, lastError: 'refused' },
  ]);
  await job('d', null).execute(db.kysely);
  await expect(job('e', 'schedule:x').execute(db.kysely)).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'job'`.execute(db.kysely);
  expect(table.rows[0]!.sql).toMatch(/without rowid$/i);
});
