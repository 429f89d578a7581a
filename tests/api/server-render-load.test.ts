// The server renderer under load: 50 clients asking `/?v=<random>` forced a
// fresh render each, and /api/health waited 6–10 s behind them. A signed-out page is kept for its
// path and the query parameters its page reads only, concurrent misses share one render, and no
// more than a few renders run at once: beyond that the page goes out as the shell the browser
// fills in. Reads the production build (`npm test` builds first).
import fs from 'node:fs';
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installStaticWeb } from '#server/http/static-web.ts';
import { createStudySession } from '#tests/factories.ts';
import { builtWeb, RENDERER, WEB_DIR } from '#tests/helpers/built-web.ts';
import { createTestApp } from '#tests/helpers/test-app.ts';


declare global {
  var __rendered: string[] | undefined;
  var __renderGate: Promise<void> | undefined;
}

let tmp: string;
let apps: FastifyInstance[] = [];

beforeAll(() => {
  builtWeb();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-ssr-load-'));
});
afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
  globalThis.__rendered = [];
  globalThis.__renderGate = undefined;
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A web dir whose renderer is `source` (an ES module), served by a bare app with the page cache on. */
async function appWithRenderer(source: string, options: { maxConcurrentRenders?: number } = {}) {
  const webDir = fs.mkdtempSync(path.join(tmp, 'web-'));
  fs.copyFileSync(path.join(WEB_DIR, 'index.html'), path.join(webDir, 'index.html'));
  const entry = path.join(webDir, 'renderer.mjs');
  fs.writeFileSync(entry, source);
  const app = Fastify();
  await installStaticWeb(app, webDir, { serverRenderEntry: entry, pageCache: { ttlMs: 60_000, version: () => 0 }, ...options });
  apps.push(app);
  // The shell as an English visitor gets it: index.html with the visitor's language on <html>.
  const shell = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8').replace(/<html[^>]*>/, '<html lang="en" dir="ltr">');
  return { app, shell };
}

/** An app whose renders are all held (HELD_RENDERER) until `release()`, at most `maxConcurrentRenders` at once. */
async function appWithHeldRenders(maxConcurrentRenders: number) {
  globalThis.__rendered = [];
  let release!: () => void;
  globalThis.__renderGate = new Promise<void>((resolve) => (release = resolve));
  return { ...(await appWithRenderer(HELD_RENDERER, { maxConcurrentRenders })), release };
}

/** The real renderer (dist/ssr), counting its renders in globalThis.__rendered. */
const COUNTING_REAL_RENDERER = `
import * as real from ${JSON.stringify(pathToFileURL(RENDERER).href)};
export const sharedPageUrl = real.sharedPageUrl;
export async function render(input) {
  (globalThis.__rendered ??= []).push(input.url);
  return real.render(input);
}
`;

/** A renderer that never waits on I/O (as a warm render with in-process data): 20 ms of CPU, then the page. */
const BUSY_RENDERER = `
export async function render({ url }) {
  (globalThis.__rendered ??= []).push(url);
  const until = Date.now() + 20;
  while (Date.now() < until);
  return { html: '<p>drawn</p>', stateElement: '', status: 200, title: null };
}
`;

/** A renderer that holds every render until globalThis.__renderGate settles. */
const HELD_RENDERER = `
export async function render({ url }) {
  (globalThis.__rendered ??= []).push(url);
  await globalThis.__renderGate;
  return { html: '<p>drawn</p>', stateElement: '', status: 200, title: null };
}
`;

describe('signed-out pages are kept by path and the parameters the page reads', () => {
  it('draws / once for any number of unknown parameters, sent one after another or all at once', async () => {
    globalThis.__rendered = [];
    const { app } = await appWithRenderer(COUNTING_REAL_RENDERER);
    const first = await app.inject({ url: '/?v=1' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('id="server-state"');
    for (let i = 0; i < 5; i++) expect((await app.inject({ url: `/?v=${Math.random()}&utm_source=x${i}` })).body).toBe(first.body);
    // A cookie that is not a session changes nothing either.
    expect((await app.inject({ url: '/?v=cookie', headers: { cookie: 'theme=dark; v=2' } })).body).toBe(first.body);
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => app.inject({ url: `/all-sessions?burst=${i}` })));
    expect(new Set(burst.map((res) => res.statusCode))).toEqual(new Set([200]));
    expect(globalThis.__rendered).toEqual(['/', '/all-sessions']);
  });

  it('draws a page again for each value of a parameter it reads, and only with those parameters', async () => {
    globalThis.__rendered = [];
    const { app } = await appWithRenderer(COUNTING_REAL_RENDERER);
    for (const url of ['/all-sessions?q=alpha&v=1', '/all-sessions?v=2&q=alpha', '/all-sessions?open=true&q=alpha&x=3', '/all-sessions?q=alpha&open=true', '/all-sessions?q=beta', '/reset-password?token=abc&v=1', '/payment/cancelled?session=s1&v=1']) {
      expect((await app.inject({ url })).statusCode).not.toBe(500);
    }
    expect(globalThis.__rendered).toEqual(['/all-sessions?q=alpha', '/all-sessions?open=true&q=alpha', '/all-sessions?q=beta', '/reset-password?token=abc', '/payment/cancelled?session=s1']);
  });

  it('shows the search a visitor asked for, whatever else the URL carries', async () => {
    const t = await createTestApp({ LIST_CACHE_MS: '60000' }, { webDir: builtWeb() });
    try {
      const tutor = await t.createUser({ role: 'tutor' });
      await createStudySession(t.deps, tutor, { title: 'Cached alpha optics' });
      await createStudySession(t.deps, tutor, { title: 'Cached beta acoustics' });
      const alpha = await t.request(null, { method: 'GET', url: '/all-sessions?utm_source=mail&q=alpha' });
      expect(alpha.body).toContain('Cached alpha optics');
      expect(alpha.body).not.toContain('Cached beta acoustics');
      const beta = await t.request(null, { method: 'GET', url: '/all-sessions?q=beta&v=1' });
      expect(beta.body).toContain('Cached beta acoustics');
      expect(beta.body).not.toContain('Cached alpha optics');
      // A signed-out visitor sent to login keeps the parameters the page reads.
      const pay = await t.request(null, { method: 'GET', url: '/payment/cancelled?session=s1&v=2' });
      expect([pay.statusCode, pay.headers.location]).toEqual([302, `/login?${new URLSearchParams({ from: '/payment/cancelled?session=s1' })}`]);
    } finally {
      await t.close();
    }
  });
});

describe('a cap on concurrent renders', () => {
  it('sends the shell the browser fills in once the renders in progress reach the cap, and draws again when they end', async () => {
    const { app, shell, release } = await appWithHeldRenders(2);
    try {
      // Signed-in visitors (a session cookie each): pages drawn for them, never shared.
      const ask = (i: number) => app.inject({ url: `/dashboard?i=${i}`, headers: { cookie: `better-auth.session_token=visitor${i}` } });
      const held = [ask(0), ask(1)];
      await until(() => globalThis.__rendered?.length === 2);
      // While those two are held, the others get the shell at once.
      const over = await withinSeconds(5, Promise.all([2, 3, 4, 5].map(ask)));
      expect(over?.map((res) => [res.statusCode, res.body === shell, res.headers['cache-control']])).toEqual(Array(4).fill([200, true, 'private, no-store']));
      expect(globalThis.__rendered).toHaveLength(2);
      release();
      expect((await Promise.all(held)).map((res) => res.body.includes('<p>drawn</p>'))).toEqual([true, true]);
      // The slots are given back.
      expect((await ask(6)).body).toContain('<p>drawn</p>');
    } finally {
      release();
    }
  });

  it('binds for renders that never wait: a crowd arriving together gets the cap in renders, the rest the shell', async () => {
    globalThis.__rendered = [];
    const { app } = await appWithRenderer(BUSY_RENDERER, { maxConcurrentRenders: 3 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    // Warm: the renderer is loaded (its import is the only wait a render would have had).
    expect((await app.inject({ url: '/warm' })).body).toContain('<p>drawn</p>');
    globalThis.__rendered = [];
    // Twelve clients of another process send their requests at the same moment (a client in
    // this process would have its writes read one per turn of the shared event loop).
    // The kernel may hand them over in two or three turns (3 renders each); without the cap
    // binding, all twelve are drawn one after another.
    const answers = await crowd(port, 12);
    const drawn = globalThis.__rendered!.length;
    expect(drawn).toBeGreaterThanOrEqual(3);
    expect(drawn).toBeLessThanOrEqual(6);
    expect(answers.filter((answer) => answer === 'drawn')).toHaveLength(drawn);
    expect(answers.filter((answer) => answer === 'shell')).toHaveLength(12 - drawn);
  });

  it('keeps no shell in the page cache', async () => {
    const { app, shell, release } = await appWithHeldRenders(1);
    try {
      const held = app.inject({ url: '/held' });
      await until(() => globalThis.__rendered?.length === 1);
      expect((await withinSeconds(5, app.inject({ url: '/over' })))?.body).toBe(shell);
      release();
      await held;
      expect((await app.inject({ url: '/over' })).body).toContain('<p>drawn</p>');
    } finally {
      release();
    }
  });
});

/** `count` connections from a child process, then one GET each written at once: 'drawn' or 'shell' per answer. */
async function crowd(port: number, count: number): Promise<string[]> {
  const client = `
    const net = require('node:net');
    (async () => {
      const sockets = await Promise.all(Array.from({ length: ${count} }, () => new Promise((resolve) => { const s = net.connect(${port}, '127.0.0.1', () => resolve(s)); })));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const answers = sockets.map((s) => new Promise((resolve) => { let text = ''; s.setEncoding('utf8').on('data', (c) => (text += c)).on('end', () => resolve(text)); }));
      sockets.forEach((s, i) => s.write('GET /page-' + i + ' HTTP/1.1\\r\\nHost: studynest.test\\r\\nConnection: close\\r\\n\\r\\n'));
      const texts = await Promise.all(answers);
      process.stdout.write(JSON.stringify(texts.map((t) => (t.includes('<p>drawn</p>') ? 'drawn' : t.includes('<div id="root"></div>') ? 'shell' : t.slice(0, 200)))));
    })();
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', client], { timeout: 20_000 });
  return JSON.parse(stdout) as string[];
}

async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 5_000) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The value, or null when it takes longer than `seconds`. */
function withinSeconds<T>(seconds: number, promise: Promise<T>): Promise<T | null> {
  return Promise.race([promise, new Promise<null>((resolve) => setTimeout(() => resolve(null), seconds * 1000))]);
}

describe('the parameters each route declares (app/router.tsx handle.searchParams)', () => {
  it('name every query parameter a page reads, so that no page is drawn without one it uses', () => {
    const files = fs.readdirSync('web/src', { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.test.ts'));
    const read = new Set<string>();
    for (const file of files) {
      const source = fs.readFileSync(path.join('web/src', file), 'utf8');
      if (!source.includes('useSearchParams')) continue;
      for (const [, name] of source.matchAll(/[pP]arams\.(?:get|getAll|has)\(\s*'([^']+)'/g)) read.add(name!);
    }
    const declared = new Set([...fs.readFileSync('web/src/app/router.tsx', 'utf8').matchAll(/searchParams: \[([^\]]*)\]/g)].flatMap(([, list]) => [...list!.matchAll(/'([^']+)'/g)].map(([, name]) => name!)));
    // Read only once signed in (RedirectIfSignedIn), where pages are never shared.
    declared.add('from');
    expect(read.size).toBeGreaterThan(3);
    expect([...read].filter((name) => !declared.has(name))).toEqual([]);
  });
});
