// `npm run scale-out`: three StudyNest processes (the production build) behind a round-robin
// proxy (scripts/scale-out/round-robin-proxy.ts), as on three machines: one fresh PostgreSQL
// database (data and jobs), one bucket on a local S3-compatible server (s3rver, started here) for
// the files, one AUTH_SECRET, one public origin (the proxy), and a data folder of its own for each
// process (nothing shared on disk). Checks that
//   1. a browser journey through the proxy, its requests spread over the three, works: sign up
//      with a photo, book a session, download a material file; the files are in the bucket only;
//   2. a block made through A is refused by B and C within 1 s (LISTEN/NOTIFY), and a session
//      approved through A is listed by B and C within 1 s although their list cache keeps 2 s;
//   3. 12 students racing for 3 seats through the three: exactly 3 booked;
//   4. 1,000 queued emails are each sent once, by the three workers;
//   5. B killed (SIGKILL) in the middle of a stream of writes and 300 more emails loses no
//      acknowledged write and no email;
//   6. a rolling restart of A, B and C, one at a time (SIGTERM: each drains, server/http/drain.ts,
//      while the proxy's health checks move the load away), under a steady load of reads and
//      bookings: no request fails, every acknowledged booking is in the database, and each
//      booking's confirmation is emailed exactly once.
// The database and folders are removed afterwards. Exit code 1 on any failure.
// PostgreSQL: SCALE_OUT_PG_URL (default postgres://postgres@127.0.0.1:5432). Chromium: CHROMIUM_PATH
// (default /usr/bin/chromium).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import Fastify from 'fastify';
import { createAuth } from '#server/auth/auth.ts';
import { loadConfig } from '#server/config.ts';
import { createDb, migrateToLatest, type Db } from '#server/db/database.ts';
import { authEmailJobs } from '#server/auth/auth-emails.ts';
import { createJobs } from '#server/jobs/jobs.ts';
import { EMAIL_JOB } from '#server/email/outbox.ts';
import { createStudySession, createUser } from '#tests/factories.ts';
import { freePorts, SERVER_BUNDLE } from '#tests/helpers/built-server.ts';
import { startLocalS3, type LocalS3 } from '#tests/helpers/s3-server.ts';
import { startSmtpCapture, type SmtpCapture } from '#tests/helpers/smtp-capture.ts';
import { pngPhoto } from '#tests/e2e/png-photo.ts';
import { multipart } from '#tests/helpers/request-helpers.ts';
import { adminPg, ROOT, signIn, startServer, type ServerProcess } from './bench/server-process.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from './scale-out/round-robin-proxy.ts';

const PG_URL = process.env.SCALE_OUT_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LIST_CACHE_MS = 2_000;
const EMAILS = 1_000;
const EMAILS_DURING_KILL = 300;

const log = (message: string) => console.log(`[scale-out] ${message}`);
const failures: string[] = [];
function check(ok: boolean, message: string): void {
  log(`${ok ? 'ok  ' : 'FAIL'} ${message}`);
  if (!ok) failures.push(message);
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The email jobs still in the queue (queued, running, or kept as failed), whoever enqueued them. */
function emailJobsOf(db: Db) {
  return db.kysely.selectFrom('job').select(['status', 'attempts', 'lockedBy', 'lastError']).where('kind', '=', EMAIL_JOB).execute();
}

/** Polls `done` every 25 ms; the time it took, or null past `limitMs`. */
async function timeUntil(done: () => Promise<boolean>, limitMs: number): Promise<number | null> {
  const start = performance.now();
  while (performance.now() - start < limitMs) {
    if (await done()) return Math.round(performance.now() - start);
    await sleep(25);
  }
  return null;
}

/** A real PDF (file-type must recognise it), `size` bytes. */
function pdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n');
  const body = Buffer.alloc(size - head.length - 6, 0x41);
  return Buffer.concat([head, body, Buffer.from('%%EOF\n')]);
}

async function main(): Promise<void> {
  if (!fs.existsSync(SERVER_BUNDLE)) {
    log('dist/server/main.js is missing: building (npm run build)');
    if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) throw new Error('npm run build failed');
  }
  const database = `studynest_scale_out_${process.pid}`;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-scale-out-'));
  await adminPg(PG_URL, `create database ${database}`);
  let s3: LocalS3 | undefined;
  let mail: SmtpCapture | undefined;
  let proxy: RoundRobinProxy | undefined;
  const servers: Record<'A' | 'B' | 'C', ServerProcess | undefined> = { A: undefined, B: undefined, C: undefined };
  let db: Db | undefined;
  try {
    s3 = await startLocalS3('studynest-scale-out');
    mail = await startSmtpCapture();
    const [a, b, c] = await freePorts(3);
    const ports = { A: a!, B: b!, C: c! };
    // Health checks every 250 ms, as a balancer does (README: "Restarts that drop nothing").
    proxy = await startRoundRobinProxy(Object.entries(ports).map(([name, port]) => ({ name, port })), { healthEveryMs: 250 });
    const ORIGIN = proxy.url;
    const shared = {
      NODE_ENV: 'production', DEMO_DATA: 'false', LOG_LEVEL: 'warn',
      DATABASE_URL: `${PG_URL}/${database}`,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      BASE_URL: ORIGIN,
      S3_URL: s3.url,
      SMTP_URL: mail.url,
      LIST_CACHE_MS: String(LIST_CACHE_MS),
      TRUST_PROXY: '127.0.0.1',
      // Every sign-in of this script comes from 127.0.0.1.
      SIGN_IN_RATE_LIMIT: '1000',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      // Long enough for the proxy's checks (every 250 ms) to see /api/health fail before the process stops listening.
      DRAIN_GRACE_MS: '2000',
    };
    const start = (name: 'A' | 'B' | 'C') => {
      const dataDir = path.join(tmp, name.toLowerCase());
      return startServer({ ...shared, DATA_DIR: dataDir, PORT: String(ports[name]) }, { logFile: path.join(tmp, `${name}.log`) });
    };
    // A migrates the fresh database; B and C start on it.
    servers.A = await start('A');
    [servers.B, servers.C] = await Promise.all([start('B'), start('C')]);
    const { A, B, C } = servers as Record<'A' | 'B' | 'C', ServerProcess>;
    log(`A ${A.url} (healthy in ${A.startMs} ms), B ${B.url} (${B.startMs} ms), C ${C.url} (${C.startMs} ms) behind ${proxy.url}; database ${database}, bucket ${s3.bucket}`);

    // Users straight into the shared database with the test factories (real password hashes).
    const config = loadConfig({ ...shared, DATA_DIR: tmp });
    db = createDb(config.database);
    await migrateToLatest(db.kysely);
    const quiet = Fastify({ logger: false }).log;
    const auth = createAuth({ config, db, enqueueEmail: async () => {}, log: quiet });
    const deps = { auth, db };
    const admin = await createUser(deps, { role: 'admin' });
    const tutor = await createUser(deps, { role: 'tutor', name: 'Tess Tutor' });
    const adminCookie = await signIn(A.url, ORIGIN, admin.email, admin.password);
    const tutorCookie = await signIn(proxy.url, ORIGIN, tutor.email, tutor.password);

    // 1. The journey in a browser, through the proxy.
    const title = `Scale-out journey ${Date.now()}`;
    const session = await createStudySession({ db }, tutor, { title });
    const handout = pdf(700_000);
    const upload = multipart({ sessionId: session.id, title: 'Week 1 handout' }, { name: 'week1.pdf', content: handout, type: 'application/pdf' });
    const added = await fetch(`${proxy.url}/api/materials`, { method: 'POST', headers: { cookie: tutorCookie, origin: ORIGIN, ...upload.headers }, body: upload.payload });
    check(added.status === 201, `the tutor adds a 700 KB PDF through the proxy (${added.status}, served by ${added.headers.get('x-served-by')})`);

    const browser = await chromium.launch({ executablePath: CHROMIUM });
    try {
      const page = await browser.newPage({ baseURL: proxy.url });
      const servedBy = new Map<string, number>();
      page.on('response', (r) => {
        const by = r.headers()['x-served-by'];
        if (by) servedBy.set(by, (servedBy.get(by) ?? 0) + 1);
      });
      // A page is drawn by the server and comes alive once the app has hydrated it (tests/e2e/fixtures.ts).
      const go = async (to: string) => {
        await page.goto(to);
        await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
      };
      const email = `journey-${Date.now()}@scale-out.test`;
      await go('/register');
      await page.getByLabel('Full name').fill('Jo Journey');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill('journey-password-1');
      await page.getByLabel('Role').selectOption({ label: 'Student' });
      await page.getByLabel('Photo').setInputFiles({ name: 'jo.png', mimeType: 'image/png', buffer: pngPhoto() });
      await page.getByRole('img', { name: 'Preview of jo.png' }).waitFor();
      await page.getByRole('button', { name: 'Register', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await go('/dashboard');
      const photo = page.getByRole('img', { name: 'Photo of Jo Journey' });
      await photo.waitFor();
      const photoShown = await timeUntil(async () => (await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)) > 0, 10_000);
      check(photoShown !== null, 'signed up with a photo; the dashboard shows it (read back from the bucket by whichever process)');

      await go(`/session/${session.id}`);
      await page.getByRole('button', { name: 'Book now' }).click();
      await page.getByText('Session booked successfully').waitFor();
      check(true, 'booked the session in the browser');

      await go('/dashboard/study-materials');
      const group = page.getByTestId('material-group').filter({ hasText: title });
      const downloading = page.waitForEvent('download');
      await group.getByRole('link', { name: 'Download Week 1 handout' }).click();
      const download = await downloading;
      const bytes = fs.readFileSync((await download.path())!);
      check(bytes.equals(handout), `downloaded the material file (${bytes.length} bytes, the same as uploaded)`);
      const spread = ['A', 'B', 'C'].map((n) => `${n} ${servedBy.get(n) ?? 0}`).join(', ');
      check(['A', 'B', 'C'].every((n) => (servedBy.get(n) ?? 0) > 0), `the journey's requests were spread over the three processes (${spread})`);
    } finally {
      await browser.close();
    }
    const keys = await s3.keys();
    const onDisk = ['a', 'b', 'c'].flatMap((d) => ['uploads', 'materials'].filter((f) => fs.existsSync(path.join(tmp, d, f)) && fs.readdirSync(path.join(tmp, d, f)).length > 0).map((f) => `${d}/${f}`));
    check(keys.some((k) => k.startsWith('uploads/')) && keys.some((k) => k.startsWith('materials/')) && onDisk.length === 0, `the photo and the material are in the bucket (${keys.length} objects), none in a process's data folder${onDisk.length ? ` (found ${onDisk.join(', ')})` : ''}`);

    // 2. A block through A, refused by B and C within 1 s; an approval through A, listed by B and C within 1 s.
    const blocked = await createUser(deps, { role: 'student' });
    const blockedCookie = await signIn(B.url, ORIGIN, blocked.email, blocked.password);
    const meOn = (s: ServerProcess, cookie: string) => fetch(`${s.url}/api/me`, { headers: { cookie } }).then((r) => r.status);
    check((await meOn(B, blockedCookie)) === 200 && (await meOn(C, blockedCookie)) === 200, 'a student\'s cookie works on B and C (now in their session caches, kept 15 s)');
    const block = await fetch(`${A.url}/api/users/${blocked.id}`, { method: 'PATCH', headers: { cookie: adminCookie, origin: ORIGIN, 'content-type': 'application/json' }, body: JSON.stringify({ blocked: true }) });
    const refusedBy = (s: ServerProcess) => timeUntil(async () => (await meOn(s, blockedCookie)) === 401, 3_000);
    const [onB, onC] = await Promise.all([refusedBy(B), refusedBy(C)]);
    check(block.status === 200 && onB !== null && onB <= 1000 && onC !== null && onC <= 1000, `blocked through A (${block.status}): refused by B after ${onB ?? 'never'} ms, by C after ${onC ?? 'never'} ms (bound 1 s)`);

    const listed = async (s: ServerProcess, t: string) => ((await (await fetch(`${s.url}/api/sessions?q=${encodeURIComponent(t)}`)).json()) as { items: Array<{ title: string }> }).items.some((x) => x.title === t);
    const approval = `Scale-out approval ${Date.now()}`;
    const pending = await createStudySession({ db }, tutor, { title: approval, status: 'pending' });
    check(!(await listed(B, approval)) && !(await listed(C, approval)), 'a pending session is listed by neither B nor C (the page is now in their caches)');
    const approve = await fetch(`${A.url}/api/sessions/${pending.id}/approve`, { method: 'POST', headers: { cookie: adminCookie, origin: ORIGIN, 'content-type': 'application/json' }, body: JSON.stringify({ registrationFee: 0 }) });
    const listedBy = (s: ServerProcess) => timeUntil(() => listed(s, approval), LIST_CACHE_MS + 2_000);
    const [listB, listC] = await Promise.all([listedBy(B), listedBy(C)]);
    check(approve.status === 200 && listB !== null && listB <= 1000 && listC !== null && listC <= 1000, `approved through A (${approve.status}): listed by B after ${listB ?? 'never'} ms, by C after ${listC ?? 'never'} ms (bound 1 s; LIST_CACHE_MS ${LIST_CACHE_MS})`);

    // 3. The race: 12 students, 3 seats, through the three processes at once.
    const race = await createStudySession({ db }, tutor, { title: 'Three seats', maxParticipants: 3 });
    const students = await Promise.all(Array.from({ length: 12 }, () => createUser(deps, { role: 'student' })));
    const trio = [A, B, C];
    const cookies = await Promise.all(students.map((s, i) => signIn(trio[i % 3]!.url, ORIGIN, s.email, s.password)));
    const statuses = await Promise.all(cookies.map(async (cookie, i) => (await fetch(`${trio[(i + 1) % 3]!.url}/api/book-session`, {
      method: 'POST', headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' }, body: JSON.stringify({ sessionId: race.id }),
    })).status));
    const booked = statuses.filter((s) => s === 201 || s === 200).length;
    const full = statuses.filter((s) => s === 409).length;
    const row = await db.kysely.selectFrom('study_session').select('bookedCount').where('id', '=', race.id).executeTakeFirstOrThrow();
    const rows = await db.kysely.selectFrom('booking').select((eb) => eb.fn.countAll<number>().as('n')).where('sessionId', '=', race.id).executeTakeFirstOrThrow();
    check(booked === 3 && full === 9 && Number(row.bookedCount) === 3 && Number(rows.n) === 3, `12 students racing for 3 seats across A, B and C: ${booked} booked, ${full} refused as full; database: bookedCount ${row.bookedCount}, ${rows.n} booking rows`);

    // 4. 1,000 queued emails, each sent once.
    const jobs = createJobs({ db, log: quiet, now: () => new Date() });
    // Each a real email kind, written when sent (one read of its reader's language), to an address of its own.
    const prefixOf = (tag: string) => `${tag.toLowerCase().replace(/\W+/g, '-')}-`;
    const addressOf = (tag: string, j: number) => `${prefixOf(tag)}${j}@scale-out.test`;
    const enqueue = async (tag: string, count: number) => {
      for (let i = 0; i < count; i += 100) {
        await db!.kysely.transaction().execute(async (trx) => {
          for (let j = i; j < Math.min(count, i + 100); j++) await jobs.enqueue(trx, authEmailJobs.existingAccount({ id: `reader-${j}`, name: `Reader ${j}`, email: addressOf(tag, j) }, 'en'));
        });
      }
    };
    const delivered = (tag: string) => {
      const counts = new Map<string, number>();
      for (const m of mail!.messages) for (const to of m.to) if (to.startsWith(prefixOf(tag)) && to.endsWith('@scale-out.test')) counts.set(to, (counts.get(to) ?? 0) + 1);
      return counts;
    };
    const mailStart = performance.now();
    await enqueue('Batch', EMAILS);
    const allSent = await timeUntil(async () => delivered('Batch').size === EMAILS, 120_000);
    const batch = delivered('Batch');
    const twice = [...batch.values()].filter((n) => n > 1).length;
    check(batch.size === EMAILS && twice === 0, `${EMAILS} queued emails: ${batch.size} delivered, ${twice} more than once, in ${allSent === null ? 'over 120 s' : `${((performance.now() - mailStart) / 1000).toFixed(1)} s`}`);

    // 5. B killed in the middle of a stream of writes (notes, through the proxy) and 300 emails.
    const writer = students[0]!;
    const writerCookie = cookies[0]!;
    const acknowledged: string[] = [];
    let answered = 0;
    let refused = 0;
    let writing = true;
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; writing; i++) {
        const noteTitle = `Kill note ${w}-${i}`;
        try {
          const res = await fetch(`${proxy!.url}/api/create-note`, { method: 'POST', headers: { cookie: writerCookie, origin: ORIGIN, 'content-type': 'application/json' }, body: JSON.stringify({ title: noteTitle, details: 'Written while a process dies.' }) });
          answered++;
          if (res.status === 201 || res.status === 200) acknowledged.push(noteTitle);
          else refused++;
        } catch {
          refused++;
        }
      }
    });
    await enqueue('During kill', EMAILS_DURING_KILL);
    await sleep(300);
    B.child.kill('SIGKILL');
    await new Promise((r) => (B.child.exitCode !== null || B.child.signalCode !== null ? r(null) : B.child.once('exit', r)));
    log(`B killed (SIGKILL) after ${answered} writes answered`);
    await sleep(1_500);
    writing = false;
    await Promise.all(writers);
    const stored = new Set((await db.kysely.selectFrom('note').select('title').where('studentId', '=', writer.id).execute()).map((n) => n.title));
    const lost = acknowledged.filter((t) => !stored.has(t));
    check(acknowledged.length > 0 && lost.length === 0, `writes through the proxy while B died: ${acknowledged.length} acknowledged, ${lost.length} of them lost; ${refused} not acknowledged (cut with B)`);
    // A job B held is taken over once its lease (30 s) runs out.
    const killSent = await timeUntil(async () => delivered('During kill').size === EMAILS_DURING_KILL, 90_000);
    const duringKill = delivered('During kill');
    const repeated = [...duringKill.values()].filter((n) => n > 1).length;
    check(duringKill.size === EMAILS_DURING_KILL, `${EMAILS_DURING_KILL} emails queued as B died: ${duringKill.size} delivered (${EMAILS_DURING_KILL - duringKill.size} lost) within ${killSent === null ? 'over 90 s' : `${(killSent / 1000).toFixed(1)} s`}; ${repeated} sent twice${repeated ? ' (handed to SMTP by B, which died before recording it: at least once, never lost)' : ''}`);
    // A process records a job done once the SMTP server has answered, a moment after the message
    // arrives: the last ones (B's, taken over when its lease ran out) may still be recording.
    const queueDb = db;
    const drainedIn = await timeUntil(async () => (await emailJobsOf(queueDb)).length === 0, 10_000);
    const left = await emailJobsOf(queueDb);
    check(left.length === 0, `no email job left in the queue (${left.length}${drainedIn === null ? '' : `, empty ${drainedIn} ms after the last delivery`})${left.length ? `: ${JSON.stringify(left)}` : ''}`);

    // 6. A rolling restart under a steady load of reads and bookings.
    servers.B = await start('B');
    const rolling = await rollingRestart({ proxy, servers: servers as Record<'A' | 'B' | 'C', ServerProcess>, start, origin: ORIGIN, db, deps, tutor, mail });
    check(
      rolling.failed === 0 && rolling.lost === 0 && rolling.missingEmails === 0 && rolling.duplicateEmails === 0 && rolling.waitedMs !== null && rolling.booked > 0,
      `rolling restart of A, B and C (${rolling.restarts.join('; ')}) under load: ${rolling.requests} requests (${rolling.reads} reads, ${rolling.booked} bookings), ${rolling.failed} failed${rolling.failures.length ? ` (${rolling.failures.slice(0, 5).join(', ')})` : ''}; ${rolling.booked} bookings acknowledged, ${rolling.booked - rolling.lost} found in the database; confirmations: ${rolling.booked - rolling.missingEmails} emailed, ${rolling.missingEmails} missing${rolling.missingJobs.length ? ` (${rolling.missingJobs.join('; ')})` : ''}, ${rolling.duplicateEmails} sent twice; ${rolling.pendingAtEnd} email jobs were left when the load ended, ${rolling.waitedMs === null ? 'not all sent within 120 s' : `all sent ${(rolling.waitedMs / 1000).toFixed(1)} s later`}`,
    );
  } finally {
    await Promise.all(Object.values(servers).map((s) => s?.stop()));
    if (failures.length) {
      for (const [name, server] of Object.entries(servers)) if (server) console.log(`--- ${name} log (tail)\n${server.logs().slice(-2000)}`);
    }
    await proxy?.close();
    await db?.destroy();
    await mail?.close();
    await s3?.close();
    await adminPg(PG_URL, `drop database if exists ${database} with (force)`);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  if (failures.length) {
    console.error(`[scale-out] ${failures.length} check(s) failed`);
    process.exit(1);
  }
  log('all checks passed');
}

interface RollingResult {
  restarts: string[];
  requests: number;
  reads: number;
  booked: number;
  failed: number;
  failures: string[];
  lost: number;
  missingEmails: number;
  duplicateEmails: number;
  /** Email jobs queued or running when the load ended. */
  pendingAtEnd: number;
  /** From the end of the load until every confirmation had arrived and no email job was left; null: not within 120 s. */
  waitedMs: number | null;
  /** The job rows of the first missing confirmations, as they stand after the wait. */
  missingJobs: string[];
}

/**
 * Restarts A, B and C one at a time (SIGTERM, then started again once it has exited; the next
 * one when the proxy routes to it again) while readers list and open sessions and students book
 * them through the proxy. Every request must be answered 2xx.
 */
/** fetch's error with its cause ("fetch failed" alone does not say which socket failed, or how). */
function failureOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `${(error as Error).message}${cause ? ` (${cause.code ?? ''} ${cause.message ?? ''})` : ''}`;
}

async function rollingRestart(p: {
  proxy: RoundRobinProxy;
  servers: Record<'A' | 'B' | 'C', ServerProcess>;
  start: (name: 'A' | 'B' | 'C') => Promise<ServerProcess>;
  origin: string;
  db: Db;
  deps: Parameters<typeof createUser>[0];
  tutor: Awaited<ReturnType<typeof createUser>>;
  mail: SmtpCapture;
}): Promise<RollingResult> {
  const { proxy, origin } = p;
  const sessions = await Promise.all(Array.from({ length: 40 }, (_, i) => createStudySession({ db: p.db }, p.tutor, { title: `Rolling ${i} ${Date.now()}`, maxParticipants: 50 })));
  const students = await Promise.all(Array.from({ length: 16 }, () => createUser(p.deps, { role: 'student' })));
  const cookies = await Promise.all(students.map((s) => signIn(proxy.url, origin, s.email, s.password)));
  const pairs = students.flatMap((student, i) => sessions.map((session) => ({ student, cookie: cookies[i]!, session })));
  const acknowledged: typeof pairs = [];
  const failures: string[] = [];
  let reads = 0;
  let requests = 0;
  let running = true;
  const note = (what: string, status: number | string) => failures.push(`${what} ${status}`);
  const readers = Array.from({ length: 3 }, async (_, r) => {
    for (let i = 0; running; i++) {
      const url = i % 2 ? `${proxy.url}/api/sessions?q=Rolling` : `${proxy.url}/api/session/${sessions[(i + r) % sessions.length]!.id}`;
      requests++;
      try {
        const res = await fetch(url);
        await res.arrayBuffer();
        if (res.status === 200) reads++;
        else note('GET', res.status);
      } catch (error) {
        note('GET', failureOf(error));
      }
    }
  });
  let nextPair = 0;
  const bookers = Array.from({ length: 3 }, async () => {
    while (running && nextPair < pairs.length) {
      const pair = pairs[nextPair++]!;
      requests++;
      try {
        const res = await fetch(`${proxy.url}/api/book-session`, { method: 'POST', headers: { cookie: pair.cookie, origin, 'content-type': 'application/json' }, body: JSON.stringify({ sessionId: pair.session.id }) });
        await res.arrayBuffer();
        if (res.status === 201) acknowledged.push(pair);
        else note('POST /api/book-session', res.status);
      } catch (error) {
        note('POST /api/book-session', failureOf(error));
      }
      await sleep(50);
    }
  });
  const restarts: string[] = [];
  await sleep(1_000);
  for (const name of ['A', 'B', 'C'] as const) {
    const t0 = performance.now();
    const bookedBefore = acknowledged.length;
    await p.servers[name].stop();
    const stopped = performance.now() - t0;
    p.servers[name] = await p.start(name);
    await timeUntil(async () => proxy.isUp(name), 10_000);
    restarts.push(`${name}: stopped in ${(stopped / 1000).toFixed(1)} s, serving again after ${((performance.now() - t0) / 1000).toFixed(1)} s, ${acknowledged.length - bookedBefore} bookings meanwhile`);
  }
  await sleep(1_000);
  running = false;
  await Promise.all([...readers, ...bookers]);

  const stored = await p.db.kysely.selectFrom('booking').select(['sessionId', 'studentId']).where('sessionId', 'in', sessions.map((s) => s.id)).execute();
  const inDb = new Set(stored.map((b) => `${b.studentId} ${b.sessionId}`));
  const keyOf = (a: (typeof acknowledged)[number]) => `${a.student.id} ${a.session.id}`;
  const lost = acknowledged.filter((a) => !inDb.has(keyOf(a))).length;
  // Each acknowledged booking's confirmation reaches its student once (the queue runs on).
  // Read every 25 ms while the servers send: by each recipient's own bookings, not every message against every booking.
  const bookedBy = new Map<string, typeof acknowledged>();
  for (const a of acknowledged) bookedBy.set(a.student.email, [...(bookedBy.get(a.student.email) ?? []), a]);
  const confirmations = () => {
    const counts = new Map<string, number>();
    for (const m of p.mail.messages) {
      for (const to of new Set(m.to)) {
        for (const a of bookedBy.get(to) ?? []) if (m.text.includes(a.session.title)) counts.set(keyOf(a), (counts.get(keyOf(a)) ?? 0) + 1);
      }
    }
    return counts;
  };
  // The emails still to send when the load ended: the 1,280 of the restart (a confirmation and a
  // tutor's notice a booking) are sent by the three processes meanwhile and after. Waited for until
  // every confirmation has arrived and no email job is left (a copy sent twice arrives by then too),
  // within the batch's bound above (1,000 emails, 120 s).
  const pendingAtEnd = (await emailJobsOf(p.db)).length;
  const waitedMs = await timeUntil(async () => confirmations().size >= acknowledged.length && (await emailJobsOf(p.db)).length === 0, 120_000);
  const counts = confirmations();
  // A missing confirmation is explained by its job: still queued (when, after which error), claimed (by whom, until when) or gone.
  const missing = acknowledged.filter((a) => !counts.has(keyOf(a)));
  const missingJobs: string[] = [];
  for (const a of missing.slice(0, 5)) {
    const jobs = await p.db.kysely.selectFrom('job').selectAll().where('recipient', '=', a.student.email.toLowerCase()).where('payload', 'like', `%${a.session.id}%`).execute();
    missingJobs.push(jobs.length === 0 ? `${a.session.title}: no job row` : jobs.map((j) => `${a.session.title}: ${j.kind} ${j.status} attempts ${j.attempts} runAt ${j.runAt} lockedBy ${j.lockedBy} until ${j.lockedUntil} lastRunAt ${j.lastRunAt} error ${j.lastError}`).join(' | '));
  }
  return {
    pendingAtEnd,
    waitedMs,
    missingJobs,
    restarts,
    requests,
    reads,
    booked: acknowledged.length,
    failed: failures.length,
    failures,
    lost,
    missingEmails: acknowledged.length - counts.size,
    duplicateEmails: [...counts.values()].filter((n) => n > 1).length,
  };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
