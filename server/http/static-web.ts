// Serves the built web app: hashed assets cached for a year, and for every other non-API path
// the app's page (drawn by the server when the renderer is built, else index.html) so that deep
// links and reloads work. Pages are routes like any other: compressed by @fastify/compress as
// the client's Accept-Encoding asks (q-values included), HEAD answered as GET, and a method a
// page does not take answered 405 with the methods it does take in `Allow` (OPTIONS: 204).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import fastifyStatic from '@fastify/static';
import { notFound } from '#server/errors.ts';
import { requestLanguage, translatorFor } from '#server/i18n/translate.ts';
import { allowedMethods, answerOtherMethod, PAGE_COMPRESSION } from '#server/http/http-semantics.ts';
import { createPageRenderer, type PageCacheOptions, type PageRendererOptions } from '#server/http/server-render.ts';

export interface StaticWebOptions {
  /** The built server-side renderer (dist/ssr/entry-server.js); pages are drawn in the browser without it. */
  serverRenderEntry?: string;
  /** Keeps signed-out visitors' pages for a while (server/http/server-render.ts). */
  pageCache?: PageCacheOptions;
  /** The app's public origin (BASE_URL): the pages' redirects never leave it. */
  origin?: string;
  /** Server renders running at once; beyond them the page goes out as index.html for the browser to draw (server/http/server-render.ts). */
  maxConcurrentRenders?: number;
  /** A signed-in visitor's saved language, or null. */
  accountLanguage?: PageRendererOptions['accountLanguage'];
}

export async function installStaticWeb(app: FastifyInstance, webDir: string, options: StaticWebOptions = {}): Promise<void> {
  const indexFile = path.join(webDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz next to each text asset (web/vite.config.ts).
      preCompressed: true,
      // Else @fastify/send's "public, max-age=0" replaces the Cache-Control set below.
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const indexHtml = hasWeb ? fs.readFileSync(indexFile) : null;
  const rendererBuilt = indexHtml !== null && options.serverRenderEntry !== undefined && fs.existsSync(options.serverRenderEntry);
  const renderer = rendererBuilt
    ? createPageRenderer(app, options.serverRenderEntry!, indexHtml.toString('utf8'), {
        cache: options.pageCache,
        origin: options.origin,
        maxConcurrentRenders: options.maxConcurrentRenders,
        accountLanguage: options.accountLanguage,
      })
    : null;
  // The pages' forms: a POST to a page whose route has an action (server/http/server-render.ts).
  if (renderer) await renderer.installForms(app);
  // The same module the renderer loads (one instance): its pageMethods reads the app's routes.
  let pageRoutes: Promise<PageRoutesModule> | undefined;
  const loadPageRoutes = () => (pageRoutes ??= import(pathToFileURL(options.serverRenderEntry!).href) as Promise<PageRoutesModule>);

  /**
   * The one place that says which methods a page takes: those of the web app's route it matches
   * (GET and HEAD; POST where the route has an action), and those of any other route registered
   * at the path (the language switch's form, server/i18n/language-switch.ts). Null: no page is there (404).
   * Without the built renderer every path is taken to be a page.
   */
  async function methodsOfPage(url: string): Promise<string[] | null> {
    const pathname = url.split('?')[0] ?? '';
    let ofRoute: readonly string[] | null = ['GET', 'HEAD'];
    if (rendererBuilt) {
      const { pageMethods } = await loadPageRoutes().catch(() => ({}) as PageRoutesModule);
      if (pageMethods) ofRoute = pageMethods(pathname);
    }
    const routed = allowedMethods(app, pathname);
    if (!ofRoute) return routed;
    return [...new Set([...ofRoute, ...routed])];
  }

  async function servePage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const url = request.url.split('?')[0] ?? '';
    if (/\.[a-z0-9]+$/i.test(url) && !url.endsWith('.html')) {
      return reply.status(404).type('text/plain; charset=utf-8').send(translatorFor(requestLanguage(request)).t('errors.http.notFound'));
    }
    if (!indexHtml) return reply.status(404).type('text/plain').send('The web app is not built: run npm run build.');
    // HEAD answers what GET would, status and headers included (Node leaves out the body).
    if (renderer) return renderer.send(request, reply);
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
  }

  // Every path outside the API and the files is a page: GET, and HEAD answered as GET. HEAD is
  // a method of the route, not Fastify's generated HEAD route: that one is made before
  // @fastify/compress hooks in, and so would leave out the Content-Encoding that GET says.
  if (hasWeb) {
    const compressed = keptCompression();
    await app.register(async (pages) => {
      // After @fastify/compress's own onSend (added by its onRoute hook, which runs first).
      pages.addHook('onRoute', (route) => {
        route.onSend = [...[route.onSend ?? []].flat(), compressed.keep];
      });
      // Constrained to paths outside the API: an API path is never a page, so a method no API
      // route takes there goes to the not-found handler (405 with Allow, or 404), and a lookup
      // without constraints (http-semantics' allowedMethods) never finds this route.
      app.addConstraintStrategy(PAGE_PATH);
      pages.route({ method: ['GET', 'HEAD'], url: '/*', constraints: { [PAGE_PATH.name]: true }, exposeHeadRoute: false, compress: PAGE_COMPRESSION, onSend: compressed.reuse, handler: servePage });
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    // GET of a page path the router did not hand to the pages' route, and no web app built.
    if (!isApiPath(url) && (request.method === 'GET' || request.method === 'HEAD')) return servePage(request, reply);
    const allowed = isApiPath(url) || !hasWeb ? allowedMethods(app, url) : await methodsOfPage(url);
    // Thrown: the error handler says it in the caller's language.
    const answer = answerOtherMethod(request, reply, allowed ?? []);
    if (answer === null) throw notFound();
    if (answer instanceof Error) throw answer;
    return answer;
  });
}

/** Pages whose compressed forms are kept: the signed-out pages of the last few seconds. */
const MAX_KEPT_PAGES = 100;
/** Accept-Encoding values kept per page: browsers send a handful. */
const MAX_CODINGS_PER_PAGE = 8;

/**
 * Keeps what @fastify/compress made of a page that is sent again as it is: a signed-out
 * visitor's page is drawn once and sent, the same string, to every visitor for a while
 * (server/http/server-render.ts); compressing it again for each cost more CPU than the rest of
 * the answer (Brotli of a 30 KB page, about 1 ms; bench figures in the commit). `keep` runs
 * after the plugin and remembers its output for the page and the request's Accept-Encoding
 * (the plugin negotiates, q-values included); `reuse`, before it, sends that output with its
 * Content-Encoding, which the plugin passes through. A page no cache may keep (no-store: a
 * signed-in visitor's) is not looked for nor kept. The page string is the key: V8 keeps a string's hash, so
 * finding the same string again is cheap.
 */
function keptCompression() {
  const kept = new Map<string, Map<string, { coding: string; body: Buffer }>>();
  const sent = new WeakMap<FastifyRequest, string>();
  const acceptEncoding = (request: FastifyRequest) => String(request.headers['accept-encoding'] ?? '');
  const keepable = (reply: FastifyReply) => !String(reply.getHeader('cache-control')).includes('no-store');
  const reuse: onSendHookHandler = (request, reply, payload, done) => {
    if (typeof payload !== 'string' || !keepable(reply)) return done(null, payload);
    const hit = kept.get(payload)?.get(acceptEncoding(request));
    if (!hit) {
      sent.set(request, payload);
      return done(null, payload);
    }
    reply.header('content-encoding', hit.coding);
    done(null, hit.body);
  };
  const keep: onSendHookHandler = (request, reply, payload, done) => {
    const page = sent.get(request);
    const coding = reply.getHeader('content-encoding');
    if (page !== undefined && typeof coding === 'string' && Buffer.isBuffer(payload)) {
      let forms = kept.get(page);
      if (!forms) {
        if (kept.size >= MAX_KEPT_PAGES) kept.delete(kept.keys().next().value!);
        forms = new Map();
        kept.set(page, forms);
      }
      if (forms.size < MAX_CODINGS_PER_PAGE) forms.set(acceptEncoding(request), { coding, body: payload });
    }
    done(null, payload);
  };
  return { reuse, keep };
}

interface PageRoutesModule {
  /** web/src/app/page-methods.ts, exported by the renderer's entry. */
  pageMethods?(pathname: string): readonly string[] | null;
}

const isApiPath = (url: string) => url.startsWith('/api/') || url === '/api';

/** The router's constraint that keeps the pages' route to paths outside the API. */
const PAGE_PATH: Parameters<FastifyInstance['addConstraintStrategy']>[0] = {
  name: 'pagePath',
  storage() {
    type Storage = ReturnType<Parameters<FastifyInstance['addConstraintStrategy']>[0]['storage']>;
    const stores = new Map<unknown, Parameters<Storage['set']>[1]>();
    return { get: (value) => stores.get(value) ?? null, set: (value, store) => void stores.set(value, store) } satisfies Storage;
  },
  deriveConstraint: (request) => !isApiPath(request.url?.split('?')[0] ?? ''),
  mustMatchWhenDerived: false,
};
