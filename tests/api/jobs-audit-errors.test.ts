// Audit of the job engine: what a failed email leaves for the admins to read (its last error, on the
// Background Jobs page and in GET /api/admin/jobs) never carries the SMTP URL's user or password,
// whether the server cannot be reached or refuses the login; GET /api/health tells others nothing
// of it. SQLite, and PostgreSQL when TEST_DATABASE_URL is set.
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminJobPage } from '#contract/admin-jobs.ts';
import { earlierWholeMessage } from '#tests/helpers/earlier-emails.ts';
import { freePort } from '#tests/helpers/built-server.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

const USER = 'smtp-user-7f3a';
const PASSWORD = 'pa55-w0rd-9c1e';

/** An SMTP server that asks for a login and refuses every one. */
async function refusingServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const server = new SMTPServer({ disabledCommands: ['STARTTLS'], allowInsecureAuth: true, logger: false, onAuth: (_auth, _session, done) => done(new Error('Authentication failed')) });
  server.on('error', () => {});
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const apps: TestApp[] = [];
let refusing: Awaited<ReturnType<typeof refusingServer>>;
beforeAll(async () => {
  refusing = await refusingServer();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await refusing?.close();
});

async function lastErrorWith(smtpUrl: string): Promise<{ lastError: string | null; listed: string; health: Record<string, string> }> {
  const t = await createTestApp({ SMTP_URL: smtpUrl });
  apps.push(t);
  await t.deps.jobs.stop();
  const [admin, student] = [await t.actor({ role: 'admin' }), await t.actor({ role: 'student' })];
  await t.deps.db.kysely.deleteFrom('job').execute();
  await t.deps.jobs.enqueue(t.deps.db.kysely, earlierWholeMessage({ to: 'someone@example.com', subject: 'Will fail', text: 'x' }));
  await t.deps.jobs.runDue();
  const row = await t.deps.db.kysely.selectFrom('job').select('lastError').executeTakeFirstOrThrow();
  const listed = (await t.request(admin, { method: 'GET', url: '/api/admin/jobs?state=failed' })).body;
  const health = {
    admin: (await t.request(admin, { method: 'GET', url: '/api/health' })).body,
    student: (await t.request(student, { method: 'GET', url: '/api/health' })).body,
    anonymous: (await t.request(null, { method: 'GET', url: '/api/health' })).body,
  };
  return { lastError: row.lastError, listed, health };
}

describe('a failed email as the admins see it', () => {
  it.each([
    ['the SMTP server cannot be reached', async () => `smtp://${USER}:${PASSWORD}@127.0.0.1:${await freePort()}`, /ECONNREFUSED/],
    ['the SMTP server refuses the login', async () => `smtp://${USER}:${PASSWORD}@127.0.0.1:${refusing.port}?ignoreTLS=true`, /Invalid login|535/],
  ])('%s: the reason, never the credentials', async (_case, url, reason) => {
    const { lastError, listed, health } = await lastErrorWith(await url());
    expect(lastError).toMatch(reason);
    for (const text of [lastError ?? '', listed, ...Object.values(health)]) {
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(USER);
    }
    // The admin sees the reason; nobody else learns anything about the outbox.
    expect((JSON.parse(listed) as AdminJobPage).items[0]?.lastError).toBe(lastError);
    expect(JSON.parse(health.admin!)).toMatchObject({ jobs: { failed: 1 } });
    expect(JSON.parse(health.student!)).toEqual({ status: 'ok', database: 'up' });
    expect(JSON.parse(health.anonymous!)).toEqual({ status: 'ok', database: 'up' });
  }, 60_000);
});
