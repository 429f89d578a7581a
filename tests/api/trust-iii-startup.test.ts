// What a process does before anyone asks it anything, and what no request header can break:
// malformed cookies are ignored (never a 500), production starts without demo data, secrets or
// token-carrying links in its log, and several processes starting together on one empty database
// seed it once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from '#server/demo-seed.ts';
import { builtWeb } from '#tests/helpers/built-web.ts';
import { createTestDatabase } from '#tests/helpers/test-database.ts';
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
