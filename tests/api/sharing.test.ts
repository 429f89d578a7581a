// Pages worth sharing. What a link-preview crawler or a search engine reads
// (no cookie, no JavaScript: the server's HTML only), against the built app (`npm run build`
// first): each public page's own title and description, its canonical link, Open Graph and
// Twitter tags with an image that exists; a session's page is public and read-only; robots.txt,
// the sitemap, the favicon and the web app manifest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudySession } from '#tests/factories.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '#tests/helpers/test-app.ts';
import { builtWeb } from '#tests/helpers/built-web.ts';

const CRAWLER = { 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', accept: 'text/html' };
let t: TestApp;
let approved: { id: string; title: string };
let pending: { id: string };
let tutorId: string;

beforeAll(async () => {
  t = await createTestApp({}, { webDir: builtWeb() });
  const tutor = await t.createUser({ role: 'tutor', name: 'Ada & "Friends"' });
  tutorId = tutor.id;
  approved = await createStudySession(t.deps, tutor, { title: 'Linear algebra <for> everyone', description: 'Vectors, matrices and $& eigenvalues, from the ground up. '.repeat(8) });
  pending = await createStudySession(t.deps, tutor, { title: 'Not yet approved', status: 'pending' });
}, 60_000);
afterAll(async () => t?.close());

/** The <head> as a crawler reads it: tags by name or property, the title, the canonical link. */
function readHead(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const decode = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  const meta: Record<string, string[]> = {};
  for (const m of head.matchAll(/<meta (name|property)="([^"]+)" content="([^"]*)"/g)) (meta[m[2]!] ??= []).push(decode(m[3]!));
  const canonical = [...head.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((m) => decode(m[1]!));
  const title = /<title>([^<]*)<\/title>/.exec(head)?.[1];
  return { meta, canonical, title: title === undefined ? undefined : decode(title) };
}

const crawl = (url: string) => t.request(null, { method: 'GET', url, headers: CRAWLER });

describe('what a crawler reads on each public page', () => {
  const pages = () => [
    { url: '/', title: 'StudyNest | Home', canonical: '/' },
    { url: '/all-sessions?utm_source=chat', title: 'StudyNest | All Sessions', canonical: '/all-sessions' },
    { url: `/session/${approved.id}`, title: `StudyNest | ${approved.title}`, canonical: `/session/${approved.id}` },
    { url: '/login', title: 'StudyNest | Login', canonical: '/login' },
    { url: '/register', title: 'StudyNest | Register', canonical: '/register' },
  ];

  it('gives each its own title and description, one canonical link, and Open Graph and Twitter tags with an image', async () => {
    const seen = { titles: new Set<string>(), descriptions: new Set<string>() };
    for (const page of pages()) {
      const res = await crawl(page.url);
      expect({ url: page.url, status: res.statusCode }).toEqual({ url: page.url, status: 200 });
      const { meta, canonical, title } = readHead(res.body);
      const one = (key: string) => {
        expect(meta[key], `${page.url} ${key}`).toHaveLength(1);
        return meta[key]![0]!;
      };
      expect(title).toMatch(new RegExp(`^${page.title.replace(/[|.*+?^${}()[\]\\]/g, '\\$&')}`));
      const description = one('description');
      expect(description.length).toBeGreaterThan(30);
      expect(description.length).toBeLessThanOrEqual(200);
      expect(canonical).toEqual([`${TEST_ORIGIN}${page.canonical}`]);
      expect(one('og:title')).toBe(title);
      expect(one('og:description')).toBe(description);
      expect(one('og:url')).toBe(canonical[0]);
      expect(one('og:type')).toBe('website');
      expect(one('twitter:card')).toBe('summary_large_image');
      expect(one('twitter:title')).toBe(title);
      expect(one('twitter:description')).toBe(description);
      const image = one('og:image');
      expect(one('twitter:image')).toBe(image);
      expect(image).toBe(`${TEST_ORIGIN}/og-image.png`);
      seen.titles.add(title!);
      seen.descriptions.add(description);
    }
    expect(seen.titles.size).toBe(pages().length);
    expect(seen.descriptions.size).toBe(pages().length);

    // The image the tags name is served, as a PNG of the size they say.
    const image = await t.request(null, { method: 'GET', url: '/og-image.png' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect([image.rawPayload.readUInt32BE(16), image.rawPayload.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it("describes a session by its own text, escaped, and keeps a signed-in visitor's page out of it", async () => {
    const res = await crawl(`/session/${approved.id}`);
    const { meta } = readHead(res.body);
    expect(meta.description![0]).toMatch(/^Linear algebra <for> everyone with Ada & "Friends": Vectors, matrices and \$& eigenvalues/);
    expect(meta.description![0]!.endsWith('…')).toBe(true);
    // Nothing the session's text holds can close the attribute or the head.
    expect(res.body.slice(0, res.body.indexOf('</head>'))).not.toMatch(/<for>|"Friends"/);
    // A page that is not public has no share tags: the pending session, a page behind a login.
    const hidden = await crawl(`/session/${pending.id}`);
    expect(readHead(hidden.body).canonical).toEqual([]);
    expect(readHead(hidden.body).meta['og:title']).toBeUndefined();
    const notFound = await crawl('/no-such-page');
    expect(notFound.statusCode).toBe(404);
    expect(readHead(notFound.body).canonical).toEqual([]);
  });
});

describe("a session's page is public and read-only", () => {
  it('shows the session to a signed-out visitor with a way to log in to book, and nothing they could not read', async () => {
    const res = await crawl(`/session/${approved.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Linear algebra &lt;for&gt; everyone');
    expect(res.body).toContain('Log in to book');
    expect(res.body).toContain(`/login?from=${encodeURIComponent(`/session/${approved.id}`)}`);
    expect(res.body).not.toContain('Book now');
    // The API behind it: reading is public, booking is not.
    expect((await t.request(null, { method: 'GET', url: `/api/session/${approved.id}` })).statusCode).toBe(200);
    expect((await t.request(null, { method: 'GET', url: `/api/session/${pending.id}` })).statusCode).toBe(404);
    expect((await t.request(null, { method: 'POST', url: '/api/book-session', payload: { sessionId: approved.id } })).statusCode).toBe(401);
    expect((await t.request(null, { method: 'GET', url: `/api/materials?sessionId=${approved.id}` })).statusCode).toBe(401);
  });

  it('still offers booking to a signed-in student', async () => {
    const student = await t.actor({ role: 'student' });
    const res = await t.request(student, { method: 'GET', url: `/session/${approved.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Book now');
    expect(res.body).not.toContain('Log in to book');
  });
});

describe('robots.txt, the sitemap, the favicon and the manifest', () => {
  it('serves robots.txt pointing at the sitemap', async () => {
    const res = await t.request(null, { method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toMatch(/^User-agent: \*$/m);
    expect(res.body).toMatch(/^Disallow: \/dashboard$/m);
    expect(res.body).toContain(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`);
  });

  it('lists approved sessions and their tutors in the sitemap, never a pending one', async () => {
    const res = await t.request(null, { method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    expect(locs).toEqual(expect.arrayContaining([`${TEST_ORIGIN}/`, `${TEST_ORIGIN}/all-sessions`, `${TEST_ORIGIN}/session/${approved.id}`, `${TEST_ORIGIN}/tutors/${tutorId}`]));
    expect(locs.some((l) => l.includes(pending.id))).toBe(false);
    expect(res.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);
    // Every address it lists answers 200 to a crawler.
    for (const loc of locs) expect({ loc, status: (await crawl(loc.slice(TEST_ORIGIN.length))).statusCode }).toEqual({ loc, status: 200 });
  });

  it('serves /favicon.ico and a web app manifest whose icons exist', async () => {
    const favicon = await t.request(null, { method: 'GET', url: '/favicon.ico' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect(favicon.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));

    const home = await crawl('/');
    expect(home.body).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    const manifest = await t.request(null, { method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const body = manifest.json() as { name: string; start_url: string; icons: Array<{ src: string; sizes: string }> };
    expect(body).toMatchObject({ name: 'StudyNest', start_url: '/' });
    for (const icon of body.icons) {
      const res = await t.request(null, { method: 'GET', url: icon.src });
      expect({ src: icon.src, status: res.statusCode, type: res.headers['content-type'] }).toEqual({ src: icon.src, status: 200, type: 'image/png' });
    }
  });
});
