// HTTP as caches, proxies and clients expect it, over a real socket against the
// built app (`npm run build` first): HEAD answers like GET on every page route, every compressed
// answer says Vary: Accept-Encoding, API JSON and the docs' bundle are compressed (and the bundle
// cacheable), a wrong method is 405 with Allow, a 429 says Retry-After.
import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagePathsOfRouter } from '#tests/helpers/router-paths.ts';
import { createBooking, createStudySession } from '#tests/factories.ts';
import { createTestApp, type Actor, type RawResponse, type TestApp } from '#tests/helpers/test-app.ts';
import { builtWeb, WEB_DIR } from '#tests/helpers/built-web.ts';

let t: TestApp;
let student: Actor;
let sessionId: string;
let tutorEmail: string;

beforeAll(async () => {
  t = await createTestApp({}, { webDir: builtWeb() });
  student = await t.actor({ role: 'student' });
  const tutor = await t.createUser({ role: 'tutor' });
  tutorEmail = tutor.email;
  const session = await createStudySession(t.deps, tutor, { title: 'HTTP semantics' });
  await createBooking(t.deps, session, student.user!);
  sessionId = session.id;
}, 60_000);
afterAll(async () => t?.close());

/** Every path of the app's router, parameters filled in with real data. */
function pagePaths(): string[] {
  return pagePathsOfRouter().map((p) => p.replace(':email', encodeURIComponent(tutorEmail)).replace(/:id/g, sessionId)).concat(['/no-such-page']);
}

const ENCODINGS = { 'accept-encoding': 'br, gzip' };
/**
 * Status and headers, but the date, the request id (new for each request) and connection handling; the length only as present or not,
 * since two renders of one page may differ by a byte (the data's timestamps) — and a HEAD with
 * nothing to send may leave out a zero length.
 */
const comparable = (res: RawResponse) => {
  const { date: _date, 'x-request-id': _requestId, 'keep-alive': _keepAlive, connection: _connection, 'content-length': length, ...headers } = res.headers;
  return { status: res.statusCode, headers, length: length !== undefined && length !== '0' };
};

describe('HEAD', () => {
  it('answers every page route with the status and headers GET gives, signed out and signed in', async () => {
    const paths = pagePaths();
    expect(paths.length).toBeGreaterThan(20);
    const differ: string[] = [];
    const statuses = new Set<number>();
    for (const who of [null, student]) {
      for (const p of paths) {
        const get = await t.http(who, { method: 'GET', path: p, headers: ENCODINGS });
        const head = await t.http(who, { method: 'HEAD', path: p, headers: ENCODINGS });
        statuses.add(get.statusCode);
        if (JSON.stringify(comparable(head)) !== JSON.stringify(comparable(get))) differ.push(`${who ? 'student' : 'anonymous'} ${p}: GET ${JSON.stringify(comparable(get))} HEAD ${JSON.stringify(comparable(head))}`);
        expect(head.body).toBe('');
      }
    }
    expect(differ).toEqual([]);
    // The comparison covered pages, redirects and a not-found page.
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 302, 404]));
  }, 120_000);
});

describe('compression', () => {
  it('says Vary: Accept-Encoding on every compressed answer: pages, static files, API JSON, the docs', async () => {
    const assets = fs.readdirSync(path.join(WEB_DIR, 'assets')).filter((f) => !/\.(br|gz)$/.test(f)).map((f) => `/assets/${f}`);
    const rootFiles = fs.readdirSync(WEB_DIR).filter((f) => fs.statSync(path.join(WEB_DIR, f)).isFile() && !/\.(br|gz|html)$/.test(f)).map((f) => `/${f}`);
    const api = ['/api/docs/json', '/api/docs/yaml', '/api/docs/static/swagger-ui-bundle.js', '/api/docs/static/swagger-ui.css', '/api/sessions', '/api/approved-sessions', `/api/session/${sessionId}`];
    const compressed: string[] = [];
    const missing: string[] = [];
    for (const who of [null, student]) {
      for (const p of [...pagePaths(), ...assets, ...rootFiles, ...api, `/api/booked-sessions/${encodeURIComponent(student.user!.email)}`]) {
        for (const encoding of ['br', 'gzip', 'br, gzip']) {
          const res = await t.http(who, { method: 'GET', path: p, headers: { 'accept-encoding': encoding } });
          const coding = res.headers['content-encoding'];
          if (!coding) continue;
          compressed.push(`${p} ${coding}`);
          if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(String(res.headers.vary ?? ''))) missing.push(`${p} (${coding}): Vary ${res.headers.vary ?? 'absent'}`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(compressed.length).toBeGreaterThan(60);
    expect(compressed.some((c) => c.startsWith('/assets/'))).toBe(true);
  }, 120_000);

  it('compresses the API document and the docs bundle, and lets the bundle be cached', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const br = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const bundle = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js', headers: { 'accept-encoding': 'gzip' } });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-encoding']).toBe('gzip');
    expect(bundle.headers['cache-control']).toBe('public, max-age=86400');
    expect(bundle.headers.etag).toBeTruthy();
    const again = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js', headers: { 'if-none-match': String(bundle.headers.etag) } });
    expect(again.statusCode).toBe(304);

    // Small answers are not worth compressing; personal ones stay no-store when compressed.
    const health = await t.http(null, { method: 'GET', path: '/api/health', headers: ENCODINGS });
    expect(health.headers['content-encoding']).toBeUndefined();
    // A student with three bookings: a list past the threshold (one entry is about 900 bytes).
    const busy = await t.actor({ role: 'student' });
    const teacher = await t.createUser({ role: 'tutor' });
    for (let i = 0; i < 3; i++) await createBooking(t.deps, await createStudySession(t.deps, teacher, { title: `Compressed ${i}` }), busy.user!);
    const booked = await t.app.inject({ method: 'GET', url: `/api/booked-sessions/${encodeURIComponent(busy.user!.email)}`, headers: { ...ENCODINGS, cookie: busy.cookie! } });
    expect(booked.rawPayload.length).toBeLessThan(brotliDecompressSync(booked.rawPayload).length);
    expect(booked.headers['content-encoding']).toBe('br');
    expect(booked.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(brotliDecompressSync(booked.rawPayload).toString()).items).toHaveLength(3);
  });

  it('takes request bodies as sent: a gzip-encoded body is not inflated past the body guards', async () => {
    const res = await t.request(null, { method: 'POST', url: '/api/auth/sign-in/email', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, payload: gzipSync(JSON.stringify({ email: 'a@example.com', password: 'whatever1' })) });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { message: 'The request body is not valid JSON.' } });
  });
});

describe('methods', () => {
  it('answers a method an existing API path does not take with 405 and Allow, for every route', async () => {
    const byPath = new Map<string, Set<string>>();
    for (const r of t.routes) if (r.url.startsWith('/api/') && !r.url.includes('*')) byPath.set(r.url, (byPath.get(r.url) ?? new Set()).add(r.method));
    const wrong: string[] = [];
    for (const [url, methods] of byPath) {
      const concrete = url.replace(/:(\w+)/g, 'x1');
      // Every route the router would run for this path: a parameter may also match another
      // route's fixed segment (PUT …/attendance/:studentId takes …/attendance/all-present too).
      const served = new Set(methods);
      for (const [template, its] of byPath) if (new RegExp(`^${template.replace(/:(\w+)/g, '[^/]+')}$`).test(concrete)) for (const m of its) served.add(m);
      const other = ['PATCH', 'PUT', 'DELETE', 'POST', 'GET'].find((m) => !served.has(m))!;
      const res = await t.request(student, { method: other as 'GET', url: concrete });
      const allow = String(res.headers.allow ?? '').split(/,\s*/).sort();
      const expected = [...served].filter((m) => m !== 'OPTIONS').sort();
      if (res.statusCode !== 405 || JSON.stringify(allow) !== JSON.stringify(expected) || typeof res.json().message !== 'string') wrong.push(`${other} ${concrete}: ${res.statusCode} Allow ${res.headers.allow} (expected ${expected.join(', ')})`);
    }
    expect(wrong).toEqual([]);
    expect(byPath.size).toBeGreaterThan(30);
    // A path nothing serves, under any method, stays 404; so does a non-canonical spelling.
    expect((await t.request(null, { method: 'PUT', url: '/api/no-such-thing' })).statusCode).toBe(404);
    expect((await t.http(null, { method: 'PUT', path: '/api/./health' })).statusCode).toBe(404);
  });

  it('answers GET and HEAD of an API path that takes neither 405 and Allow, never as a page', async () => {
    for (const method of ['GET', 'HEAD']) {
      for (const path of ['/api/create-note', '/api/create-note/']) {
        const res = await t.http(student, { method, path });
        expect([method, path, res.statusCode, res.headers.allow, res.headers['content-type']]).toEqual([method, path, 405, 'POST', expect.stringContaining('application/json')]);
      }
    }
  });

  it('answers 404, not 405, when a route that takes the method finds nothing there', async () => {
    // The docs' files: a file that is not there, and one spelled with a trailing slash.
    for (const path of ['/api/docs/static/no-such-file.css', '/api/docs/static/swagger-ui.css/']) {
      for (const method of ['GET', 'HEAD']) {
        const res = await t.http(null, { method, path });
        expect([method, path, res.statusCode, res.headers.allow]).toEqual([method, path, 404, undefined]);
      }
    }
    expect((await t.http(null, { method: 'GET', path: '/api/docs/static/swagger-ui.css' })).statusCode).toBe(200);
  });
});

describe('page methods', () => {
  const allowOf = (res: { headers: Record<string, unknown> }) => String(res.headers.allow ?? '');

  it('answers a method a page does not take with 405 and the methods it does take', async () => {
    const cases: Array<[string, string, string]> = [
      ['PUT', '/', 'GET, HEAD'],
      ['POST', '/all-sessions', 'GET, HEAD'],
      ['PATCH', '/tutors/x1', 'GET, HEAD'],
      ['DELETE', '/login', 'GET, HEAD, POST'],
      ['PUT', `/session/${sessionId}`, 'GET, HEAD, POST'],
    ];
    for (const [method, url, allow] of cases) {
      const res = await t.request(null, { method: method as 'GET', url });
      expect([method, url, res.statusCode, allowOf(res), typeof res.json().message]).toEqual([method, url, 405, allow, 'string']);
    }
  });

  it('says the truth in Allow on every page: POST listed exactly where a POST is taken', async () => {
    const wrong: string[] = [];
    for (const p of pagePaths().filter((path) => path !== '/no-such-page')) {
      const del = await t.http(null, { method: 'DELETE', path: p });
      const allow = allowOf(del);
      const post = await t.http(null, { method: 'POST', path: p, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
      const takesPost = post.statusCode !== 405 && post.statusCode !== 404;
      if (del.statusCode !== 405 || allow !== (takesPost ? 'GET, HEAD, POST' : 'GET, HEAD')) wrong.push(`${p}: DELETE ${del.statusCode} Allow ${allow}; POST ${post.statusCode}`);
      if (!takesPost && allowOf(post) !== 'GET, HEAD') wrong.push(`${p}: POST ${post.statusCode} Allow ${allowOf(post)}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('answers OPTIONS with 204 and Allow on pages and API paths, 404 where nothing is', async () => {
    for (const [url, allow] of [['/', 'GET, HEAD'], ['/login', 'GET, HEAD, POST'], ['/dashboard/all-sessions', 'GET, HEAD, POST']] as const) {
      const res = await t.http(null, { method: 'OPTIONS', path: url });
      expect([url, res.statusCode, allowOf(res), res.body]).toEqual([url, 204, allow, '']);
    }
    const api = await t.http(null, { method: 'OPTIONS', path: '/api/sessions' });
    expect([api.statusCode, allowOf(api).split(', ')]).toEqual([204, expect.arrayContaining(['GET', 'HEAD'])]);
    expect((await t.http(null, { method: 'OPTIONS', path: '/api/no-such-thing' })).statusCode).toBe(404);
  });

  it('keeps a path that is no page 404 under every method, as GET answers it', async () => {
    for (const method of ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      for (const p of ['/no-such-page', '/dashboard/no-such-page', '/api/no-such-thing']) {
        const res = await t.http(null, { method, path: p });
        expect([method, p, res.statusCode]).toEqual([method, p, 404]);
      }
    }
  });

  it('compresses pages by the q-values asked: br;q=0 gets no Brotli', async () => {
    const cases: Array<[string, string | undefined]> = [
      ['br;q=0, gzip', 'gzip'],
      ['gzip, br;q=0', 'gzip'],
      ['br;q=0.1, gzip;q=0.9', 'gzip'],
      ['gzip;q=0, br', 'br'],
      ['br;q=0, gzip;q=0', undefined],
      ['identity', undefined],
    ];
    for (const [accepted, coding] of cases) {
      for (const who of [null, student]) {
        const res = await t.request(who, { method: 'GET', url: '/', headers: { 'accept-encoding': accepted } });
        expect([accepted, res.statusCode, res.headers['content-encoding']]).toEqual([accepted, 200, coding]);
        expect(String(res.headers.vary).toLowerCase()).toMatch(/(^|,\s*)accept-encoding(,|$)/);
        const html = coding === 'gzip' ? gunzipSync(res.rawPayload).toString() : coding === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body;
        // The whole page, whichever way it came.
        expect(html).toMatch(/^<!doctype html>[\s\S]*<div id="root"><[\s\S]*<\/html>\s*$/i);
      }
    }
  });
});

describe('pages kept for signed-out visitors (LIST_CACHE_MS)', () => {
  it('sends a kept page compressed as each Accept-Encoding asks, the same bytes each time, never mixing codings', async () => {
    const cached = await createTestApp({ LIST_CACHE_MS: '60000' }, { webDir: builtWeb() });
    try {
      const get = (acceptEncoding: string) => cached.request(null, { method: 'GET', url: '/', headers: { 'accept-encoding': acceptEncoding } });
      const plain = await get('identity');
      for (const [accepted, coding] of [['br, gzip', 'br'], ['br;q=0, gzip', 'gzip'], ['gzip', 'gzip'], ['identity', undefined], ['br', 'br']] as const) {
        const first = await get(accepted);
        const again = await get(accepted);
        const head = await cached.request(null, { method: 'HEAD', url: '/', headers: { 'accept-encoding': accepted } });
        expect([accepted, first.headers['content-encoding'], again.headers['content-encoding'], head.headers['content-encoding']]).toEqual([accepted, coding, coding, coding]);
        expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
        expect(head.headers['content-length']).toBe(again.headers['content-length']);
        const html = coding === 'gzip' ? gunzipSync(again.rawPayload).toString() : coding === 'br' ? brotliDecompressSync(again.rawPayload).toString() : again.body;
        expect(html).toBe(plain.body);
      }
      // A signed-in visitor's page is theirs: drawn and compressed for them.
      const student = await cached.actor({ role: 'student' });
      const mine = await cached.request(student, { method: 'GET', url: '/', headers: { 'accept-encoding': 'br;q=0, gzip' } });
      expect([mine.headers['content-encoding'], mine.headers['cache-control']]).toEqual(['gzip', 'private, no-store']);
      expect(gunzipSync(mine.rawPayload).toString()).toContain(student.user!.name);
    } finally {
      await cached.close();
    }
  });
});

describe('429', () => {
  it('sends a standard Retry-After (whole seconds) from the upload limit and from the sign-in limit', async () => {
    let upload;
    for (let i = 0; i < 11; i++) upload = await t.request(null, { method: 'POST', url: '/api/uploads', remoteAddress: '10.77.0.1', headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--\r\n' });
    expect(upload!.statusCode).toBe(429);
    expect(upload!.headers['retry-after']).toMatch(/^\d+$/);

    let signIn;
    for (let i = 0; i < 5; i++) signIn = await t.request(null, { method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: '10.77.0.2', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'nobody@example.com', password: 'wrong password' }) });
    expect(signIn!.statusCode).toBe(429);
    expect(signIn!.headers['retry-after']).toMatch(/^\d+$/);
  });
});
