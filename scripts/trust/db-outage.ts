// Database outage, run by CI: `npm run trust:outage`.
//
// Runs the production bundle on a fresh PostgreSQL database reached through a small TCP proxy
// of our own, drives load, then cuts the proxy (every connection dropped, new ones refused):
// the database is gone for StudyNest while the machine's shared PostgreSQL keeps serving the
// other tests. Checks that /api/health answers 503 with a clear JSON message, that requests
// get clear 503 answers (no stack trace, no crash), and that once the proxy is back requests
// succeed again without restarting StudyNest. Loopback only; bounded in time.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, signUpAndIn, startBuiltServer, type BuiltServer } from '#tests/helpers/built-server.ts';

const ADMIN_URL = process.env.OUTAGE_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CLIENTS = 16;
const TIME_LIMIT_MS = 110_000;

const startedAt = Date.now();
let server: BuiltServer | undefined;
let failures = 0;
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures++;
};

// ---- a TCP proxy we can cut -------------------------------------------------------------------
const upstream = new URL(ADMIN_URL);
const sockets = new Set<net.Socket>();
let up = true;
const proxy = net.createServer((client) => {
  if (!up) return client.destroy();
  const server = net.connect(Number(upstream.port || 5432), upstream.hostname);
  sockets.add(client).add(server);
  const drop = () => {
    client.destroy();
    server.destroy();
    sockets.delete(client);
    sockets.delete(server);
  };
  client.on('error', drop).on('close', drop);
  server.on('error', drop).on('close', drop);
  client.pipe(server).pipe(client);
});
const proxyPort = await freePort();
await new Promise<void>((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve));
/** The database "stops": open connections are cut and new ones are refused. */
const cut = () => {
  up = false;
  for (const s of sockets) s.destroy();
  sockets.clear();
};
const restore = () => {
  up = true;
};

// ---- a fresh database, dropped at the end -----------------------------------------------------
const dbName = `studynest_outage_${randomBytes(5).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database "${dbName}"`);
await admin.end();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-outage-'));

async function cleanUp() {
  server?.proc.kill('SIGKILL');
  proxy.close();
  for (const s of sockets) s.destroy();
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(`drop database if exists "${dbName}" with (force)`);
  await c.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
async function fail(message: string): Promise<never> {
  console.error(`db-outage: ${message}`);
  if (server) console.error(`server output:\n${server.output().slice(-4000)}`);
  await cleanUp().catch(() => {});
  process.exit(2);
}
setTimeout(() => void fail(`gave up after ${TIME_LIMIT_MS / 1000} s`), TIME_LIMIT_MS).unref();
process.on('uncaughtException', (err) => void fail(err.stack ?? String(err)));
process.on('unhandledRejection', (err) => void fail(err instanceof Error ? (err.stack ?? err.message) : String(err)));

const dbUrl = new URL(ADMIN_URL);
dbUrl.host = `127.0.0.1:${proxyPort}`;
dbUrl.pathname = `/${dbName}`;
server = await startBuiltServer({ env: { DATABASE_URL: dbUrl.toString(), DATA_DIR: dataDir } });
const base = server.baseUrl;
const cookie = await signUpAndIn(base, { name: 'Outage Olga', email: 'olga@outage.test', password: 'plum kettle orbit 42', role: 'student' });

// ---- load: reads and writes of a signed-in user, plus a public read -------------------------
interface Answer {
  status: number;
  body: string;
}
let seq = 0;
async function one(): Promise<Answer> {
  const n = seq++;
  const headers = { cookie, origin: base, 'content-type': 'application/json' };
  const [method, url, body] =
    n % 3 === 0 ? ['GET', '/api/me', undefined] : n % 3 === 1 ? ['PUT', '/api/user', JSON.stringify({ name: `Olga ${n}` })] : ['GET', '/api/sessions', undefined];
  try {
    const res = await fetch(`${base}${url}`, { method, headers, body, signal: AbortSignal.timeout(15_000) });
    return { status: res.status, body: await res.text() };
  } catch (err) {
    return { status: 0, body: String(err) }; // no answer at all: StudyNest itself is down or hung
  }
}
async function load(ms: number): Promise<Answer[]> {
  const answers: Answer[] = [];
  const until = Date.now() + ms;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < until) answers.push(await one());
    }),
  );
  return answers;
}
const summary = (answers: Answer[]) => {
  const by = new Map<number, number>();
  for (const a of answers) by.set(a.status, (by.get(a.status) ?? 0) + 1);
  return [...by].map(([s, n]) => `${n}×${s}`).join(', ');
};
const health = async () => {
  const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(15_000) });
  return { status: res.status, body: await res.text() };
};

const before = await load(2000);
console.log(`before the outage: ${summary(before)}`);
check(before.length > 0 && before.every((a) => a.status === 200), 'every request succeeds while the database is up');

cut();
const cutAt = Date.now();
const during = await load(3000);
const healthDown = await health();
console.log(`during the outage: ${summary(during)}; /api/health ${healthDown.status} ${healthDown.body}`);
check(healthDown.status === 503, '/api/health answers 503');
check(/"database":"down"/.test(healthDown.body), '/api/health says the database is down');
const failed = during.filter((a) => a.status !== 200);
check(failed.length > 0, 'requests during the outage fail (the proxy really is cut)');
check(failed.every((a) => a.status === 503), 'every failing request gets 503, not 500 and not a dropped connection');
check(
  failed.every((a) => {
    try {
      const body = JSON.parse(a.body) as { message?: unknown };
      return typeof body.message === 'string' && body.message.length > 0 && Object.keys(body).length === 1;
    } catch {
      return false;
    }
  }),
  'every 503 is JSON { message } with a human sentence',
);
check(!during.some((a) => /\bat .+:\d+:\d+|ECONNREFUSED|Error:|stack/i.test(a.body)), 'no stack trace or driver error reaches the client');
const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
  method: 'POST',
  headers: { origin: base, 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'olga@outage.test', password: 'plum kettle orbit 42' }),
  signal: AbortSignal.timeout(15_000),
});
const signInBody = await signIn.text();
check(signIn.status === 503 && /^\{"message":"[^"]+"\}$/.test(signInBody), `sign-in (better-auth's own endpoint) answers 503 too (${signIn.status} ${signInBody})`);
check(server.proc.exitCode === null && server.proc.signalCode === null, 'StudyNest is still running');
const sample = failed[0];
if (sample) console.log(`  e.g. ${sample.status} ${sample.body}`);

restore();
const restoredAt = Date.now();
let recovered = false;
while (Date.now() - restoredAt < 20_000) {
  if ((await health()).status === 200) {
    recovered = true;
    break;
  }
  await new Promise((r) => setTimeout(r, 200));
}
check(recovered, `/api/health is 200 again ${((Date.now() - restoredAt) / 1000).toFixed(1)} s after the database came back (outage lasted ${((restoredAt - cutAt) / 1000).toFixed(1)} s)`);
const after = await load(2000);
console.log(`after the outage: ${summary(after)}`);
check(after.length > 0 && after.every((a) => a.status === 200), 'every request succeeds again, without restarting StudyNest');
check(server.proc.pid !== undefined && server.proc.exitCode === null, 'the same StudyNest process served them');

server.proc.kill('SIGTERM');
const exit = await server.exited;
check(exit === 0, `StudyNest exits 0 on SIGTERM (got ${exit})`);
const log = server.output();
server = undefined;
await cleanUp();
console.log(`db-outage: ${failures ? `${failures} FAILED` : 'all checks passed'} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
if (failures) console.log(`server output:\n${log.slice(-4000)}`);
process.exit(failures ? 1 : 0);
