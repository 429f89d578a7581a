// What a process does before anyone asks it anything, and what no request header can break:
// malformed cookies are ignored (never a 500), production starts without demo data, secrets or
// token-carrying links in its log, and several processes starting together on one empty database
// seed it once.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from '#server/demo-seed.ts';
import { startUp } from '#server/start-up.ts';
import { builtWeb } from '#tests/helpers/built-web.ts';
import { createTestDatabase } from '#tests/helpers/test-database.ts';
import { json } from '#tests/helpers/request-helpers.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

describe('malformed cookies', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({}, { webDir: builtWeb() });
    cookie = (await t.actor()).cookie!;
  });
  afterAll(async () => t?.close());

  const sessionName = 'better-auth.session_token';
  const malformed = [
    'lang=%',
    'lang=%E0%A4%A',
    'tz=%',
    'lang=%; tz=%',
    `${sessionName}=%`,
    `${sessionName}=%E0%A4%A.%`,
    `lang=${'%'.repeat(100_000)}`,
    `x=${'a'.repeat(100_000)}`,
    'lang=es; lang=%',
    'lang=%; lang=es',
    `${sessionName}=a; ${sessionName}=%`,
    'lang',
    '=%',
    ';;;=;%',
    'lang="%"',
    '%=%',
  ];
  // API, better-auth, server-drawn pages (one signed-out, one signed-in only) and a miss.
  const paths = ['/api/health', '/api/me', '/api/auth/get-session', '/api/sessions', '/', '/all-sessions', '/dashboard/settings', '/nowhere'];

  it('never answers 500, anonymous or signed in, whatever the Cookie header holds', async () => {
    const failures: string[] = [];
    for (const bad of malformed) {
      for (const url of paths) {
        for (const header of [bad, `${cookie}; ${bad}`, `${bad}; ${cookie}`]) {
          const res = await t.request(null, { method: 'GET', url, headers: { cookie: header } });
          if (res.statusCode >= 500) failures.push(`${url} with ${header.slice(0, 60)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 90_000);

  it('draws the page for a signed-in visitor whose other cookies are malformed', async () => {
    const res = await t.request(null, { method: 'GET', url: '/dashboard/settings', headers: { cookie: `lang=%; tz=%; ${cookie}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html');
  });

  it('reads a valid lang beside a malformed cookie, and ignores a malformed lang', async () => {
    const say = async (header: string) => (await t.request(null, { method: 'GET', url: '/api/me', headers: { cookie: header } })).json().message as string;
    const english = await say('');
    expect(await say('lang=%')).toBe(english);
    expect(await say('tz=%; lang=es')).not.toBe(english);
  });
});

describe('several processes starting together on one empty database', () => {
  it('seed the demo data once: one seeds, the others return without error', async () => {
    const database = await createTestDatabase();
    const apps: App[] = [];
    try {
      for (let i = 0; i < 3; i++) {
        const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dataDir, AUTH_SECRET: 'test-secret-test-secret-test-secret-0123', DEMO_DATA: 'true' });
        config.database = database.database;
        // Each its own connections to the one database, as separate processes would have.
        apps.push(await buildApp(config, { webDir: '/nonexistent', mailer: { send: async () => undefined } }));
      }
      const results = await Promise.allSettled(apps.map((a) => seedDemoIfEmpty(a.deps)));
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const seeded = results.flatMap((r) => (r.status === 'fulfilled' && r.value ? [r.value] : []));
      expect(seeded).toHaveLength(1);
      const users = await apps[0]!.deps.db.kysely.selectFrom('user').select('email').execute();
      expect(users.map((u) => u.email).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
      // A later start finds the data and seeds nothing.
      expect(await seedDemoIfEmpty(apps[1]!.deps)).toBeNull();
    } finally {
      for (const a of apps) await a.app.close();
      await database.drop();
    }
  }, 60_000);
});

describe('production defaults', () => {
  it('on an empty database: seeds nothing, prints no secret, logs no token, and states each missing setting', async () => {
    const database = await createTestDatabase();
    const logs: string[] = [];
    const said: string[] = [];
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: database.dataDir, LOG_LEVEL: 'info' });
    config.database = database.database;
    const { app, deps } = await buildApp(config, { webDir: '/nonexistent', logStream: { write: (line) => logs.push(line) } });
    try {
      await startUp(config, deps, { warn: (line) => said.push(line), print: (line) => said.push(line) });
      expect(await deps.db.kysely.selectFrom('user').select('id').execute()).toEqual([]);
      const secret = fs.readFileSync(path.join(database.dataDir, 'auth-secret'), 'utf8').trim();
      expect(said.join('\n')).not.toMatch(/Demo data seeded|studynest\.example/);
      expect(said.join('\n') + logs.join('')).not.toContain(secret);
      for (const setting of ['BASE_URL', 'SMTP_URL', 'AUTH_SECRET', 'STRIPE_SECRET_KEY']) expect(said.some((line) => line.startsWith(`${setting} is not set`)), setting).toBe(true);
      await app.ready();

      // Every email that carries a token: verification (sign-up), the taken address's notice, the reset link.
      const headers = { origin: config.baseUrl };
      const person = { name: 'Pat Prod', email: 'pat@example.com', password: 'a-long-password-123', role: 'student' };
      const send = (url: string, body: unknown) => app.inject({ method: 'POST', url, payload: json(body).payload, headers: { ...json(body).headers, ...headers }, remoteAddress: '203.0.113.9' }).then((res) => {
        expect(res.statusCode, res.body).toBe(200);
      });
      await send('/api/auth/sign-up/email', person);
      await send('/api/auth/sign-up/email', person);
      await send('/api/auth/request-password-reset', { email: person.email, redirectTo: '/reset-password' });
      const outbox = path.join(database.dataDir, 'outbox');
      const emails = await vi.waitFor(() => {
        const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
        expect(files).toHaveLength(3);
        return files.map((file) => fs.readFileSync(path.join(outbox, file), 'utf8').replace(/=\r\n/g, ''));
      }, { timeout: 15_000 });
      const tokens = emails.flatMap((raw) => [...raw.matchAll(/token=([\w.-]{8,})/g)].map((m) => m[1]!));
      expect(tokens.length).toBeGreaterThanOrEqual(2);
      const log = logs.join('');
      expect(log).toContain('email written to the dev outbox');
      for (const token of tokens) expect(log).not.toContain(token);
      expect(log).not.toMatch(/token=|reset-password\?|verify-email\?/);
    } finally {
      await app.close();
      await database.drop();
    }
  }, 60_000);

  it('seeds demo data only in development, or when DEMO_DATA says so', () => {
    const base = { DATA_DIR: '/tmp/studynest-unused', AUTH_SECRET: 'test-secret-test-secret-test-secret-0123' };
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).demoData).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).demoData).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).demoData).toBe(true);
    // Unset is production: a server started by hand seeds nothing unless told to.
    expect(loadConfig({ ...base }).demoData).toBe(false);
    expect(loadConfig({ ...base }).env).toBe('production');
    expect(loadConfig({ ...base, NODE_ENV: 'production', DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'development', DEMO_DATA: 'false' }).demoData).toBe(false);
  });
});
