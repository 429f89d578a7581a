// `npm run scale-out`: two StudyNest processes (the production build) on different ports,
// sharing one fresh PostgreSQL database, one AUTH_SECRET, one public origin and one data folder,
// as behind a load balancer (README "Deploying several processes"). Checks that
//   1. a cookie from signing in on A works on B;
//   2. 12 students racing for 3 seats, half through A and half through B: exactly 3 booked;
//   3. a session approved through A is listed by A at once and by B within LIST_CACHE_MS.
// The database is dropped afterwards. Exit code 1 on any failure.
// PostgreSQL: SCALE_OUT_PG_URL (default postgres://postgres@127.0.0.1:5432).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import Fastify from 'fastify';
import pg from 'pg';
import { createAuth } from '#server/auth/auth.ts';
import { loadConfig } from '#server/config.ts';
import { createDb, migrateToLatest, type Db } from '#server/db/database.ts';
import { createMailer } from '#server/email/mailer.ts';
import { createStudySession, createUser } from '#tests/factories.ts';
import { ROOT, SERVER_ENTRY, signIn, startServer, type ServerProcess } from './bench/server-process.ts';

const PG_URL = process.env.SCALE_OUT_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const LIST_CACHE_MS = 2_000;
const ORIGIN = 'http://studynest.scale-out.test';

const log = (message: string) => console.log(`[scale-out] ${message}`);
const failures: string[] = [];
function check(ok: boolean, message: string): void {
  log(`${ok ? 'ok  ' : 'FAIL'} ${message}`);
  if (!ok) failures.push(message);
}

async function adminPg(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${PG_URL}/postgres` });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const freePort = () => 5100 + Math.floor(Math.random() * 800);

async function main(): Promise<void> {
  if (!fs.existsSync(SERVER_ENTRY)) {
    log('dist/server/main.js is missing: building (npm run build)');
    if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) throw new Error('npm run build failed');
  }
  const database = `studynest_scale_out_${process.pid}`;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-scale-out-'));
  await adminPg(`create database ${database}`);
  const shared = {
    NODE_ENV: 'production', DEMO_DATA: 'false', LOG_LEVEL: 'warn',
    DATABASE_URL: `${PG_URL}/${database}`,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    BASE_URL: ORIGIN,
    DATA_DIR: tmp,
    LIST_CACHE_MS: String(LIST_CACHE_MS),
    // Every sign-in of this script comes from 127.0.0.1.
    SIGN_IN_RATE_LIMIT: '100',
  };
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let db: Db | undefined;
  try {
    // A migrates the fresh database; B starts on it (both run the migrator; it takes a lock).
    a = await startServer({ ...shared, PORT: String(freePort()) }, { logFile: path.join(tmp, 'a.log') });
    b = await startServer({ ...shared, PORT: String(freePort()) }, { logFile: path.join(tmp, 'b.log') });
    log(`A on ${a.url} (healthy in ${a.startMs} ms), B on ${b.url} (${b.startMs} ms), one database ${database}`);

    // Users straight into the shared database with the test factories (real password hashes).
    const config = loadConfig(shared);
    db = createDb(config.database);
    await migrateToLatest(db.kysely);
    const quiet = Fastify({ logger: false }).log;
    const auth = createAuth({ config, db, mailer: createMailer({ from: config.mailFrom, dataDir: tmp, log: quiet }), log: quiet });
    const deps = { auth, db };
    const admin = await createUser(deps, { role: 'admin' });
    const tutor = await createUser(deps, { role: 'tutor' });
    const students = await Promise.all(Array.from({ length: 12 }, () => createUser(deps, { role: 'student' })));

    // 1. Sign in on A, use the cookie on B.
    const adminCookie = await signIn(a.url, ORIGIN, admin.email, admin.password);
    const meOnB = await fetch(`${b.url}/api/me`, { headers: { cookie: adminCookie } });
    const me = meOnB.status === 200 ? ((await meOnB.json()) as { email: string; role: string }) : null;
    check(me?.email === admin.email && me.role === 'admin', `a cookie from signing in on A is accepted by B (GET /api/me on B: ${meOnB.status})`);

    // 2. The race: 12 students, 3 seats, split across both processes, all at once.
    const session = await createStudySession({ db }, tutor, { title: 'Three seats', maxParticipants: 3 });
    const cookies = await Promise.all(students.map((s, i) => signIn(i % 2 === 0 ? a!.url : b!.url, ORIGIN, s.email, s.password)));
    const statuses = await Promise.all(
      cookies.map(async (cookie, i) => {
        const res = await fetch(`${(i % 2 === 0 ? b : a)!.url}/api/book-session`, {
          method: 'POST',
          headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
          body: JSON.stringify({ sessionId: session.id }),
        });
        return res.status;
      }),
    );
    const booked = statuses.filter((s) => s === 201 || s === 200).length;
    const full = statuses.filter((s) => s === 409).length;
    const row = await db.kysely.selectFrom('study_session').select('bookedCount').where('id', '=', session.id).executeTakeFirstOrThrow();
    const rows = await db.kysely.selectFrom('booking').select((eb) => eb.fn.countAll<number>().as('n')).where('sessionId', '=', session.id).executeTakeFirstOrThrow();
    check(
      booked === 3 && full === 9 && Number(row.bookedCount) === 3 && Number(rows.n) === 3,
      `12 students racing for 3 seats across A and B: ${booked} booked, ${full} refused as full (statuses ${statuses.join(',')}); database: bookedCount ${row.bookedCount}, ${rows.n} booking rows`,
    );

    // 3. Approved through A: listed by A at once, by B within the list cache's bound.
    const listed = async (server: ServerProcess, title: string) => {
      const res = await fetch(`${server.url}/api/sessions?q=${encodeURIComponent(title)}`);
      const page = (await res.json()) as { items: Array<{ title: string }> };
      return page.items.some((s) => s.title === title);
    };
    const title = `Scale-out approval ${Date.now()}`;
    const pending = await createStudySession({ db }, tutor, { title, status: 'pending' });
    // Both processes now hold the page without it in their caches.
    check(!(await listed(a, title)) && !(await listed(b, title)), 'a pending session is listed by neither process');
    const approve = await fetch(`${a.url}/api/sessions/${pending.id}/approve`, {
      method: 'POST',
      headers: { cookie: adminCookie, origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ registrationFee: 0 }),
    });
    const approvedAt = performance.now();
    check(approve.status === 200, `admin approves it through A (${approve.status})`);
    check(await listed(a, title), 'A lists it at once (its cache was dropped)');
    let seenByB: number | null = null;
    while (performance.now() - approvedAt < LIST_CACHE_MS + 3_000) {
      if (await listed(b, title)) {
        seenByB = Math.round(performance.now() - approvedAt);
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    check(seenByB !== null && seenByB <= LIST_CACHE_MS + 250, `B lists it after ${seenByB ?? 'never'} ms (bound: LIST_CACHE_MS = ${LIST_CACHE_MS} ms)`);
  } finally {
    await Promise.all([a?.stop(), b?.stop()]);
    if (failures.length) {
      for (const [name, server] of [['A', a], ['B', b]] as const) if (server) console.log(`--- ${name} log (tail)\n${server.logs().slice(-2000)}`);
    }
    await db?.destroy();
    await adminPg(`drop database if exists ${database} with (force)`);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  if (failures.length) {
    console.error(`[scale-out] ${failures.length} check(s) failed`);
    process.exit(1);
  }
  log('all checks passed');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
