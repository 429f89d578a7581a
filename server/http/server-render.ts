// Server-side rendering of the web app's pages: the page's HTML and the data it was drawn with,
// so that a visitor sees it before the JavaScript has arrived (the largest paint comes early on a slow phone).
// The renderer is the production build of web/src/entry-server.tsx (dist/ssr), loaded on the
// first page request. Its API calls go through app.inject with the visitor's own cookie, so
// they pass every check a browser's call would. docs/decisions/013-server-rendering.md.
import { pathToFileURL } from 'node:url';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieValue } from '#server/auth/current-user.ts';
import { safeRedirectPath } from '#contract/safe-redirect.ts';
import { timeZoneFromCookieHeader } from '#contract/time-zone.ts';
import { chooseLanguage, textDirection, type Language } from '#i18n/languages.ts';
import { translatorFor } from '#server/i18n/translate.ts';

interface RenderModule {
  render(input: {
    url: string;
    api: (url: string, init: RequestInit) => Promise<Response>;
    origin?: string;
    timeZone?: string | null;
    language?: Language;
  }): Promise<{ html: string; stateElement: string; status: number; title: string | null; head?: string; redirect?: undefined } | { redirect: string }>;
  /** The URL a signed-out visitor's page is drawn from and kept under (path and the parameters it reads). */
  sharedPageUrl?(url: string): string;
}

/**
 * Pages of signed-out visitors are the same for all of them: each process keeps them for
 * `ttlMs` (LIST_CACHE_MS, as the public lists they show) and drops them all when `version`
 * changes (the public lists' cache was invalidated: a session approved, edited, deleted…).
 */
export interface PageCacheOptions {
  ttlMs: number;
  version: () => number;
}

type DrawnPage = { html: string; status: number } | { redirect: string };

interface CachedPage {
  page: DrawnPage;
  until: number;
  version: number;
  /** The page compressed, by content coding, made on first use. */
  encoded: Map<string, Buffer>;
  /** index.html itself (never kept as a page). */
  shell?: true;
}

const MAX_CACHED_PAGES = 500;
/** index.html's preload of the hero carousel's first image. */
const HERO_PRELOAD = /<link rel="preload" as="image"[^>]*>\s*/;
/** Renders in progress at once per process (one event loop): enough to overlap their API calls. */
const MAX_CONCURRENT_RENDERS = 3;

export interface PageRendererOptions {
  cache?: PageCacheOptions;
  /** The app's public origin (BASE_URL): a redirect never leaves it. */
  origin?: string;
  /** Renders running at once in this process; beyond them the shell is sent. */
  maxConcurrentRenders?: number;
  /** The language saved on a signed-in visitor's account, or null: theirs comes first. */
  accountLanguage?: (request: FastifyRequest) => Promise<string | null>;
}

export interface PageRenderer {
  /** Sends `request`'s page drawn by the server, or the bare index.html when drawing it fails. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

const ROOT_ELEMENT = '<div id="root"></div>';
const HTML_ELEMENT = /<html[^>]*>/;
const TITLE_ELEMENT = /<title>[^<]*<\/title>/;
/** index.html's own description, replaced by a shareable page's (its `head`: web/src/lib/page-meta.ts). */
const DESCRIPTION_ELEMENT = /<meta name="description"[^>]*>/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function createPageRenderer(app: FastifyInstance, entryFile: string, indexHtml: string, options: PageRendererOptions = {}): PageRenderer {
  const { cache, origin = 'http://localhost', maxConcurrentRenders = MAX_CONCURRENT_RENDERS, accountLanguage } = options;
  const at = indexHtml.indexOf(ROOT_ELEMENT);
  if (at < 0) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
  const head = indexHtml.slice(0, at);
  const tail = indexHtml.slice(at + ROOT_ELEMENT.length);
  let loading: Promise<RenderModule> | undefined;
  const load = () => (loading ??= import(pathToFileURL(entryFile).href) as Promise<RenderModule>);

  /** The page at `url` (the request's, or its shared form) as `cookie` sees it, or where its guard sends them. */
  async function drawPage(renderer: RenderModule, request: FastifyRequest, url: string, cookie: string | undefined, language: Language): Promise<DrawnPage> {
    const page = await renderer.render({
      url,
      origin,
      language,
      // Times on the page in the visitor's zone, as their browser will draw them.
      timeZone: timeZoneFromCookieHeader(request.headers.cookie),
      api: async (apiUrl, init) => {
        // Drawing a page reads; it never changes anything on the visitor's behalf.
        if ((init.method ?? 'GET') !== 'GET') throw new Error(`A server render tried ${init.method} ${apiUrl}`);
        const res = await app.inject({
          method: 'GET',
          url: apiUrl,
          // In the page's language: a refusal the page shows reads as the page does.
          headers: { accept: 'application/json', 'accept-language': language, ...(cookie ? { cookie } : {}) },
          remoteAddress: request.ip,
        });
        const contentType = res.headers['content-type'];
        return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
          status: res.statusCode,
          headers: typeof contentType === 'string' ? { 'content-type': contentType } : {},
        });
      },
    });
    if (page.redirect !== undefined) return { redirect: page.redirect };
    // index.html preloads the carousel's first slide for Home's first paint; no other page shows it.
    const base = new URL(url, 'http://localhost').pathname === '/' ? head : head.replace(HERO_PRELOAD, '');
    // Replaced by functions: a `$&` in a session's title or text is text, not a replacement pattern.
    const languageHead = inLanguage(base, language);
    const titled = page.title ? languageHead.replace(TITLE_ELEMENT, () => `<title>${escapeHtml(page.title!)}</title>`) : languageHead;
    const pageHead = page.head ? titled.replace(DESCRIPTION_ELEMENT, () => page.head!) : titled;
    return {
      html: `${pageHead}<div id="root">${page.html}</div>${page.stateElement}${tail}`,
      status: page.status,
    };
  }

  /** index.html as it is: the browser draws the page (when drawing it here failed, or too many renders are running). */
  /** index.html as it is, in each language (`<html lang>`: the browser loads that catalogue). */
  const shells = new Map<Language, CachedPage>();
  const shellIn = (language: Language): CachedPage => {
    let shell = shells.get(language);
    if (!shell) {
      shell = { page: { html: inLanguage(indexHtml, language), status: 200 }, until: 0, version: 0, encoded: new Map(), shell: true };
      shells.set(language, shell);
    }
    return shell;
  };
  let rendering = 0;

  /**
   * Draws a page within the cap on renders in progress: a render is 10–40 ms of CPU on the one
   * event loop, and a crowd of them delayed every other request (/api/health
   * took 6–10 s). At most `maxConcurrentRenders` run per turn of the loop; beyond them, and when
   * drawing fails, the shell.
   */
  async function draw(renderer: RenderModule, request: FastifyRequest, url: string, cookie: string | undefined, version: number, language: Language): Promise<CachedPage> {
    const shell = shellIn(language);
    if (rendering >= maxConcurrentRenders) {
      request.log.debug({ rendering }, 'server renders at their cap: sending the page for the browser to draw');
      return shell;
    }
    rendering++;
    try {
      // The slot is taken now, the drawing starts in a task of its own: a warm render with
      // in-process data never waits on I/O, so it would run whole and give its slot back before
      // the next request read in this turn of the event loop is looked at; the cap would never
      // bind and a crowd of renders would still run back to back ahead of everything else.
      await yieldToEventLoop();
      const page = await drawPage(renderer, request, url, cookie, language);
      return { page, until: Date.now() + (cache?.ttlMs ?? 0), version, encoded: new Map() };
    } catch (error) {
      request.log.error({ err: error }, 'server render failed: sending the page for the browser to draw');
      return shell;
    } finally {
      rendering--;
    }
  }

  const cached = new Map<string, CachedPage>();
  /** Shared pages being drawn: concurrent misses of one page wait for the same render. */
  const drawing = new Map<string, { version: number; entry: Promise<CachedPage> }>();

  /**
   * The visitor's page. A visitor without a session cookie gets the signed-out page, kept for
   * the path and the query parameters the page reads (the renderer's `sharedPageUrl`): any
   * other parameter or cookie changes nothing on it, so it must not cost a render.
   */
  async function pageFor(request: FastifyRequest): Promise<CachedPage> {
    // The visitor's language: their account's, else the footer's choice, else their browser's.
    const signedIn = sessionCookieValue(request.headers.cookie) !== null;
    const account = signedIn && accountLanguage ? await accountLanguage(request).catch(() => null) : null;
    const language = chooseLanguage({ account, cookieHeader: request.headers.cookie, acceptLanguage: request.headers['accept-language'] });
    let renderer: RenderModule;
    try {
      renderer = await load();
    } catch (error) {
      request.log.error({ err: error }, 'server renderer failed to load: sending the page for the browser to draw');
      return shellIn(language);
    }
    const shared = cache && cache.ttlMs > 0 && !signedIn;
    if (!shared) return draw(renderer, request, request.url, request.headers.cookie, cache?.version() ?? 0, language);

    // Kept per language and time zone too: the page's words and times are the visitor's.
    const url = sharedUrl(renderer, request.url);
    const key = `${language} ${timeZoneFromCookieHeader(request.headers.cookie) ?? ''} ${url}`;
    const version = cache.version();
    const hit = cached.get(key);
    if (hit && hit.until > Date.now() && hit.version === version) return hit;
    const inProgress = drawing.get(key);
    if (inProgress && inProgress.version === version) return inProgress.entry;
    const entry = draw(renderer, request, url, undefined, version, language)
      .then((drawn) => {
        // A page drawn across an invalidation is sent but not kept; nor is the shell.
        if (!drawn.shell && version === cache.version()) {
          cached.delete(key);
          if (cached.size >= MAX_CACHED_PAGES) cached.delete(cached.keys().next().value!);
          cached.set(key, drawn);
        }
        return drawn;
      })
      .finally(() => {
        if (drawing.get(key)?.entry === entry) drawing.delete(key);
      });
    drawing.set(key, { version, entry });
    return entry;
  }

  return {
    async send(request, reply) {
      const entry = await pageFor(request);
      const { page } = entry;
      // The page (or the redirect) depends on who asks: never kept by a shared cache, and a
      // signed-in visitor's page (their notes, bookings…) not even by their own browser.
      const personal = sessionCookieValue(request.headers.cookie) !== null;
      reply.header('Cache-Control', personal ? 'private, no-store' : 'private, no-cache').header('Vary', 'Accept-Encoding, Accept-Language, Cookie');
      // A path of this origin, re-serialised (percent-encoded, so any text makes a valid header):
      // never another site, whatever a guard or a bug upstream produces. The guards judge
      // `?from=` with the same function (web/src/lib/safe-redirect.ts).
      if ('redirect' in page) return reply.redirect(safeRedirectPath(page.redirect, origin), 302);
      reply.status(page.status).type('text/html; charset=utf-8');
      const coding = contentCoding(request);
      let body = entry.encoded.get(coding);
      if (!body) {
        body = await encode(page.html, coding);
        entry.encoded.set(coding, body);
      }
      if (coding !== 'identity') reply.header('Content-Encoding', coding);
      return reply.send(body);
    },
  };
}

/** The renderer's shared form of `url`; the URL itself from a renderer without one (or if it fails). */
function sharedUrl(renderer: RenderModule, url: string): string {
  try {
    return renderer.sharedPageUrl?.(url) ?? url;
  } catch {
    return url;
  }
}

/**
 * `html` (index.html, or its head) with `<html lang dir>` of `language` and the site's description
 * in it (the server catalogue's `page.description`; a shareable page then puts its own instead).
 */
function inLanguage(html: string, language: Language): string {
  const description = `<meta name="description" content="${escapeHtml(translatorFor(language).t('page.description'))}" />`;
  return html.replace(HTML_ELEMENT, () => `<html lang="${language}" dir="${textDirection(language)}">`).replace(DESCRIPTION_ELEMENT, () => description);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function contentCoding(request: FastifyRequest): 'br' | 'gzip' | 'identity' {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

async function encode(html: string, coding: 'br' | 'gzip' | 'identity'): Promise<Buffer> {
  const body = Buffer.from(html, 'utf8');
  // Brotli quality 5: most of its gain at a fraction of its top setting's CPU.
  if (coding === 'br') return brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });
  if (coding === 'gzip') return gzipAsync(body, { level: 6 });
  return body;
}
