// Each test file gets its own empty, migrated database: a temp SQLite file, or a fresh
// PostgreSQL database on TEST_DATABASE_URL (created and dropped here).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Config } from '#server/config.ts';

export const testDialect = (): 'sqlite' | 'postgres' => (process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite');

export interface TestDatabase {
  database: Config['database'];
  dataDir: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-test-'));
  if (testDialect() === 'sqlite') {
    return {
      database: { dialect: 'sqlite', file: path.join(dataDir, 'test.db') },
      dataDir,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
  const name = `studynest_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    database: { dialect: 'postgres', url: url.toString() },
    dataDir,
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
