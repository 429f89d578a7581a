// Starts the built StudyNest (dist/server/main.js) as its own process, as in production, and
// signs in through its real endpoint; makes and drops the PostgreSQL database it runs on. Shared
// by `npm run bench` and `npm run scale-out`.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SERVE_SCRIPT } from '#tests/helpers/built-server.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Spawn → first 200 from /api/health. */
  startMs: number;
  logs(): string;
  stop(): Promise<void>;
}

/**
 * Starts the server through `scripts/serve.sh` on the node running this script, so that what is
 * measured is what production runs. `env.PORT` must be set; `url` is where this process listens
 * (BASE_URL may be a shared public origin). `nodeArgs` come after the production flags (and win);
 * `MEMORY_ALLOCATOR=system` in this script's environment starts it on glibc's malloc.
 */
export async function startServer(env: Record<string, string>, opts: { logFile: string; nodeArgs?: string[] }): Promise<ServerProcess> {
  const out = fs.openSync(opts.logFile, 'a');
  const url = `http://127.0.0.1:${env.PORT}`;
  const t0 = performance.now();
  // serve.sh execs node: the child's pid is the server's.
  const child = spawn('sh', [SERVE_SCRIPT, ...(opts.nodeArgs ?? [])], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      TZ: process.env.TZ ?? 'UTC',
      HOST: '127.0.0.1',
      NODE: process.execPath,
      ...(process.env.MEMORY_ALLOCATOR ? { MEMORY_ALLOCATOR: process.env.MEMORY_ALLOCATOR } : {}),
      ...env,
    },
    stdio: ['ignore', out, out],
  });
  const logs = () => fs.readFileSync(opts.logFile, 'utf8');
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${logs().slice(-3000)}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) return { child, url, startMs: Math.round(performance.now() - t0), logs, stop };
    } catch {
      // not listening yet
    }
    if (performance.now() - t0 > 60_000) {
      await stop();
      throw new Error(`the server did not become healthy within 60 s:\n${logs().slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** What a running server was started as (Linux): its command line, and the C allocator it runs on. */
export function launchOf(pid: number): { command: string[]; allocator: 'jemalloc' | 'system' } {
  const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  const allocator = /\/libjemalloc\.so/.test(fs.readFileSync(`/proc/${pid}/maps`, 'utf8')) ? 'jemalloc' : 'system';
  return { command, allocator };
}

/** Signs in through /api/auth/sign-in/email; returns the Cookie header value. */
export async function signIn(url: string, origin: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** Runs `statement` (create or drop a database) on the server at `base` (postgres://…, no database), connected to its `postgres` database. */
export async function adminPg(base: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${base}/postgres` });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
