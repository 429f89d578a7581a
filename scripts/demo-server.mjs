// The built StudyNest on a temporary data folder with the demo data, for the scripts that look at
// its pages in a browser (`npm run lighthouse`, `npm run screens`), and the Chromium they use
// (Debian's, CHROMIUM_PATH, like the browser tests).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Runs `npm run build` when there is no production build. */
export function ensureBuild() {
  if (fs.existsSync('dist/server/main.js') && fs.existsSync('dist/web/index.html')) return;
  console.log('No production build: running npm run build…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Starts dist/server/main.js with NODE_ENV `nodeEnv` on a free port and a new data folder (named
 * after `name`), and waits until /api/health answers and, when `ready` is given, until
 * `ready(output)` holds for what the server printed; `env`: settings of its own. `dataDir`: that folder (its outbox holds the
 * emails, no SMTP_URL being set). `stop()` ends it and removes the folder.
 */
export async function startDemoServer({ name, nodeEnv, ready = () => true, env = {} }) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `studynest-${name}-`));
  // As production starts it (scripts/serve.sh execs node, so the child's pid is the server's).
  const child = spawn('sh', ['scripts/serve.sh'], {
    env: { ...process.env, NODE: process.execPath, NODE_ENV: nodeEnv, PORT: String(port), HOST: '127.0.0.1', BASE_URL: baseUrl, DATA_DIR: dataDir, DEMO_DATA: 'true', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const stop = async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`StudyNest exited (${child.exitCode}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`StudyNest did not become healthy:\n${output}`);
      const ok = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
      if (ok && ready(output)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, output: () => output, stop };
}

/** POSTs `body` to /api/auth/`route` as the web app does; throws unless it succeeds. */
export async function postAuth(baseUrl, route, body) {
  const res = await fetch(`${baseUrl}/api/auth/${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${route} of ${body.email} failed (${res.status}): ${await res.text()}`);
  return res;
}

/** The id of the first approved session of the demo data. */
export async function firstSessionId(baseUrl) {
  const res = await fetch(`${baseUrl}/api/sessions?limit=1`);
  const body = await res.json();
  const id = body.items?.[0]?.id;
  if (!id) throw new Error('The demo data has no approved session');
  return id;
}
