// scripts/serve.sh is how production starts the server (`npm start`, the bench, every real
// process of the tests): V8's memory flags, and jemalloc as the C allocator where the system has
// it (docs/decisions/074-jemalloc.md). Each case starts the production bundle as a real process
// and reads what the kernel says it runs: its command line and the libraries it mapped.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureServerBundle, REPO_ROOT, SERVE_SCRIPT, startBuiltServer } from '#tests/helpers/built-server.ts';
import { launchOf } from '../../scripts/bench/server-process.ts';
import { createTestDatabase, type TestDatabase } from '#tests/helpers/test-database.ts';

const linux = process.platform === 'linux';
/** Where Debian, Ubuntu (multiarch), Fedora and Arch install the libjemalloc2 package's library. */
const jemallocInstalled = [`/usr/lib/${os.machine()}-linux-gnu`, '/usr/lib64', '/usr/lib', '/usr/local/lib'].some((dir) => fs.existsSync(`${dir}/libjemalloc.so.2`));

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  ensureServerBundle();
});
afterAll(async () => {
  await db?.drop();
});

/** Starts the bundle through serve.sh with `extra` in its environment; the kernel's view of it, then stops it. */
async function launched(extra: Record<string, string>): Promise<ReturnType<typeof launchOf> & { health: number }> {
  const env: Record<string, string> =
    db.database.dialect === 'postgres' ? { DATABASE_URL: db.database.url, DATA_DIR: db.dataDir } : { DATABASE_URL: db.database.file, DATA_DIR: db.dataDir };
  const server = await startBuiltServer({ env: { ...env, ...extra } });
  try {
    return { ...launchOf(server.proc.pid!), health: (await fetch(`${server.baseUrl}/api/health`)).status };
  } finally {
    server.proc.kill('SIGTERM');
    await server.exited;
  }
}

describe.runIf(linux)('the production launcher (scripts/serve.sh)', () => {
  it('runs node itself (its pid is the server) with the production heap flags, on jemalloc when the system has it', async () => {
    const { command, allocator, health } = await launched({});
    expect(health).toBe(200);
    expect(command[0]).toBe(process.execPath);
    expect(command.slice(1)).toEqual(['--max-semi-space-size=4', '--max-old-space-size=192', 'dist/server/main.js']);
    expect(allocator).toBe(jemallocInstalled ? 'jemalloc' : 'system');
  });

  it('keeps glibc malloc when MEMORY_ALLOCATOR=system', async () => {
    const { allocator, health } = await launched({ MEMORY_ALLOCATOR: 'system' });
    expect(health).toBe(200);
    expect(allocator).toBe('system');
  });

  it('refuses another MEMORY_ALLOCATOR before starting, naming the variable', () => {
    for (const value of ['tcmalloc', 'JEMALLOC', ' jemalloc']) {
      const res = spawnSync('sh', [SERVE_SCRIPT], { cwd: REPO_ROOT, env: { PATH: process.env.PATH ?? '', NODE: process.execPath, MEMORY_ALLOCATOR: value }, encoding: 'utf8', timeout: 10_000 });
      expect(res.status).toBe(1);
      expect(res.stderr).toContain(`MEMORY_ALLOCATOR must be jemalloc or system (got "${value}")`);
      expect(res.stdout).not.toContain('StudyNest is running');
    }
  });
});
