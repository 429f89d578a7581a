// The operator's CLI (`npm run admin -- …`). Its commands run here against the
// test app's database; one test spawns the real command.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earlierWholeMessage } from '#tests/helpers/earlier-emails.ts';
import { operatorCommands, OperatorError, type OperatorCommands } from '#server/operator/operator-commands.ts';
import { createBooking, createStudySession } from '#tests/factories.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';
import { json } from '#tests/helpers/request-helpers.ts';
import { runScript, type ScriptRun } from '#tests/helpers/run-script.ts';

let t: TestApp;
let admin: Actor;
let cli: OperatorCommands;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.actor({ role: 'admin' });
  cli = operatorCommands(t.deps);
});
afterAll(async () => t?.close());

/** What a change does to running processes, said as it is on this database. */
const APPLIED_NOW = 'Running StudyNest processes apply it at once (told through PostgreSQL; within 15 seconds for one that missed it).';
const APPLIED_SOON = 'A running StudyNest applies it within 15 seconds (it keeps a signed-in account for that long; on SQLite nothing tells it sooner).';
let APPLIED: string;
beforeAll(() => {
  APPLIED = t.deps.db.dialect === 'postgres' ? APPLIED_NOW : APPLIED_SOON;
});

const userRow = (id: string) => t.deps.db.kysely.selectFrom('user').select(['role', 'blocked']).where('id', '=', id).executeTakeFirstOrThrow();
const me = (who: Actor) => t.request(who, { method: 'GET', url: '/api/auth/get-session' });
const signedIn = async (who: Actor) => (await me(who)).json() !== null;

/** A dead email job to `to`, as the outbox leaves one after its last attempt. */
async function deadEmailJob(to: string): Promise<string> {
  // Not due when it is written: the app's job worker would otherwise take and send it before it is
  // made dead below (then deleted, a moment after it was listed).
  await t.deps.jobs.enqueue(t.deps.db.kysely, { ...earlierWholeMessage({ to, subject: 'Your receipt', text: 'Thanks.' }), runAt: new Date(Date.now() + 86_400_000) });
  const row = await t.deps.db.kysely.selectFrom('job').select('id').where('payload', 'like', `%${to}%`).executeTakeFirstOrThrow();
  await t.deps.db.kysely.updateTable('job').set({ status: 'dead', attempts: 12, lastError: 'SMTP 554 refused', runAt: new Date(Date.now() + 86_400_000).toISOString() }).where('id', '=', row.id).execute();
  return row.id;
}

describe('npm run admin: accounts', () => {
  it('promote and demote change the role through the admin rules, and say what they did', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    expect(await cli.promote(tutor.user!.email.toUpperCase())).toEqual([`${tutor.user!.email} is now an admin (was tutor). ${APPLIED}`]);
    expect((await userRow(tutor.user!.id)).role).toBe('admin');
    // Applied at once in this process: the admin list opens for them.
    expect((await t.request(tutor, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
    expect(await cli.promote(tutor.user!.email)).toEqual([`${tutor.user!.email} is already an admin.`]);

    expect(await cli.demote(tutor.user!.email, 'tutor')).toEqual([`${tutor.user!.email} is now a tutor (was admin). ${APPLIED}`]);
    expect((await userRow(tutor.user!.id)).role).toBe('tutor');
    expect((await t.request(tutor, { method: 'GET', url: '/api/users' })).statusCode).toBe(403);
  });

  it('refuses to demote or block the last admin who can sign in', async () => {
    const others = await t.deps.db.kysely.selectFrom('user').select('id').where('role', '=', 'admin').where('id', '!=', admin.user!.id).execute();
    expect(others).toEqual([]);
    await expect(cli.demote(admin.user!.email)).rejects.toThrow(new OperatorError(`${admin.user!.email} is the last admin who can sign in: promote another account first.`));
    await expect(cli.block(admin.user!.email)).rejects.toThrow(/is the last admin/);
    expect(await userRow(admin.user!.id)).toMatchObject({ role: 'admin' });
  });

  it('block signs the user out everywhere and keeps them out; unblock lets them in again', async () => {
    const student = await t.actor({ role: 'student' });
    expect(await signedIn(student)).toBe(true);
    expect(await cli.block(student.user!.email)).toEqual([`${student.user!.email} is blocked and signed out everywhere. ${APPLIED}`]);
    expect(await signedIn(student)).toBe(false);
    const again = await t.request(null, { method: 'POST', url: '/api/auth/sign-in/email', ...json({ email: student.user!.email, password: student.user!.password }) });
    expect(again.statusCode).toBe(403);

    expect(await cli.unblock(student.user!.email)).toEqual([`${student.user!.email} is unblocked: they can sign in again.`]);
    expect(Boolean((await userRow(student.user!.id)).blocked)).toBe(false);
    await t.signIn(student.user!);
  });

  it('reset-password goes through better-auth and the outbox: the user gets a working link', async () => {
    const student = await t.actor({ role: 'student' });
    const lines = await cli.resetPassword(student.user!.email);
    expect(lines[0]).toBe(`A password-reset link for ${student.user!.email} is queued in the outbox (valid for an hour once sent).`);
    const mail = await t.mail.waitFor(student.user!.email, /Reset/);
    const token = decodeURIComponent(/reset-password\?token=([^\s&]+)/.exec(mail.text)![1]!);
    const reset = await t.request(null, { method: 'POST', url: '/api/auth/reset-password', ...json({ token, newPassword: 'a brand new passphrase 42' }) });
    expect(reset.statusCode, reset.body).toBe(200);
    await t.signIn({ ...student.user!, password: 'a brand new passphrase 42' });
  });

  it('show prints the account and what it holds', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const student = await t.actor({ role: 'student' });
    const session = await createStudySession(t.deps, tutor.user!);
    await createBooking(t.deps, session, student.user!);
    const lines = await cli.show(student.user!.email);
    expect(lines[0]).toBe(`${student.user!.name} <${student.user!.email}>`);
    expect(lines).toContain(`  id:          ${student.user!.id}`);
    expect(lines).toContain('  role:        student');
    expect(lines).toContain('  status:      Verified');
    expect(lines).toContain('  sign-in:     credential; 1 open session(s)');
    expect(lines).toContain('  bookings: 1, sessions tutored: 0, materials: 0, reviews: 0, notes: 0');
    expect((await cli.show(tutor.user!.email)).at(-1)).toBe('  bookings: 0, sessions tutored: 1, materials: 0, reviews: 0, notes: 0');
  });

  it('export prints the JSON of GET /api/me/data and records it; delete follows the rules of Settings', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const student = await t.actor({ role: 'student' });
    const session = await createStudySession(t.deps, tutor.user!, { title: 'Exported session' });
    await createBooking(t.deps, session, student.user!);
    const [printed] = await cli.exportData(student.user!.email);
    const data = JSON.parse(printed!) as { format: string; account: { email: string }; bookings: Array<{ sessionTitle: string }> };
    expect(data).toMatchObject({ format: 'studynest-my-data/1', account: { email: student.user!.email }, bookings: [{ sessionTitle: 'Exported session' }] });

    await expect(cli.deleteAccount(tutor.user!.email)).rejects.toThrow(new OperatorError('This tutor has upcoming sessions with booked students ("Exported session"). Cancel them or hand them over to another tutor first.'));
    expect(await cli.deleteAccount(student.user!.email)).toEqual([
      'The account of ' + student.user!.email + ' has been deleted. 1 upcoming booking(s) cancelled. Its reviews stay as "Former student"; its notes, photo and sign-in methods are gone. ' + APPLIED,
    ]);
    expect(await signedIn(student)).toBe(false);
    const audit = await t.deps.db.kysely.selectFrom('audit_log').select(['actor', 'action']).where('targetId', '=', student.user!.id).orderBy('at').orderBy('id').execute();
    expect(audit).toEqual([
      { actor: 'operator (npm run admin)', action: 'user.data_exported' },
      { actor: 'operator (npm run admin)', action: 'user.deleted' },
    ]);
  });

  it('every command that acts on or reads an account writes the audit log, as the operator', async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    await cli.promote(tutor.email);
    await cli.demote(tutor.email, 'tutor');
    await cli.block(tutor.email);
    await cli.unblock(tutor.email);
    await cli.resetPassword(tutor.email);
    await cli.show(tutor.email);
    await cli.exportData(tutor.email);
    await cli.deleteAccount(tutor.email);
    const rows = await t.deps.db.kysely.selectFrom('audit_log').select(['actor', 'actorId', 'ip', 'action', 'details']).where('targetId', '=', tutor.id).orderBy('at').orderBy('id').execute();
    expect(rows.map((r) => r.action)).toEqual(['user.role_changed', 'user.role_changed', 'user.blocked', 'user.unblocked', 'user.password_reset_requested', 'user.viewed', 'user.data_exported', 'user.deleted']);
    for (const r of rows) expect(r).toMatchObject({ actor: 'operator (npm run admin)', actorId: null, ip: null });
    expect(JSON.parse(rows[5]!.details)).toEqual({ email: tutor.email });
  });

  it('every account command refuses an unknown email', async () => {
    for (const run of [cli.promote, cli.demote, cli.block, cli.unblock, cli.resetPassword, cli.show, cli.exportData, cli.deleteAccount]) {
      await expect(run('nobody@example.com')).rejects.toThrow(new OperatorError('No account has the email nobody@example.com.'));
    }
  });
});

/** A failed email job to `to`: queued again after an error, its next try an hour away. */
async function failedEmailJob(to: string): Promise<string> {
  const id = await deadEmailJob(to);
  await t.deps.db.kysely.updateTable('job').set({ status: 'queued', attempts: 3, lastError: 'SMTP 550 mailbox unavailable', runAt: new Date(Date.now() + 3_600_000).toISOString() }).where('id', '=', id).execute();
  return id;
}

describe('npm run admin: failed jobs', () => {
  it('lists failed and dead jobs with their state and last error and retries one of each, which then run', async () => {
    const listings = () => t.deps.db.kysely.selectFrom('audit_log').select(['actor', 'details']).where('action', '=', 'job.failed_listed').orderBy('at').orderBy('id').execute();
    expect(await cli.failedJobs()).toEqual(['No failed or dead jobs.']);
    expect((await listings()).at(-1)).toEqual({ actor: 'operator (npm run admin)', details: JSON.stringify({ failed: 0, dead: 0 }) });
    const dead = await deadEmailJob('receipt-1@example.com');
    const failed = await failedEmailJob('receipt-4@example.com');
    const listed = await cli.failedJobs();
    expect(listed[0]).toBe('1 failed (tried again at the time shown), 1 dead (gave up); `npm run admin -- retry <id>` runs one again at once:');
    expect(listed[1]).toMatch(new RegExp(`^  ${failed}  email  failed, next try \\S+  3 of \\d+ attempt\\(s\\), created \\S+: SMTP 550 mailbox unavailable$`));
    expect(listed[2]).toMatch(new RegExp(`^  ${dead}  email  dead  12 of \\d+ attempt\\(s\\), created \\S+: SMTP 554 refused$`));
    expect((await listings()).at(-1)).toEqual({ actor: 'operator (npm run admin)', details: JSON.stringify({ failed: 1, dead: 1 }) });

    for (const [id, to, attempts, lastError] of [[dead, 'receipt-1@example.com', 12, 'SMTP 554 refused'], [failed, 'receipt-4@example.com', 3, 'SMTP 550 mailbox unavailable']] as const) {
      const retried = await cli.retryJobs(id);
      expect(retried[0]).toBe('Queued again 1 job(s), due now with fresh attempts; a running StudyNest starts them within a second:');
      expect(await t.deps.db.kysely.selectFrom('audit_log').select(['actor', 'action', 'details']).where('targetId', '=', id).execute()).toEqual([
        { actor: 'operator (npm run admin)', action: 'job.retried', details: JSON.stringify({ kind: 'email', attempts, lastError }) },
      ]);
      await t.mail.waitFor(to, /Your receipt/);
    }
    expect(await cli.failedJobs()).toEqual(['No failed or dead jobs.']);
    await expect(cli.retryJobs(dead)).rejects.toThrow(/No failed or dead job has the id/);
  });

  it('retry all queues every failed and dead job again', async () => {
    await deadEmailJob('receipt-2@example.com');
    await failedEmailJob('receipt-3@example.com');
    expect((await cli.retryJobs('all'))[0]).toBe('Queued again 2 job(s), due now with fresh attempts; a running StudyNest starts them within a second:');
    await t.mail.waitFor('receipt-2@example.com');
    await t.mail.waitFor('receipt-3@example.com');
    await expect(cli.retryJobs('all')).rejects.toThrow(new OperatorError('No failed or dead jobs to retry.'));
  });
});

/** `npm run admin -- …` as an operator types it (the script through tsx), on the test app's database. */
function runAdminCommand(...args: string[]): Promise<ScriptRun> {
  const { config } = t.deps;
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    DATA_DIR: config.dataDir,
    DATABASE_URL: config.database.dialect === 'sqlite' ? config.database.file : config.database.url,
    AUTH_SECRET: config.authSecret,
    BASE_URL: config.baseUrl,
    SMTP_URL: config.smtpUrl,
  };
  return runScript(['scripts/admin.ts', ...args], env);
}

describe('the real command', () => {
  it('promotes, refuses an unknown email (exit 1) and prints its usage (exit 2)', async () => {
    const student = await t.createUser({ role: 'student' });
    const promoted = await runAdminCommand('promote', student.email);
    expect(promoted).toMatchObject({ code: 0, stderr: '' });
    expect(promoted.stdout).toBe(`${student.email} is now an admin (was student). ${APPLIED}\n`);
    expect((await userRow(student.id)).role).toBe('admin');

    expect(await runAdminCommand('block', 'nobody@example.com')).toMatchObject({ code: 1, stdout: '', stderr: 'No account has the email nobody@example.com.\n' });
    const usage = await runAdminCommand('frobnicate');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^Usage: npm run admin -- <command>/);
  }, 120_000);

  it('prints its usage for help, --help and -h (exit 0), and writes any command\'s output to the file --output names', async () => {
    for (const word of ['help', '--help', '-h']) {
      const help = await runAdminCommand(word);
      expect(help, word).toMatchObject({ code: 0, stderr: '' });
      expect(help.stdout, word).toMatch(/^Usage: npm run admin -- <command> \[--output <file>\]\n/);
      for (const line of ['\n  jobs   ', '\n  retry <job id>|all   ', '\n  --output <file>, -o <file>   ']) expect(help.stdout, word).toContain(line);
    }
    const student = await t.createUser({ role: 'student' });
    const file = path.join(t.deps.config.dataDir, 'export.json');
    const exported = await runAdminCommand('export', student.email, '--output', file);
    expect(exported).toMatchObject({ code: 0, stderr: '' });
    expect(exported.stdout).toMatch(new RegExp(`^Written to ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(\\d+ bytes\\)\\.\\n$`));
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ format: 'studynest-my-data/1', account: { email: student.email } });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const listed = path.join(t.deps.config.dataDir, 'jobs.txt');
    expect(await runAdminCommand('-o', listed, 'jobs')).toMatchObject({ code: 0, stderr: '' });
    expect(fs.readFileSync(listed, 'utf8')).toMatch(/^(No failed or dead jobs\.|\d+ failed)/);
    expect(await runAdminCommand('jobs', '--output')).toMatchObject({ code: 2 });
  }, 120_000);
});
