// Every email goes through the outbox (server/email/outbox.ts): enqueued with what it tells
// about, sent at least once by a worker, retried while the SMTP server is down, and sent once
// in normal operation even with two workers draining the same database. Runs on SQLite, and on
// PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '#server/db/database.ts';
import { createMailer } from '#server/email/mailer.ts';
import { emailJobHandler, EMAIL_JOB } from '#server/email/outbox.ts';
import { earlierWholeMessage } from '#tests/helpers/earlier-emails.ts';
import { createJobs } from '#server/jobs/jobs.ts';
import { EMAIL_MAX_ATTEMPTS } from '#server/jobs/retry-policy.ts';
import { createStudySession } from '#tests/factories.ts';
import { startSmtpCapture, type SmtpCapture } from '#tests/helpers/smtp-capture.ts';
import { movableClock, quietLog, until } from '#tests/helpers/jobs.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
const { now, advance } = movableClock();
let second: Db;
let restarted: SmtpCapture | undefined;

beforeAll(async () => {
  t = await createTestApp({}, { now });
  second = createDb(t.deps.config.database);
});
afterAll(async () => {
  await second.destroy();
  await t.close();
  await restarted?.close();
});

const emailRows = () => t.deps.db.kysely.selectFrom('job').selectAll().where('kind', '=', EMAIL_JOB).execute();
/** The booking's emails (sign-ups send verification emails through the outbox too). */
const bookingEmailRows = async () => (await emailRows()).filter((row) => row.payload.includes('"render":"bookings.'));
const book = (who: Awaited<ReturnType<TestApp['actor']>>, sessionId: string) =>
  t.request(who, { method: 'POST', url: '/api/book-session', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ sessionId }) });

describe('the email outbox', () => {
  it('sends each of 300 emails once with two workers draining the same database', async () => {
    await t.deps.jobs.stop();
    await t.deps.db.kysely.transaction().execute((trx) =>
      t.deps.jobs.enqueue(trx, Array.from({ length: 300 }, (_, n) => earlierWholeMessage({ to: 'many@example.com', subject: `Bulk ${n}`, text: `Message ${n}` }))),
    );
    const handlerFor = () => ({ [EMAIL_JOB]: emailJobHandler({ mailer: createMailer({ smtpUrl: t.mail.url, from: 'StudyNest <no-reply@studynest.test>', dataDir: t.deps.config.dataDir, log: quietLog }), templates: {}, readerSettingsOf: async () => ({ language: null, timeZone: null }) }) });
    const workers = [createJobs({ db: t.deps.db, log: quietLog, now, pollMs: 20 }), createJobs({ db: second, log: quietLog, now, pollMs: 20 })];
    await Promise.all(workers.map((w) => w.start({ handlers: handlerFor(), schedules: [] })));
    await until(async () => (await emailRows()).length === 0, 60_000);
    await Promise.all(workers.map((w) => w.stop()));
    await t.deps.jobs.start({ handlers: handlerFor(), schedules: [] });
    await t.deps.jobs.stop();
    const bulk = t.mail.messages.filter((m) => m.subject.startsWith('Bulk '));
    expect(bulk).toHaveLength(300);
    expect(new Set(bulk.map((m) => m.subject)).size).toBe(300);
    expect(bulk[0]!.raw).toMatch(/^Auto-Submitted: auto-generated\r$/m);
    // The drain's own deadline (60 s) bounds it, not the default test timeout: on a loaded
    // machine 300 SMTP deliveries took over 30 s (CI run with load average 16 on 2 cores).
  }, 120_000);

  it('a refused booking leaves no email behind', async () => {
    // Back to the app's own worker.
    const { backgroundWork } = await import('#server/features/background-work.ts');
    await t.deps.jobs.start(backgroundWork(t.deps));
    const tutor = await t.createUser({ role: 'tutor' });
    const s = await createStudySession(t.deps, tutor, { maxParticipants: 1 });
    const [first, late] = [await t.actor({ role: 'student' }), await t.actor({ role: 'student' })];
    expect((await book(first, s.id)).statusCode).toBe(201);
    await t.mail.waitFor(first.user!.email, /Booking confirmed/);
    expect((await book(late, s.id)).statusCode).toBe(409);
    expect((await bookingEmailRows()).filter((row) => row.payload.includes(late.user!.id))).toEqual([]);
    expect(t.mail.messages.filter((m) => m.to.includes(late.user!.email) && /Booking/.test(m.subject))).toEqual([]);
    // Every email of this booking is out before the next test stops SMTP: a tutor notice still
    // queued then would be refused there and counted among that test's emails.
    await t.mail.waitFor(tutor.email, /New booking/);
    await until(async () => (await bookingEmailRows()).length === 0);
  });

  it('SMTP down: the booking succeeds, its emails wait and are retried, and arrive once SMTP is back', async () => {
    const port = t.mail.port;
    await t.mail.close();
    const tutor = await t.createUser({ role: 'tutor' });
    const s = await createStudySession(t.deps, tutor, { title: 'While SMTP sleeps' });
    const me = await t.actor({ role: 'student' });
    const res = await book(me, s.id);
    expect(res.statusCode).toBe(201);

    // Both emails were tried, refused, and wait for their retry within a minute.
    await until(async () => (await bookingEmailRows()).filter((r) => r.lastError !== null && r.status === 'queued').length === 2);
    for (const row of await bookingEmailRows()) {
      expect(row.attempts).toBe(1);
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(Date.parse(row.runAt) - now().getTime()).toBeLessThanOrEqual(60_000);
    }

    restarted = await startSmtpCapture(port);
    advance(60_000);
    const confirmation = await restarted.waitFor(me.user!.email, /^Booking confirmed: While SMTP sleeps$/);
    expect(confirmation.raw).toContain('Content-Type: text/calendar');
    // Plain text with an HTML alternative, marked automatic.
    expect(confirmation.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(confirmation.raw).toMatch(/Content-Type: text\/html/);
    expect(confirmation.raw).toMatch(/^Auto-Submitted: auto-generated\r$/m);
    await restarted.waitFor(tutor.email, /^New booking: While SMTP sleeps$/);
    await until(async () => (await bookingEmailRows()).length === 0);
    // Once each.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(restarted.messages.filter((m) => /While SMTP sleeps/.test(m.subject))).toHaveLength(2);
  });

  it('an email refused for more than a day is kept as dead with the last error', async () => {
    const [up] = [restarted!];
    await up.close();
    await t.deps.jobs.stop();
    await t.deps.db.kysely.deleteFrom('job').execute();
    await t.deps.jobs.enqueue(t.deps.db.kysely, earlierWholeMessage({ to: 'gone@example.com', subject: 'Never delivered', text: '…' }));
    await t.deps.jobs.start({ handlers: (await import('#server/features/background-work.ts')).backgroundWork(t.deps).handlers, schedules: [] }, { poll: false });
    // The last try of its EMAIL_MAX_ATTEMPTS (more than 24 hours of retries, retry-policy.test.ts).
    await t.deps.db.kysely.updateTable('job').set({ attempts: EMAIL_MAX_ATTEMPTS - 1 }).where('kind', '=', EMAIL_JOB).execute();
    expect(await t.deps.jobs.runDue()).toBe(1);
    const [row] = await emailRows();
    expect(row).toMatchObject({ status: 'dead', attempts: EMAIL_MAX_ATTEMPTS });
    expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);
    restarted = await startSmtpCapture(up.port);
  });
});
