// Crash durability, run by CI: `npm run trust:crash`.
//
// Starts the production bundle on a temporary SQLite data folder, has 64 concurrent clients
// write notes and bookings, kills the server with SIGKILL at a random moment, and checks — five
// times — that every write the server acknowledged (2xx) is in the database, that
// `PRAGMA integrity_check` is ok, and that the server starts again on the same data. Then,
// once the email outbox has drained (server/jobs, written to the dev outbox folder), that every
// acknowledged booking got its confirmation email (at least once; duplicates are counted).
// Loopback only; bounded to under three minutes. Exits non-zero on any lost write or email.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { freePort, startBuiltServer, type BuiltServer } from '#tests/helpers/built-server.ts';
import { runScript } from '#tests/helpers/run-script.ts';

const CLIENTS = 64;
const ROUNDS = 5;
const SESSIONS = 24;
// Rounds ~40 s, then the outbox drains (crashed workers' jobs come back within their 30 s lease).
const TIME_LIMIT_MS = 170_000;
const PASSWORD = 'plum kettle orbit 42';

const startedAt = Date.now();
let server: BuiltServer | undefined;
/** Never leave a server behind, whatever happens to this script. */
function fail(message: string): never {
  console.error(`crash-durability: ${message}`);
  server?.proc.kill('SIGKILL');
  process.exit(2);
}
const deadline = setTimeout(() => fail(`gave up after ${TIME_LIMIT_MS / 1000} s`), TIME_LIMIT_MS);
deadline.unref();
process.on('uncaughtException', (err) => fail(err.stack ?? String(err)));
process.on('unhandledRejection', (err) => fail(err instanceof Error ? (err.stack ?? err.message) : String(err)));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-crash-'));
const dbFile = path.join(dataDir, 'studynest.db');
const port = await freePort();
// TRUST_PROXY lets each simulated client carry its own address in X-Forwarded-For, so the
// per-address sign-up/sign-in limits see 64 people rather than one. No traffic leaves loopback.
const env = { DATA_DIR: dataDir, TRUST_PROXY: '127.0.0.1', SIGN_IN_RATE_LIMIT: '1000' };

interface Client {
  index: number;
  ip: string;
  email: string;
  id: string;
  cookie: string;
  /** Next session (index into the approved sessions) this student books. */
  nextBooking: number;
  /** Name-change fallback: the last acknowledged and the last sent sequence numbers. */
  nameAcked: number;
  nameSent: number;
}

type Mode = 'notes' | 'names';

const base = () => server!.baseUrl;

async function call(ip: string, cookie: string | null, method: string, url: string, body?: unknown) {
  const headers: Record<string, string> = { origin: base(), 'x-forwarded-for': ip };
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${base()}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
}

async function account(ip: string, name: string, email: string, role: 'student' | 'tutor') {
  const up = await call(ip, null, 'POST', '/api/auth/sign-up/email', { name, email, password: PASSWORD, role });
  if (up.status !== 200) throw new Error(`sign-up of ${email}: ${up.status} ${await up.text()}`);
  return signedIn(ip, email);
}

async function signedIn(ip: string, email: string) {
  const signIn = await call(ip, null, 'POST', '/api/auth/sign-in/email', { email, password: PASSWORD });
  if (signIn.status !== 200) throw new Error(`sign-in of ${email}: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const me = (await (await call(ip, cookie, 'GET', '/api/me')).json()) as { id: string };
  return { cookie, id: me.id };
}

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

// ---- setup: accounts and approved sessions, through the API --------------------------------
server = await startBuiltServer({ env, port });
await account('10.99.0.1', 'Crash Admin', 'admin@crash.test', 'student');
// The operator makes the admin with the admin CLI, as on a real server (ADMIN_EMAIL gives the role
// only to a password set through an emailed link: docs/decisions/035-verified-admin-and-reserved-addresses.md).
{
  const promoted = await runScript(['scripts/admin.ts', 'promote', 'admin@crash.test'], { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', DATA_DIR: dataDir });
  if (promoted.code !== 0) throw new Error(`admin promote: ${promoted.code} ${promoted.stderr}`);
}
const admin = await signedIn('10.99.0.1', 'admin@crash.test');
const tutor = await account('10.99.0.2', 'Crash Tutor', 'tutor@crash.test', 'tutor');
const clients: Client[] = [];
await inBatches([...Array(CLIENTS).keys()], 8, async (i) => {
  const ip = `10.98.${i >> 8}.${i & 255}`;
  const email = `student-${i}@crash.test`;
  const { cookie, id } = await account(ip, `Student ${i}`, email, 'student');
  clients.push({ index: i, ip, email, id, cookie, nextBooking: 0, nameAcked: -1, nameSent: -1 });
});

const sessionIds: string[] = [];
const sessionTitles = new Map<string, string>();
const hasBookings = (await call('10.99.0.1', admin.cookie, 'POST', '/api/book-session', {})).status !== 404;
if (hasBookings) {
  const day = 24 * 3600 * 1000;
  const iso = (ms: number) => new Date(ms).toISOString();
  const now = Date.now();
  for (let s = 0; s < SESSIONS; s++) {
    const created = await call('10.99.0.2', tutor.cookie, 'POST', `/api/create-session/${encodeURIComponent('tutor@crash.test')}`, {
      title: `Crash session ${s}`,
      description: 'Written to while the server is killed.',
      registrationStartDate: iso(now - day),
      registrationEndDate: iso(now + 7 * day),
      classStartDate: iso(now + 14 * day),
      classEndDate: iso(now + 14 * day + 2 * 3600 * 1000),
    });
    if (created.status !== 201) throw new Error(`create-session: ${created.status} ${await created.text()}`);
    const { id } = (await created.json()) as { id: string };
    const approved = await call('10.99.0.1', admin.cookie, 'POST', `/api/sessions/${id}/approve`, { registrationFee: 0 });
    if (approved.status !== 200) throw new Error(`approve: ${approved.status} ${await approved.text()}`);
    sessionIds.push(id);
    sessionTitles.set(id, `Crash session ${s}`);
  }
}
const mode: Mode = (await call(clients[0]!.ip, clients[0]!.cookie, 'POST', '/api/create-note', { title: 'probe', details: 'probe' })).status === 404 ? 'names' : 'notes';
console.log(`crash-durability: setup done in ${((Date.now() - startedAt) / 1000).toFixed(1)} s; ${CLIENTS} clients writing ${mode === 'notes' ? 'notes' : 'name changes (no notes route yet)'}${hasBookings ? ` and bookings on ${SESSIONS} sessions` : ' (no bookings route yet)'}`);

// ---- the rounds ------------------------------------------------------------------------------
const ackedNotes: string[] = [];
const ackedBookings: Array<{ sessionId: string; studentId: string }> = [];
let unexpected = 0;
let failures = 0;
const unexpectedSamples: string[] = [];

async function clientLoop(c: Client, round: number, stop: { now: boolean }) {
  let seq = 0;
  while (!stop.now) {
    try {
      const book = hasBookings && seq % 3 === 2 && c.nextBooking < sessionIds.length;
      if (book) {
        const sessionId = sessionIds[c.nextBooking]!;
        const res = await call(c.ip, c.cookie, 'POST', '/api/book-session', { sessionId });
        // 409: the booking committed in a previous round but its answer was lost to the kill.
        if (res.status === 201 || res.status === 409) {
          ackedBookings.push({ sessionId, studentId: c.id });
          c.nextBooking++;
        } else note(res.status, await res.text());
      } else if (mode === 'notes') {
        const title = `c${c.index}-r${round}-n${seq}`;
        const res = await call(c.ip, c.cookie, 'POST', '/api/create-note', { title, details: `Note ${seq} of client ${c.index} in round ${round}.` });
        if (res.status === 201) ackedNotes.push(title);
        else note(res.status, await res.text());
      } else {
        c.nameSent++;
        const sent = c.nameSent;
        const res = await call(c.ip, c.cookie, 'PUT', '/api/user', { name: `Student ${c.index} v${sent}` });
        if (res.status === 200) c.nameAcked = sent;
        else note(res.status, await res.text());
      }
    } catch {
      return; // the server is gone: this client's round is over
    }
    seq++;
  }
}

function note(status: number, body: string) {
  unexpected++;
  if (unexpectedSamples.length < 5) unexpectedSamples.push(`${status} ${body.slice(0, 200)}`);
}

function verify(round: number): { notes: number; bookings: number } {
  const db = new SQLite(dbFile); // opening replays the WAL, as the restarted server will
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') {
      console.error(`round ${round}: integrity_check says ${String(integrity)}`);
      failures++;
    }
    const present = new Set((db.prepare("select title from note where title like 'c%-r%-n%'").all() as Array<{ title: string }>).map((r) => r.title));
    const lostNotes = ackedNotes.filter((t) => !present.has(t));
    const bookings = new Set((db.prepare('select sessionId, studentId from booking').all() as Array<{ sessionId: string; studentId: string }>).map((r) => `${r.sessionId}/${r.studentId}`));
    const lostBookings = ackedBookings.filter((b) => !bookings.has(`${b.sessionId}/${b.studentId}`));
    let lostNames = 0;
    if (mode === 'names') {
      const names = new Map((db.prepare("select email, name from user where email like 'student-%@crash.test'").all() as Array<{ email: string; name: string }>).map((r) => [r.email, r.name]));
      for (const c of clients) {
        const v = Number(/ v(\d+)$/.exec(names.get(c.email) ?? '')?.[1] ?? -1);
        if (v < c.nameAcked) lostNames++; // an acknowledged change was undone
      }
    }
    if (lostNotes.length || lostBookings.length || lostNames) {
      console.error(`round ${round}: LOST ${lostNotes.length} notes, ${lostBookings.length} bookings, ${lostNames} name changes (e.g. ${lostNotes.slice(0, 3).join(', ')})`);
      failures++;
    }
    return { notes: present.size, bookings: bookings.size };
  } finally {
    db.close();
  }
}

/**
 * Waits until no email job is left to send, then reads the dev outbox: every acknowledged
 * booking must have its "Booking confirmed" email to its student. A summary for the last line.
 */
async function checkConfirmationEmails(): Promise<string> {
  if (!hasBookings) return 'no bookings route';
  const drainedBy = Date.now() + 45_000;
  let waiting = -1;
  let dead = 0;
  for (;;) {
    const db = new SQLite(dbFile, { readonly: true });
    try {
      const counts = db.prepare("select sum(case when status = 'dead' then 1 else 0 end) as dead, sum(case when status <> 'dead' then 1 else 0 end) as waiting from job where kind = 'email'").get() as { dead: number | null; waiting: number | null };
      waiting = counts.waiting ?? 0;
      dead = counts.dead ?? 0;
    } finally {
      db.close();
    }
    if (waiting === 0 || Date.now() > drainedBy) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const outbox = path.join(dataDir, 'outbox');
  const sent = new Map<string, number>();
  for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
    const head = fs.readFileSync(path.join(outbox, file), 'utf8').split(/\r?\n\r?\n/, 1)[0]!;
    const to = /^To: (.*)$/m.exec(head)?.[1]?.trim().toLowerCase();
    const subject = /^Subject: (.*)$/m.exec(head)?.[1]?.trim();
    if (to && subject) sent.set(`${to} ${subject}`, (sent.get(`${to} ${subject}`) ?? 0) + 1);
  }
  const emailOf = new Map(clients.map((c) => [c.id, c.email]));
  let missing = 0;
  let duplicated = 0;
  for (const b of ackedBookings) {
    const n = sent.get(`${emailOf.get(b.studentId)} Booking confirmed: ${sessionTitles.get(b.sessionId)}`) ?? 0;
    if (n === 0) missing++;
    if (n > 1) duplicated++;
  }
  if (waiting > 0 || missing > 0 || dead > 0) {
    console.error(`emails: ${missing} acknowledged bookings without their confirmation email; ${waiting} emails still waiting, ${dead} dead`);
    failures++;
  }
  return `${ackedBookings.length - missing}/${ackedBookings.length} acknowledged bookings have their confirmation email (${duplicated} sent twice after a kill), ${missing} missing`;
}

for (let round = 1; round <= ROUNDS; round++) {
  const stop = { now: false };
  const notesBefore = ackedNotes.length;
  const bookingsBefore = ackedBookings.length;
  const loops = clients.map((c) => clientLoop(c, round, stop));
  const killAfter = 400 + Math.floor(Math.random() * 2100);
  await new Promise((r) => setTimeout(r, killAfter));
  server!.proc.kill('SIGKILL');
  const exit = await server!.exited;
  stop.now = true;
  await Promise.all(loops);
  const rows = verify(round);
  console.log(
    `round ${round}: killed (${exit}) after ${killAfter} ms; acknowledged ${ackedNotes.length - notesBefore} notes + ${ackedBookings.length - bookingsBefore} bookings` +
      `${mode === 'names' ? ` + name changes up to v${Math.max(...clients.map((c) => c.nameAcked))}` : ''}; rows on disk: ${rows.notes} notes, ${rows.bookings} bookings; integrity ok`,
  );
  server = await startBuiltServer({ env, port }); // the same data folder: must start again
}

// After the last restart the data is served again through the API.
const health = await call('10.99.0.1', null, 'GET', '/api/health');
const sample = clients[0]!;
const sampleNotes = mode === 'notes' ? await call(sample.ip, sample.cookie, 'GET', `/api/notes/${encodeURIComponent(sample.email)}?limit=1`) : null;
if (health.status !== 200 || (sampleNotes && sampleNotes.status !== 200)) {
  console.error(`after the last restart: health ${health.status}, notes ${sampleNotes?.status}`);
  failures++;
}
// Emails: the confirmation of every acknowledged booking, once the outbox has drained.
const emailStats = await checkConfirmationEmails();
server.proc.kill('SIGTERM');
const finalExit = await server.exited;
if (unexpected) {
  console.error(`${unexpected} unexpected answers, e.g.:\n  ${unexpectedSamples.join('\n  ')}`);
  failures++;
}
console.log(
  `crash-durability: ${ROUNDS} SIGKILL rounds, ${ackedNotes.length} acknowledged notes and ${ackedBookings.length} acknowledged bookings, ` +
    `${failures ? `${failures} FAILURES` : 'none lost'}; emails: ${emailStats}; restart ok; clean exit ${finalExit}; ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
);
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(failures ? 1 : 0);
