// Runs the production bundle (dist/server/main.js) as a child process on a loopback port, for
// the tests and scripts that need a real process: graceful shutdown, SIGKILL crashes, a
// database outage. Builds the server bundle first when it is missing.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SERVER_BUNDLE = path.join(REPO_ROOT, 'dist', 'server', 'main.js');
/** How production starts the bundle (V8's flags, the C allocator): every real process here starts through it. */
export const SERVE_SCRIPT = path.join(REPO_ROOT, 'scripts', 'serve.sh');

/** `npm run build` does this too; the server half alone takes about a second. */
export function ensureServerBundle(): void {
  if (fs.existsSync(SERVER_BUNDLE)) return;
  const res = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build-server.mjs')], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('building the server bundle failed');
}

/**
 * `count` distinct loopback ports the system just handed out as free: all are held open at once
 * (so no two are the same) and then released. Never a port from a fixed range: on a machine with
 * PostgreSQL (5432), RabbitMQ (5672) or NATS (4222) running, a guess can land on one of theirs.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, () =>
      new Promise<net.Server>((resolve, reject) => {
        const srv = net.createServer();
        srv.on('error', reject);
        srv.listen(0, '127.0.0.1', () => resolve(srv));
      }),
    ),
  );
  const ports = servers.map((srv) => (srv.address() as net.AddressInfo).port);
  await Promise.all(servers.map((srv) => new Promise((resolve) => srv.close(resolve))));
  return ports;
}

export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port!;
}

export interface BuiltServer {
  proc: ChildProcess;
  port: number;
  baseUrl: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or the signal name) once the process has ended. */
  exited: Promise<number | string>;
}

export interface StartOptions {
  /** StudyNest's environment (DATABASE_URL, DATA_DIR…); PORT, HOST and BASE_URL are set here. */
  env: Record<string, string>;
  port?: number;
  readyTimeoutMs?: number;
}

export async function startBuiltServer(opts: StartOptions): Promise<BuiltServer> {
  ensureServerBundle();
  const port = opts.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  // serve.sh execs node: the child's pid is the server's, and signals reach it.
  const proc = spawn('sh', [SERVE_SCRIPT], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE: process.execPath,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      // Stopped at once on SIGTERM unless a test asks for the drain a production process has (server/http/drain.ts).
      DRAIN_GRACE_MS: '0',
      AUTH_SECRET: 'trust-secret-trust-secret-trust-secret-01',
      ...opts.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | string>((resolve) => proc.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  let gone: number | string | undefined;
  void exited.then((c) => (gone = c));

  const deadline = Date.now() + (opts.readyTimeoutMs ?? 30_000);
  for (;;) {
    if (gone !== undefined) throw new Error(`StudyNest exited (${gone}) before it was ready:\n${out}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`StudyNest was not ready within ${opts.readyTimeoutMs ?? 30_000} ms:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { proc, port, baseUrl, output: () => out, exited };
}

/** Signs up and signs in a user through the HTTP API; returns the session cookie. */
export async function signUpAndIn(baseUrl: string, user: { name: string; email: string; password: string; role: 'student' | 'tutor' }): Promise<string> {
  const json = { 'content-type': 'application/json', origin: baseUrl };
  const up = await fetch(`${baseUrl}/api/auth/sign-up/email`, { method: 'POST', headers: json, body: JSON.stringify(user) });
  if (up.status !== 200) throw new Error(`sign-up failed: ${up.status} ${await up.text()}`);
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, { method: 'POST', headers: json, body: JSON.stringify({ email: user.email, password: user.password }) });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}
