// `npm run bench [-- --quick] [-- --pg] [-- --only=a,b] [-- --cpu-prof] [-- --node-args="…"] [-- --no-list-cache] [-- --no-build] [-- --keep]`
//
// Seeds a separate database (a temp SQLite file, or with --pg a fresh PostgreSQL database that
// is dropped afterwards), builds StudyNest and starts it as its own process exactly as in
// production, then drives it with autocannon from another process (load-driver.ts). Every
// figure is compared with GET /api/bench/baseline (BENCH_ROUTES=true) of the same build in the
// same run, because absolute numbers on a shared 2-core machine mean little. Writes
// bench/results/latest.json. See README "Benchmarks".
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { createAuth } from '#server/auth/auth.ts';
import { SESSION_CACHE_TTL_MS } from '#server/auth/current-user.ts';
import { loadConfig } from '#server/config.ts';
import { createDb, migrateToLatest, type Db } from '#server/db/database.ts';
import { encodeCursor } from '#server/db/keyset-cursor.ts';
import { authEmailJobs } from '#server/auth/auth-emails.ts';
import { createJobs } from '#server/jobs/jobs.ts';
import { createUser } from '#tests/factories.ts';
import { freePort } from '#tests/helpers/built-server.ts';
import type { LoadJob, LoadRequest, LoadResult } from './load-driver.ts';
import { createAuthSessions, seedCatalogue, seedSeries, seedStormSessions, topUpSessions, type SeededUser } from './seed-catalogue.ts';
import { adminPg, launchOf, ROOT, signIn, startServer, type ServerProcess } from './server-process.ts';
import { sessionCookie } from './session-cookie.ts';

const root = ROOT;
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=').slice(1).join('=');

const QUICK = flag('quick');
const ONLY = option('only')?.split(',');
const CONNECTIONS = Number(option('connections') ?? 50);
const DURATION = Number(option('duration') ?? (QUICK ? 5 : 10));
const PG_URL = flag('pg') ? (option('pg-url') ?? 'postgres://postgres@127.0.0.1:5432') : undefined;

const COUNTS = QUICK
  ? { sessions: 10_000, users: 20_000, bookings: 20_000, reviews: 5_000, notesFor: 500, notesEach: 30 }
  : { sessions: 100_000, users: 20_000, bookings: 200_000, reviews: 50_000, notesFor: 500, notesEach: 30 };
/** The "1 M" step: ten times the catalogue (1 M in a full run, 100 k with --quick). */
const LARGE_CATALOGUE = COUNTS.sessions * 10;
const READERS = 500;
/** Booking a 12-class weekly series: each storm student books one series once (decision 064). */
const SERIES = QUICK ? { series: 20, classes: 12 } : { series: 50, classes: 12 };
const STORM = QUICK ? { students: 500, sessions: 100, perStudent: 10, capacity: 40 } : { students: 2_000, sessions: 400, perStudent: 10, capacity: 40 };
const DEEP_PAGES = 5_000;
/** Emails waiting in the outbox while reads are measured (goal: p99 at most twice idle). */
const EMAIL_BACKLOG = 10_000;
/** Seconds of the short baseline measured right before each route. */
const BASELINE_SLICE = QUICK ? 2 : 3;
const PAGE = 20;
const METRICS_TOKEN = randomBytes(24).toString('base64url');

interface RouteResult {
  name: string;
  rps: number | null;
  p50: number | null;
  p99: number | null;
  errors: number | null;
  missing?: string[];
  note?: string;
  [extra: string]: unknown;
}

const log = (...parts: unknown[]) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...parts);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const t0 = performance.now();
  const value = await fn();
  return [value, Math.round(performance.now() - t0)];
};

async function main(): Promise<void> {
  const loadStart = os.loadavg();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-bench-'));
  const secret = randomBytes(32).toString('base64url');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let pgDatabase: string | undefined;
  let databaseUrl = path.join(tmp, 'bench.db');
  if (PG_URL) {
    pgDatabase = `studynest_bench_${process.pid}`;
    await adminPg(PG_URL, `create database ${pgDatabase}`);
    databaseUrl = `${PG_URL}/${pgDatabase}`;
  }
  const serverEnv = {
    NODE_ENV: 'production', DEMO_DATA: 'false', LOG_LEVEL: 'warn', BENCH_ROUTES: 'true',
    PORT: String(port), HOST: '127.0.0.1', BASE_URL: baseUrl, DATA_DIR: tmp, DATABASE_URL: databaseUrl, AUTH_SECRET: secret,
    // Its own /metrics says where the memory is (the V8 heap, outside it) after the large catalogue's load.
    METRICS_TOKEN: METRICS_TOKEN,
    ...(process.env.SQLITE_CACHE_MB ? { SQLITE_CACHE_MB: process.env.SQLITE_CACHE_MB } : {}),
    // --no-list-cache measures the database path of the public lists (what every cache miss pays).
    ...(flag('no-list-cache') ? { LIST_CACHE_MS: '0' } : {}),
  };
  let server: ServerProcess | undefined;
  let db: Db | undefined;
  try {
    if (!flag('no-build')) {
      log('building (npm run build)…');
      const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
      if (build.status !== 0) throw new Error('npm run build failed');
    }

    // ——— Seed ———
    const config = loadConfig(serverEnv);
    db = createDb(config.database);
    await migrateToLatest(db.kysely);
    log(`seeding ${db.dialect}: ${COUNTS.sessions} sessions, ${COUNTS.users} users, ${COUNTS.bookings} bookings, ${COUNTS.reviews} reviews…`);
    const [catalogue, seedMs] = await timed(() => seedCatalogue(db!.kysely, db!.dialect, COUNTS));
    log(`seeded in ${(seedMs / 1000).toFixed(1)} s (${Math.round((COUNTS.sessions + COUNTS.users + COUNTS.bookings + COUNTS.reviews) / (seedMs / 1000)).toLocaleString('en')} rows/s)`);
    const stormSessionIds = await seedStormSessions(db.kysely, catalogue, STORM.sessions, STORM.capacity);
    const seriesToBook = await seedSeries(db.kysely, catalogue, SERIES.series, SERIES.classes, STORM.students);
    const readers = catalogue.students.slice(0, READERS);
    const stormers = catalogue.students.slice(READERS, READERS + STORM.students);
    const tokens = await createAuthSessions(db.kysely, db.dialect, [...readers, ...stormers]);
    const cookieOf = (u: SeededUser) => sessionCookie(tokens.get(u.id)!, secret);
    // A database that has just taken 370 k rows has no planner statistics until autovacuum's
    // analyze comes round (within a minute or so in production): without them PostgreSQL guessed
    // 800 bookings per student and planned booked-sessions as a parallel sort (4 ms instead of
    // 0.16 ms a query). Analyzed here as that would be, before the server starts.
    if (db.dialect === 'postgres') await sql`analyze`.execute(db.kysely);
    // One student with a real password, signed in through /api/auth below (checks the real path).
    const quietLog = Fastify({ logger: false }).log;
    const auth = createAuth({ config, db, enqueueEmail: async () => {}, log: quietLog });
    const realStudent = await createUser({ auth, db }, { role: 'student' });
    const deepCursor = await cursorAtDepth(db, Math.min(DEEP_PAGES, Math.floor(COUNTS.sessions / PAGE) - 1));

    // ——— Start ———
    const nodeArgs = [
      ...(flag('cpu-prof') ? ['--cpu-prof', `--cpu-prof-dir=${path.join(root, 'bench', 'results', 'profiles')}`] : []),
      ...(option('node-args')?.split(' ').filter(Boolean) ?? []),
    ];
    server = await startServer(serverEnv, { logFile: path.join(tmp, 'server.log'), nodeArgs });
    const startMs = server.startMs;
    const serverPid = server.child.pid!;
    const rssIdleMB = Math.round(rssOf(serverPid) / 1024);
    const launch = launchOf(serverPid);
    log(`server pid ${serverPid} healthy in ${startMs} ms, RSS ${rssIdleMB} MB, C allocator ${launch.allocator}: ${launch.command.join(' ')}`);
    const realCookie = await signIn(baseUrl, baseUrl, realStudent.email, realStudent.password);
    await assertSignedIn(baseUrl, realCookie, 'a real sign-in');
    await assertSignedIn(baseUrl, cookieOf(readers[0]!), 'a seeded session cookie');
    const apiPaths = await openApiPaths(baseUrl);

    // The machine is shared: a short baseline right before each route, so that each route is
    // compared with what the machine could do at that moment (and the run's baseline is the median).
    const baselineSamples: number[] = [];
    const baselineNow = async (label: string) => {
      const b = await drive(baseUrl, serverPid, `baseline before ${label}`, [{ method: 'GET', path: '/api/bench/baseline' }], { duration: BASELINE_SLICE });
      baselineSamples.push(b.rps);
      return b.rps;
    };
    const run = async (name: string, requests: LoadRequest[], opts: { amount?: number } = {}) => {
      // What one answer weighs (GET routes only: a POST would change the data under test).
      const first = requests[0]!;
      const bytes = first.method === 'GET' ? (await (await fetch(`${baseUrl}${first.path}`, { headers: first.headers })).arrayBuffer()).byteLength : null;
      const baselineRps = await baselineNow(name);
      const r = await drive(baseUrl, serverPid, name, requests, opts);
      return { ...r, baselineRps, bytes };
    };
    const routes: RouteResult[] = [];
    const want = (name: string) => !ONLY || ONLY.includes(name);
    const requireRoutes = (name: string, needed: string[]): boolean => {
      const missing = needed.filter((p) => !apiPaths.has(p));
      if (missing.length === 0) return true;
      routes.push({ name, rps: null, p50: null, p99: null, errors: null, missing });
      log(`${name}: missing route(s) ${missing.join(', ')}`);
      return false;
    };
    const measure = async (name: string, needed: string[], requests: () => LoadRequest[], extra?: (r: LoadResult) => Partial<RouteResult>) => {
      if (!want(name) || !requireRoutes(name, needed)) return;
      const r = await run(name, requests());
      routes.push({ name, ...summarise(r), ...(extra?.(r) ?? {}) });
    };

    const baseline = await drive(baseUrl, serverPid, 'baseline', [{ method: 'GET', path: '/api/bench/baseline' }], {});
    baselineSamples.push(baseline.rps);

    const someSessionIds = await firstSessionIds(db, 1_000);

    await measure('sessions-first-page', ['/api/sessions'], () => [{ method: 'GET', path: '/api/sessions' }]);
    await measure('sessions-deep-cursor', ['/api/sessions'], () => [{ method: 'GET', path: `/api/sessions?cursor=${deepCursor}` }]);
    await measure('home', ['/api/approved-sessions', '/api/tutors'], () => [
      { method: 'GET', path: '/api/approved-sessions' },
      { method: 'GET', path: '/api/tutors' },
    ]);
    await measure('sessions-search', ['/api/sessions'], () =>
      ['algebra', 'calculus', 'physics', 'statistics', 'tutor 12', 'economics'].map((q) => ({ method: 'GET' as const, path: `/api/sessions?q=${encodeURIComponent(q)}` })),
    );
    await measure('session-details', ['/api/session/{id}', '/api/sessions/{id}/reviews'], () =>
      someSessionIds.flatMap((id, i) => {
        const cookie = cookieOf(readers[i % readers.length]!);
        return [
          { method: 'GET' as const, path: `/api/session/${id}`, headers: { cookie } },
          { method: 'GET' as const, path: `/api/sessions/${id}/reviews`, headers: { cookie } },
        ];
      }),
    );
    await measure('booked-sessions', ['/api/booked-sessions/{email}'], () =>
      readers.map((u) => ({ method: 'GET' as const, path: `/api/booked-sessions/${encodeURIComponent(u.email)}`, headers: { cookie: cookieOf(u) } })),
    );
    await measure('notes', ['/api/notes/{email}'], () =>
      readers.map((u) => ({ method: 'GET' as const, path: `/api/notes/${encodeURIComponent(u.email)}`, headers: { cookie: cookieOf(u) } })),
    );

    // Pages as a browser asks for them (Brotli or gzip, English): a signed-out visitor's page is
    // drawn once and kept (server/http/server-render.ts), a signed-in one drawn for each request.
    const browser = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en' };
    await measure('page-home', [], () => [{ method: 'GET', path: '/', headers: browser }]);
    await measure('page-all-sessions', [], () => [{ method: 'GET', path: '/all-sessions', headers: browser }]);
    await measure('page-dashboard-signed-in', [], () =>
      readers.map((u) => ({ method: 'GET' as const, path: '/dashboard', headers: { ...browser, cookie: cookieOf(u) } })),
    );

    if (want('reads-during-email-backlog') && requireRoutes('reads-during-email-backlog', ['/api/booked-sessions/{email}'])) {
      routes.push(await readsDuringEmailBacklog(db, run, readers, cookieOf));
    }

    if (want('booking-storm') && requireRoutes('booking-storm', ['/api/book-session'])) {
      routes.push(await bookingStorm(db, run, stormers, stormSessionIds, cookieOf, baseUrl));
    }

    // A student books a 12-class series in one request: each class through the single-class
    // path, then the one email (decision 064). Each student once (a second time books nothing).
    if (want('series-booking-12') && requireRoutes('series-booking-12', ['/api/series/{id}/book'])) {
      const requests = stormers.map((u, i) => {
        const { seriesId, firstId } = seriesToBook[i % seriesToBook.length]!;
        return { method: 'POST' as const, path: `/api/series/${seriesId}/book`, headers: { cookie: cookieOf(u), origin: baseUrl }, body: JSON.stringify({ fromSessionId: firstId }) };
      });
      // Each request once: a second time would book nothing.
      const r = await run('series-booking-12', requests, { amount: requests.length });
      routes.push({ name: 'series-booking-12', ...summarise(r), classesBookedPerSecond: Math.round((requests.length * SERIES.classes) / r.seconds) });
    }

    let rssMB: number | null = null;
    let memory: Record<string, number> | null = null;
    if (want('sessions-1m')) {
      log(`topping the catalogue up to ${LARGE_CATALOGUE.toLocaleString('en')} sessions…`);
      const [, topUpMs] = await timed(() => topUpSessions(db!.kysely, catalogue, LARGE_CATALOGUE - COUNTS.sessions));
      log(`topped up in ${(topUpMs / 1000).toFixed(1)} s`);
      if (db.dialect === 'postgres') await sql`analyze study_session`.execute(db.kysely);
      // Let any response cache of the list expire (it is bounded to a few seconds).
      await sleep(3_000);
      const deep1m = await cursorAtDepth(db, DEEP_PAGES);
      if (requireRoutes('sessions-1m', ['/api/sessions'])) {
        const r = await run('sessions-1m', [{ method: 'GET', path: '/api/sessions' }]);
        rssMB = r.rssMB;
        routes.push({ name: 'sessions-1m', ...summarise(r), sessions: LARGE_CATALOGUE });
        const d = await run('sessions-1m-deep-cursor', [{ method: 'GET', path: `/api/sessions?cursor=${deep1m}` }]);
        rssMB = Math.max(rssMB, d.rssMB);
        routes.push({ name: 'sessions-1m-deep-cursor', ...summarise(d), sessions: LARGE_CATALOGUE });
        memory = await memoryOf(baseUrl);
        log(`memory after the ${LARGE_CATALOGUE.toLocaleString('en')}-session load: ${Object.entries(memory).map(([k, v]) => `${k} ${v} MB`).join(', ')}`);
      }
    }
    const baselineEnd = await drive(baseUrl, serverPid, 'baseline-end', [{ method: 'GET', path: '/api/bench/baseline' }], {});
    baselineSamples.push(baselineEnd.rps);
    const sorted = [...baselineSamples].sort((x, y) => x - y);
    const baselineMedian = Math.round(sorted[Math.floor(sorted.length / 2)]!);

    const results = {
      // Median of every baseline measured in this run (first, one before each route, last).
      baseline: { rps: baselineMedian, p50: baseline.p50, p99: baseline.p99, samples: baselineSamples.map(Math.round) },
      routes,
      rssMB,
      // Where it is, read from the server's own /metrics right after that load.
      memory,
      startMs,
      // Context to read the numbers with (extra keys; the ones above are the comparable shape).
      rssIdleMB,
      command: launch.command,
      allocator: launch.allocator,
      listCache: !flag('no-list-cache'),
      quick: QUICK,
      dialect: db.dialect,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      seed: { ms: seedMs, ...COUNTS, largeCatalogue: LARGE_CATALOGUE },
      baselineAtEnd: { rps: Math.round(baselineEnd.rps) },
      loadAverage: { start: loadStart.map((l) => Number(l.toFixed(2))), end: os.loadavg().map((l) => Number(l.toFixed(2))) },
      cpus: os.cpus().length,
      // The server runs on the Node.js that runs the bench (server-process.ts): ratios move with it.
      node: process.version,
      at: new Date().toISOString(),
    };
    const outDir = path.join(root, 'bench', 'results');
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
    printTable(results.baseline.rps, routes, { rssMB, startMs, seedMs, baselineEnd: results.baselineAtEnd.rps, load: results.loadAverage });
    log(`wrote bench/results/latest.json`);
  } finally {
    await server?.stop();
    await db?.destroy();
    if (pgDatabase && PG_URL && flag('keep')) log(`kept the PostgreSQL database ${pgDatabase}`);
    else if (pgDatabase && PG_URL) await adminPg(PG_URL, `drop database if exists ${pgDatabase} with (force)`);
    if (flag('keep')) log(`kept ${tmp}`);
    else fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function summarise(r: LoadResult & { rssMB: number; baselineRps: number; bytes: number | null; serverCpuMs: number }) {
  const errors = r.socketErrors + Object.entries(r.statuses).filter(([code]) => !code.startsWith('2')).reduce((a, [, n]) => a + n, 0);
  return { rps: Math.round(r.rps), p50: r.p50, p99: r.p99, errors, rssMB: r.rssMB, baselineRps: Math.round(r.baselineRps), ofBaseline: Number((r.rps / r.baselineRps).toFixed(3)), bytes: r.bytes, ...serverCpu(r) };
}

/** The server's CPU over the load and per request answered: the figure to compare two builds of a route by. */
function serverCpu(r: LoadResult & { serverCpuMs: number }) {
  const served = Object.values(r.statuses).reduce((a, n) => a + n, 0);
  return { serverCpuMs: r.serverCpuMs, serverCpuUsPerRequest: Math.round((r.serverCpuMs * 1000) / Math.max(1, served)) };
}

/** The (createdAt, id) cursor of the row that ends page `pages`, encoded as the sessions repository does. */
async function cursorAtDepth(db: Db, pages: number): Promise<string> {
  // The public list's own cursor (server/features/sessions/session-service.ts listPublic): its
  // default order (upcoming classes, soonest first) named, then the last row's class start and id.
  // A cursor of another shape is a 400, which this route measured for a while without saying so.
  const row = await db.kysely
    .selectFrom('study_session')
    .select(['classStartDate', 'id'])
    .where('status', '=', 'approved')
    .orderBy('classStartDate', 'asc')
    .orderBy('id', 'asc')
    .offset(pages * PAGE - 1)
    .limit(1)
    .executeTakeFirstOrThrow();
  return encodeCursor(['upcoming.class', row.classStartDate, row.id]);
}

async function firstSessionIds(db: Db, n: number): Promise<string[]> {
  // Spread over the catalogue, all approved (details are readable by any signed-in user).
  const rows = await db.kysely.selectFrom('study_session').select('id').where('status', '=', 'approved').where('ratingCount', '>', 0).limit(n * 5).execute();
  return rows.filter((_, i) => i % 5 === 0).map((r) => r.id);
}

/** The server's resident memory and its V8 heap, in MB, from its Prometheus metrics (prom-client's defaults). */
async function memoryOf(baseUrl: string): Promise<Record<string, number>> {
  const text = await (await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const read = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN);
  const mb = (bytes: number) => Math.round(bytes / 1048576);
  return {
    rss: mb(read('process_resident_memory_bytes')),
    heapUsed: mb(read('nodejs_heap_size_used_bytes')),
    heapTotal: mb(read('nodejs_heap_size_total_bytes')),
    external: mb(read('nodejs_external_memory_bytes')),
  };
}

async function assertSignedIn(baseUrl: string, cookie: string, what: string): Promise<void> {
  const res = await fetch(`${baseUrl}/api/me`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`${what} is not accepted by /api/me: ${res.status} ${await res.text()}`);
}

async function openApiPaths(baseUrl: string): Promise<Set<string>> {
  const res = await fetch(`${baseUrl}/api/docs/json`);
  const doc = (await res.json()) as { paths?: Record<string, unknown> };
  return new Set(Object.keys(doc.paths ?? {}));
}

/** Runs one load job in a child process while sampling the server's resident memory. */
async function drive(baseUrl: string, serverPid: number, name: string, requests: LoadRequest[], opts: { amount?: number; duration?: number }): Promise<LoadResult & { rssMB: number; serverCpuMs: number }> {
  const jobFile = path.join(os.tmpdir(), `studynest-bench-job-${process.pid}-${name}.json`);
  const job: LoadJob = { url: baseUrl, connections: CONNECTIONS, duration: opts.duration ?? DURATION, requests, ...(opts.amount ? { amount: opts.amount } : {}) };
  fs.writeFileSync(jobFile, JSON.stringify(job));
  let rss = rssOf(serverPid);
  // The server's CPU time every 50 ms: the load's own window is cut out of it afterwards (the
  // driver starts and exits around it, and the server's background work goes on after it).
  const cpuSamples: Array<{ at: number; ms: number }> = [{ at: performance.now(), ms: cpuMsOf(serverPid) }];
  let lastOutputAt = 0;
  const sampler = setInterval(() => {
    rss = Math.max(rss, rssOf(serverPid));
    cpuSamples.push({ at: performance.now(), ms: cpuMsOf(serverPid) });
  }, 50);
  try {
    const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(tsx, [path.join(root, 'scripts', 'bench', 'load-driver.ts'), jobFile], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
      let text = '';
      child.stdout.on('data', (d: Buffer) => {
        text += d.toString();
        lastOutputAt = performance.now();
      });
      child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`load driver for ${name} exited with ${code}`))));
    });
    const result = JSON.parse(out.trim().split('\n').pop()!) as LoadResult;
    const line = `${name}: ${Math.round(result.rps)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, statuses ${JSON.stringify(result.statuses)}${result.socketErrors ? `, socket errors ${result.socketErrors}` : ''}`;
    // The CPU between the samples nearest the load's start and end (its result is printed at its end).
    const cpuAt = (at: number) => cpuSamples.reduce((best, sample) => (Math.abs(sample.at - at) < Math.abs(best.at - at) ? sample : best)).ms;
    const cpuMs = cpuAt(lastOutputAt) - cpuAt(lastOutputAt - result.seconds * 1000);
    log(`${line}; server CPU ${cpuMs} ms, ${serverCpu({ ...result, serverCpuMs: cpuMs }).serverCpuUsPerRequest} µs/request`);
    return { ...result, rssMB: Math.round(rss / 1024), serverCpuMs: cpuMs };
  } finally {
    clearInterval(sampler);
    fs.rmSync(jobFile, { force: true });
  }
}

/** User + system CPU time of a process so far, in ms (Linux, /proc/<pid>/stat, 100 ticks a second). */
function cpuMsOf(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** VmRSS of a process in kB (Linux). */
function rssOf(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * POST /api/book-session by distinct students on sessions with capacity: every (student,
 * session) pair at most once, more attempts than seats on each session, then the database is
 * checked for overbooking.
 */
async function bookingStorm(
  db: Db,
  run: (name: string, requests: LoadRequest[], opts?: { amount?: number }) => Promise<LoadResult & { rssMB: number; baselineRps: number; serverCpuMs: number }>,
  students: SeededUser[],
  sessionIds: string[],
  cookieOf: (u: SeededUser) => string,
  baseUrl: string,
): Promise<RouteResult> {
  const step = sessionIds.length / STORM.perStudent;
  const requests: LoadRequest[] = [];
  for (let p = 0; p < STORM.perStudent; p++) {
    for (let s = 0; s < students.length; s++) {
      const sessionId = sessionIds[(s + p * step) % sessionIds.length]!;
      requests.push({ method: 'POST', path: '/api/book-session', headers: { cookie: cookieOf(students[s]!), origin: baseUrl }, body: JSON.stringify({ sessionId }) });
    }
  }
  const r = await run('booking-storm', requests, { amount: requests.length });
  const booked = Object.entries(r.statuses).filter(([c]) => c.startsWith('2')).reduce((a, [, n]) => a + n, 0);
  const full = r.statuses['409'] ?? 0;
  const rows = await db.kysely
    .selectFrom('study_session as s')
    .leftJoin('booking as b', 'b.sessionId', 's.id')
    .select(['s.id', 's.maxParticipants', 's.bookedCount'])
    .select((eb) => eb.fn.count<number>('b.id').as('bookings'))
    .where('s.id', 'in', sessionIds)
    .groupBy(['s.id', 's.maxParticipants', 's.bookedCount'])
    .execute();
  const overbooked = rows.filter((row) => Number(row.bookings) > (row.maxParticipants ?? Infinity)).length;
  const countMismatch = rows.filter((row) => Number(row.bookings) !== Number(row.bookedCount)).length;
  const seats = sessionIds.length * STORM.capacity;
  const errors = r.socketErrors + Object.entries(r.statuses).filter(([c]) => !c.startsWith('2') && c !== '409').reduce((a, [, n]) => a + n, 0);
  return {
    name: 'booking-storm',
    rps: Math.round(r.rps),
    p50: r.p50,
    p99: r.p99,
    errors,
    baselineRps: Math.round(r.baselineRps),
    ofBaseline: Number((r.rps / r.baselineRps).toFixed(3)),
    bookingsPerSecond: Math.round(booked / r.seconds),
    attempts: requests.length,
    seats,
    booked,
    refusedFull: full,
    overbookedSessions: overbooked,
    bookedCountMismatches: countMismatch,
    rssMB: r.rssMB,
    ...serverCpu(r),
  };
}

/**
 * A signed-in read (a student's booked sessions) measured with the server's worker idle, and
 * while it drains EMAIL_BACKLOG emails from the outbox (to the dev outbox folder, as a server
 * without SMTP_URL does): background work yields to requests (server/jobs), so the read's p99
 * should stay within twice its idle p99. Then the drain is timed to its end.
 *
 * The two figures differ only by the worker's work:
 * - The backlog is written first, not yet due, so the table holds the same rows in both phases
 *   (10,000 fresh rows, their WAL and the autovacuum they call weigh on PostgreSQL's reads whether
 *   or not a worker drains them); the draining phase makes them due, the idle one not.
 * - Every measured run starts with the server's session cache empty for its readers: each run
 *   waits out SESSION_CACHE_TTL_MS (15 s, decision 004) first, so each reader's first request
 *   asks better-auth (a database read) in both phases, as a signed-in user does every 15 s.
 *   Without that wait, a run 10–15 s after the previous one met the entries expiring in its
 *   middle and had about twice the p99 of a run right after it, worker or not: the "second run
 *   is slower" of decision 017, which a geometric mean over alternating orders used to cancel.
 * - The phases still alternate (idle first, then draining first), and every round's ratio is
 *   reported; the figure is the worst round's.
 */
const BACKLOG_ROUNDS = 4;

async function readsDuringEmailBacklog(
  db: Db,
  run: (name: string, requests: LoadRequest[], opts?: { amount?: number }) => Promise<LoadResult & { rssMB: number; baselineRps: number; bytes: number | null; serverCpuMs: number }>,
  readers: SeededUser[],
  cookieOf: (u: SeededUser) => string,
): Promise<RouteResult> {
  const requests = readers.map((u) => ({ method: 'GET' as const, path: `/api/booked-sessions/${encodeURIComponent(u.email)}`, headers: { cookie: cookieOf(u) } }));
  // Warmed up first: the first request of each of the readers misses the session cache and the
  // database's caches, which would put the run's start-up into the idle figure and nothing of it
  // into the one under load (idle p99 127–223 ms against 56–80 ms under the backlog, PostgreSQL).
  await run('booked-sessions (warm-up, not counted)', requests);
  const quietLog = Fastify({ logger: false }).log;
  const jobs = createJobs({ db, log: quietLog, now: () => new Date() });
  const waiting = async () => Number((await db.kysely.selectFrom('job').select((eb) => eb.fn.countAll().as('n')).where('kind', '=', 'email').executeTakeFirstOrThrow()).n);
  const notYet = new Date(Date.now() + 86_400_000);
  // Due now, or not before tomorrow: the worker drains the backlog, or has nothing to do.
  const dueAt = (at: Date) => db.kysely.updateTable('job').set({ runAt: at.toISOString() }).where('kind', '=', 'email').where('status', '=', 'queued').execute();
  const [, enqueueMs] = await timed(async () => {
    for (let from = 0; from < EMAIL_BACKLOG; from += 500) {
      const chunk = Array.from({ length: Math.min(500, EMAIL_BACKLOG - from) }, (_, i) => ({
        // A real email kind, written when sent (as every email is: one read of its reader's language).
        ...authEmailJobs.existingAccount({ id: `backlog-${from + i}`, name: `Reader ${from + i}`, email: `backlog-${from + i}@bench.test` }, 'en'),
        runAt: notYet,
      }));
      await db.kysely.transaction().execute((trx) => jobs.enqueue(trx, chunk));
    }
  });
  type Read = Awaited<ReturnType<typeof run>>;
  const rounds: Array<{ idle: Read; draining: Read; drained: number }> = [];
  // Until every session the previous run cached has expired: each run starts with the same cache.
  const cacheEmpty = () => sleep(SESSION_CACHE_TTL_MS + 1_000);
  for (let round = 0; round < BACKLOG_ROUNDS; round++) {
    const measured: { idle?: Read; draining?: Read; drained?: number } = {};
    for (const phase of round % 2 === 0 ? (['idle', 'draining'] as const) : (['draining', 'idle'] as const)) {
      await cacheEmpty();
      if (phase === 'idle') {
        measured.idle = await run(`booked-sessions (worker idle, round ${round + 1})`, requests);
        continue;
      }
      const before = await waiting();
      await dueAt(new Date());
      // The worker finds them at its next poll (within a second): the reads start once it drains.
      for (const t0 = Date.now(); (await waiting()) === before && Date.now() - t0 < 3_000; ) await sleep(50);
      const atStart = await waiting();
      measured.draining = await run(`reads-during-email-backlog (round ${round + 1})`, requests);
      await dueAt(notYet);
      measured.drained = atStart - (await waiting());
    }
    rounds.push(measured as { idle: Read; draining: Read; drained: number });
  }
  const ratioOf = (r: (typeof rounds)[number]) => r.draining.p99 / Math.max(1, r.idle.p99);
  // The worst round gives the row's figures.
  const worst = [...rounds].sort((a, b) => ratioOf(b) - ratioOf(a))[0]!;
  const p99OfIdle = ratioOf(worst);
  // The rest of the drain, bounded: its rate is part of the picture.
  await dueAt(new Date());
  const drainStart = performance.now();
  const atStart = await waiting();
  const deadline = Date.now() + 300_000;
  let left = atStart;
  while (left > 0 && Date.now() < deadline) {
    await sleep(500);
    left = await waiting();
  }
  const drainSeconds = (performance.now() - drainStart) / 1000;
  const perRound = rounds.map((r) => `idle ${r.idle.p99} / draining ${r.draining.p99} ms (${r.drained} sent)`).join('; ');
  log(`email backlog: ${EMAIL_BACKLOG} enqueued in ${enqueueMs} ms; p99 per round: ${perRound}; the last ${atStart} drained in ${drainSeconds.toFixed(1)} s, ${left} left`);
  return {
    ...summarise(worst.draining),
    name: 'reads-during-email-backlog',
    idleP99: worst.idle.p99,
    idleRps: Math.round(worst.idle.rps),
    p99OfIdle: Number(p99OfIdle.toFixed(2)),
    p99OfIdleRounds: rounds.map((r) => Number(ratioOf(r).toFixed(2))),
    p99PerRound: rounds.map((r) => ({ idle: r.idle.p99, draining: r.draining.p99 })),
    rpsOfIdle: Number((worst.draining.rps / worst.idle.rps).toFixed(3)),
    backlog: EMAIL_BACKLOG,
    sentWhileReading: rounds.map((r) => r.drained),
    drainedPerSecond: left === 0 ? Math.round(atStart / drainSeconds) : null,
    leftAfterDrain: left,
  };
}

function printTable(baselineRps: number, routes: RouteResult[], extra: { rssMB: number | null; startMs: number; seedMs: number; baselineEnd: number; load: { start: number[]; end: number[] } }): void {
  const pct = (r: RouteResult) => (r.rps === null ? '' : `${((r.rps / ((r.baselineRps as number | undefined) ?? baselineRps)) * 100).toFixed(1)} %`);
  const rows = [
    ['route', 'req/s', '% of baseline*', 'p50 ms', 'p99 ms', 'errors', 'KB', 'notes'],
    ['baseline (median)', String(baselineRps), '100 %', '', '', '', '', `last: ${extra.baselineEnd} req/s`],
    ...routes.map((r) => [
      r.name,
      r.rps === null ? '—' : String(r.rps),
      pct(r),
      r.p50 === null ? '' : String(r.p50),
      r.p99 === null ? '' : String(r.p99),
      r.errors === null ? '' : String(r.errors),
      typeof r.bytes === 'number' ? (r.bytes / 1024).toFixed(1) : '',
      r.missing
        ? `MISSING ${r.missing.join(', ')}`
        : r.name === 'booking-storm'
          ? `${r.bookingsPerSecond} bookings/s, ${r.booked}/${r.seats} seats, ${r.refusedFull} full, overbooked ${r.overbookedSessions}`
          : r.name === 'reads-during-email-backlog'
            ? `idle p99 ${r.idleP99} ms (×${r.p99OfIdle}, the worst of ×${(r.p99OfIdleRounds as number[]).join(', ×')}), ${r.rpsOfIdle} of idle req/s; ${(r.sentWhileReading as number[]).join('/')} sent while reading, drain ${r.drainedPerSecond ?? '—'} emails/s`
            : '',
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  console.log('');
  for (const [i, r] of rows.entries()) {
    console.log(r.map((cell, j) => (j > 0 && j < 7 ? cell.padStart(widths[j]!) : cell.padEnd(widths[j]!))).join('  '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
  console.log('* of the baseline measured right before that route (column "baselineRps" in the JSON)');
  console.log(`\nserver RSS (max under the ${LARGE_CATALOGUE.toLocaleString('en')}-session load): ${extra.rssMB ?? '—'} MB; start to healthy: ${extra.startMs} ms; seeding: ${(extra.seedMs / 1000).toFixed(1)} s`);
  console.log(`load average (1/5/15 min) at start ${extra.load.start.join(' / ')}, at end ${extra.load.end.join(' / ')} on ${os.cpus().length} cores, Node.js ${process.version}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
