// Proofs of the email outbox with real processes (the production bundle, on SQLite, and
// on PostgreSQL when TEST_DATABASE_URL is set): two StudyNest processes draining one database
// (each sends some) deliver each of 1,000 emails once (two claims overlap only now and then
// here: tests/api/jobs-audit-claims.test.ts makes the overlap certain); a process killed (SIGKILL)
// while emails wait loses none: after a restart every one arrives, and only an email caught
// between its sending and its removal from the outbox at the moment of the kill may come twice
// (at least once, 017), as the same message: its Message-ID is the outbox job's, so a mailbox
// shows it once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest, type Db } from '#server/db/database.ts';
import { earlierWholeMessage } from '#tests/helpers/earlier-emails.ts';
import { createJobs } from '#server/jobs/jobs.ts';
import { startBuiltServer, type BuiltServer } from '#tests/helpers/built-server.ts';
import { startSmtpCapture, type SmtpCapture } from '#tests/helpers/smtp-capture.ts';
import { createTestDatabase, type TestDatabase } from '#tests/helpers/test-database.ts';

let database: TestDatabase;
let mail: SmtpCapture;
let db: Db;
const running: BuiltServer[] = [];

const quiet = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {}, trace: () => {}, fatal: () => {}, child: () => quiet } as unknown as Parameters<typeof createJobs>[0]['log'];

beforeAll(async () => {
  database = await createTestDatabase();
  mail = await startSmtpCapture();
  db = createDb(database.database);
  await migrateToLatest(db.kysely);
});
afterAll(async () => {
  for (const server of running) if (server.proc.exitCode === null && server.proc.signalCode === null) server.proc.kill('SIGKILL');
  await db?.destroy();
  await mail?.close();
  await database?.drop();
});

const env = () => ({
  ...(database.database.dialect === 'postgres' ? { DATABASE_URL: database.database.url } : { DATABASE_URL: database.database.file }),
  DATA_DIR: database.dataDir,
  SMTP_URL: mail.url,
});

/** `sender`: the process's own MAIL_FROM, to tell which process sent an email. */
async function start(sender?: string): Promise<BuiltServer> {
  const server = await startBuiltServer({ env: { ...env(), ...(sender && { MAIL_FROM: `Process ${sender} <${sender}@studynest.test>` }) }, readyTimeoutMs: 60_000 });
  running.push(server);
  return server;
}

async function stop(server: BuiltServer, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  server.proc.kill(signal);
  await server.exited;
}

/** Writes `count` emails to the outbox in one transaction, as a cause would. */
async function enqueue(prefix: string, count: number): Promise<void> {
  const jobs = createJobs({ db, log: quiet, now: () => new Date() });
  await db.kysely.transaction().execute((trx) => jobs.enqueue(trx, Array.from({ length: count }, (_, n) => earlierWholeMessage({ to: 'outbox@example.com', subject: `${prefix} ${n}`, text: `Message ${n}` }))));
}

const delivered = (prefix: string) => mail.messages.filter((m) => m.subject.startsWith(`${prefix} `)).map((m) => m.subject);
const waiting = async () => Number((await db.kysely.selectFrom('job').select((eb) => eb.fn.countAll().as('n')).where('kind', '=', 'email').executeTakeFirstOrThrow()).n);

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the email outbox across processes', () => {
  it('two processes draining one database deliver each of 1,000 emails once', async () => {
    const [a, b] = [await start('a'), await start('b')];
    await enqueue('Drain', 1000);
    // On a loaded machine 300 deliveries took over 30 s (email-outbox.test.ts): a generous bound.
    await until(async () => (await waiting()) === 0, 240_000, 'the outbox to drain');
    // Anything sent twice would be on its way by now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const subjects = delivered('Drain');
    expect(subjects).toHaveLength(1000);
    expect(new Set(subjects).size).toBe(1000);
    // Both drained: each process sent some of them (its MAIL_FROM). Neither waits for the other's
    // 1,000 (its poll is 1 s; the drain takes longer), so each claims while the other does.
    const sentBy = (sender: string) => mail.messages.filter((m) => m.subject.startsWith('Drain ') && new RegExp(`^From: .*<${sender}@studynest\\.test>`, 'm').test(m.raw)).length;
    expect(sentBy('a') + sentBy('b')).toBe(1000);
    expect(sentBy('a')).toBeGreaterThan(0);
    expect(sentBy('b')).toBeGreaterThan(0);
    await Promise.all([stop(a, 'SIGTERM'), stop(b, 'SIGTERM')]);
  }, 300_000);

  it('a process killed with emails waiting loses none: after a restart each arrives', async () => {
    await enqueue('Crash', 300);
    const doomed = await start();
    // Killed while draining: some sent, most still waiting, a batch claimed by it.
    await until(() => delivered('Crash').length >= 20, 120_000, 'the first emails');
    await stop(doomed, 'SIGKILL');
    const sentBeforeTheKill = delivered('Crash').length;
    expect(sentBeforeTheKill).toBeLessThan(300);

    const after = await start();
    // The killed worker's claimed jobs come back once its 30 s lease has run out.
    await until(async () => (await waiting()) === 0, 240_000, 'the outbox to drain after the restart');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const subjects = delivered('Crash');
    expect(new Set(subjects).size).toBe(300);
    // At least once: only what was between its sending and its removal at the kill comes twice
    // (each of the 2 lanes of the killed worker holds at most one such email).
    expect(subjects.length - 300).toBeLessThanOrEqual(2);
    // Such a second copy is the same message, Message-ID and all (the outbox job's id): a mailbox
    // shows it once. 300 subjects, 300 Message-IDs, each subject always under its one ID.
    const idOf = new Map<string, Set<string>>();
    for (const m of mail.messages.filter((m) => m.subject.startsWith('Crash '))) {
      const id = /^Message-ID: (<[^>]+>)\r?$/im.exec(m.raw)?.[1];
      expect(id, m.raw.slice(0, 400)).toBeDefined();
      idOf.set(m.subject, (idOf.get(m.subject) ?? new Set()).add(id!));
    }
    expect([...idOf.values()].every((ids) => ids.size === 1)).toBe(true);
    expect(new Set([...idOf.values()].flatMap((ids) => [...ids])).size).toBe(300);
    await stop(after, 'SIGTERM');
  }, 400_000);
});
