// Server-side rendering of the web app's pages: the page's HTML and the data it was drawn with,
// so that a visitor sees it before the JavaScript has arrived (issue 9: LCP on a slow phone).
// The renderer is the production build of web/src/entry-server.tsx (dist/ssr), loaded on the
// first page request. Its API calls go through app.inject with the visitor's own cookie, so
// they pass every check a browser's call would. docs/decisions/013-server-rendering.md.
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

interface RenderModule {
  render(input: {
    url: string;
    api: (url: string, init: RequestInit) => Promise<Response>;
  }): Promise<{ html: string; stateElement: string; status: number; title: string | null; redirect?: undefined } | { redirect: string }>;
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
}

const MAX_CACHED_PAGES = 500;

export interface PageRenderer {
  /** Sends `request`'s page drawn by the server, or the bare index.html when drawing it fails. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

const ROOT_ELEMENT = '<div id="root"></div>';
const TITLE_ELEMENT = /<title>[^<]*<\/title>/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function createPageRenderer(app: FastifyInstance, entryFile: string, indexHtml: string, cache?: PageCacheOptions): PageRenderer {
  const at = indexHtml.indexOf(ROOT_ELEMENT);
  if (at < 0) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
  const head = indexHtml.slice(0, at);
  const tail = indexHtml.slice(at + ROOT_ELEMENT.length);
  let loading: Promise<RenderModule> | undefined;
  const load = () => (loading ??= import(pathToFileURL(entryFile).href) as Promise<RenderModule>);

  /** The page's HTML, or where its guard sends this visitor. */
  async function drawPage(request: FastifyRequest): Promise<DrawnPage> {
    const renderer = await load();
    const page = await renderer.render({
      url: request.url,
      api: async (url, init) => {
        // Drawing a page reads; it never changes anything on the visitor's behalf.
        if ((init.method ?? 'GET') !== 'GET') throw new Error(`A server render tried ${init.method} ${url}`);
        const res = await app.inject({
          method: 'GET',
          url,
          headers: { accept: 'application/json', ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}) },
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
    const pageHead = page.title ? head.replace(TITLE_ELEMENT, `<title>${escapeHtml(page.title)}</title>`) : head;
    return {
      html: `${pageHead}<div id="root">${page.html}</div>${page.stateElement}${tail}`,
      status: page.status,
    };
  }

  const cached = new Map<string, CachedPage>();

  /** The visitor's page: from the cache for a signed-out visitor when there is a fresh copy. */
  async function pageFor(request: FastifyRequest): Promise<CachedPage> {
    const shared = cache && cache.ttlMs > 0 && request.headers.cookie === undefined;
    if (shared) {
      const hit = cached.get(request.url);
      if (hit && hit.until > Date.now() && hit.version === cache.version()) return hit;
    }
    const version = cache?.version() ?? 0;
    let page: DrawnPage;
    try {
      page = await drawPage(request);
    } catch (error) {
      request.log.error({ err: error }, 'server render failed: sending the page for the browser to draw');
      return { page: { html: indexHtml, status: 200 }, until: 0, version, encoded: new Map() };
    }
    const entry: CachedPage = { page, until: Date.now() + (cache?.ttlMs ?? 0), version, encoded: new Map() };
    // A page drawn across an invalidation is sent but not kept.
    if (shared && version === cache.version()) {
      cached.delete(request.url);
      if (cached.size >= MAX_CACHED_PAGES) cached.delete(cached.keys().next().value!);
      cached.set(request.url, entry);
    }
    return entry;
  }

  return {
    async send(request, reply) {
      const entry = await pageFor(request);
      const { page } = entry;
      // The page (or the redirect) depends on who asks: never kept by a shared cache.
      reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Encoding, Cookie');
      // A path of this app (the guards only send to those, web/src/lib/login-path.ts): never
      // another site, whatever a bug upstream might produce.
      if ('redirect' in page) return reply.redirect(/^\/(?![/\\])/.test(page.redirect) ? page.redirect : '/', 302);
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
