// SQLITE_CACHE_MB bounds the page cache SQLite keeps in the process (its RSS); the rest of the
// database is read from the operating system's file cache (docs/decisions/071-speed-at-full-scale.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createDb } from './database.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-cache-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const cacheKiB = (env: Record<string, string>) => {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, AUTH_SECRET: 'test-secret-test-secret-test-secret-0123', DATABASE_URL: path.join(dir, `${Object.values(env).join('-') || 'default'}.db`), ...env });
  const db = createDb(config.database);
  try {
    // A negative cache_size is in KiB (SQLite's pragma), the size the process may keep.
    return -(db.sqlite!.pragma('cache_size', { simple: true }) as number);
  } finally {
    void db.destroy();
  }
};

describe('SQLITE_CACHE_MB', () => {
  it('keeps 8 MB of pages by default, and what it says when set', () => {
    expect(cacheKiB({})).toBe(8 * 1024);
    expect(cacheKiB({ SQLITE_CACHE_MB: '64' })).toBe(64 * 1024);
  });

  it('refuses a size that is not a whole number of MB from 1', () => {
    for (const bad of ['0', '-5', '1.5', 'lots']) expect(() => cacheKiB({ SQLITE_CACHE_MB: bad })).toThrow(/SQLITE_CACHE_MB/);
  });
});
