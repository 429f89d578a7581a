// Redirects the server renderer answers (a guard's 302) for hostile `?from=` values and paths:
// the Location always stays on this origin and is a valid header, never a 500.
// Reads the production build (`npm test` builds first).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type Actor, type TestApp } from '#tests/helpers/test-app.ts';
import { builtWeb } from '#tests/helpers/built-web.ts';


let t: TestApp;
let student: Actor;

beforeAll(async () => {
  t = await createTestApp({}, { webDir: builtWeb() });
  student = await t.actor({ role: 'student' });
});
afterAll(async () => t?.close());

/** A Location a browser follows to this origin only: a path, not `//host`, with nothing it would strip. */
function expectSameOrigin(location: unknown) {
  expect(typeof location).toBe('string');
  const value = location as string;
  expect(value).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
  expect(new URL(value, TEST_ORIGIN).origin).toBe(TEST_ORIGIN);
}

describe('/login?from=… for a signed-in visitor', () => {
  // The query string as an attacker writes it in a link → where the visitor is sent.
  const cases: Array<[query: string, location: string]> = [
    ['from=/%09/evil.example/phish', '/'],
    ['from=%2F%09%2Fevil.example', '/'],
    ['from=//evil.example', '/'],
    ['from=%2F%2Fevil.example', '/'],
    ['from=/%5Cevil.example', '/'],
    ['from=%5C%5Cevil.example', '/'],
    ['from=https://evil.example', '/'],
    ['from=https%3A%2F%2Fevil.example%2Fphish', '/'],
    ['from=/..//evil.example', '/'],
    ['from=/.//evil.example/x', '/'],
    ['from=/%0a/x', '/'],
    ['from=/%0d%0aSet-Cookie:%20a=b', '/'],
    ['from=/%00', '/'],
    ['from=/%E2%80%AE', '/'],
    ['from=/%E2%81%A6x', '/'],
    ['from=javascript:alert(1)', '/'],
    ['from=javascript%3Aalert(1)', '/'],
    ['from=', '/'],
    ['from=/login%3Ffrom%3D%2Fx', '/'],
    // Same origin: followed, re-serialised.
    ['from=/%C3%A9', '/%C3%A9'],
    ['from=/%E6%97%A5%E6%9C%AC', '/%E6%97%A5%E6%9C%AC'],
    ['from=/%F0%9F%98%80', '/%F0%9F%98%80'],
    ['from=%2Fok%3Fx%3D1%23h', '/ok?x=1#h'],
    ['from=%2Fall-sessions%3Fq%3Da%20b', '/all-sessions?q=a%20b'],
    ['from=/%252F%252Fevil.example', '/%2F%2Fevil.example'],
    [`from=${encodeURIComponent(`${TEST_ORIGIN}/dashboard`)}`, '/dashboard'],
  ];

  it.each(cases)('?%s → %s', async (query, location) => {
    const res = await t.request(student, { method: 'GET', url: `/login?${query}` });
    expect([res.statusCode, res.headers.location]).toEqual([302, location]);
    expectSameOrigin(res.headers.location);
  });

  it('answers characters sent unencoded (non-Latin-1, bidi) with a redirect, never a 500', async () => {
    for (const [from, location] of [['/日本', '/%E6%97%A5%E6%9C%AC'], ['/é', '/%C3%A9'], ['/\u202e', '/'], ['/\u0085', '/']]) {
      const res = await t.request(student, { method: 'GET', url: `/login?from=${from}` });
      expect([from, res.statusCode, res.headers.location]).toEqual([from, 302, location]);
    }
  });
});

describe("a signed-out visitor on a signed-in page is sent to login with where they were", () => {
  const urls = [
    '/dashboard?x=%E2%80%AE%0d%0a',
    '/dashboard/note/x?%09=%00',
    '/dashboard/note/%E6%97%A5',
    '/dashboard/note/%E2%80%AE',
    '/dashboard?next=%09//evil.example',
    '/dashboard/note/x?from=//evil.example',
    '/dashboard/note/x#%0a',
  ];
  it.each(urls)('%s', async (url) => {
    const res = await t.request(null, { method: 'GET', url });
    expect(res.statusCode).toBe(302);
    expectSameOrigin(res.headers.location);
    expect(String(res.headers.location)).toMatch(/^\/login\?from=/);
  });
});
