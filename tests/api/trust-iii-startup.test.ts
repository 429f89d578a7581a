// What a process does before anyone asks it anything, and what no request header can break:
// malformed cookies are ignored (never a 500), production starts without demo data, secrets or
// token-carrying links in its log, and several processes starting together on one empty database
// seed it once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtWeb } from '#tests/helpers/built-web.ts';
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
