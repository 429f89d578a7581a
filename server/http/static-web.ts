// Serves the built web app: hashed assets cached for a year, and for every other non-API path
// the app's page (drawn by the server when the renderer is built, else index.html) so that deep
// links and reloads work.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { notFound } from '#server/errors.ts';
import { requestLanguage, translatorFor } from '#server/i18n/translate.ts';
import { methodNotAllowed } from '#server/http/http-semantics.ts';
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
  const renderer =
    indexHtml && options.serverRenderEntry && fs.existsSync(options.serverRenderEntry)
      ? createPageRenderer(app, options.serverRenderEntry, indexHtml.toString('utf8'), {
          cache: options.pageCache,
          origin: options.origin,
          maxConcurrentRenders: options.maxConcurrentRenders,
          accountLanguage: options.accountLanguage,
        })
      : null;

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api' || !['GET', 'HEAD'].includes(request.method)) {
      // A path that exists under other methods: 405 with Allow (server/http/http-semantics.ts).
      // Thrown: the error handler says it in the caller's language.
      throw methodNotAllowed(app, request, reply) ?? notFound();
    }
    if (/\.[a-z0-9]+$/i.test(url) && !url.endsWith('.html')) {
      return reply.status(404).type('text/plain; charset=utf-8').send(translatorFor(requestLanguage(request)).t('errors.http.notFound'));
    }
    if (!indexHtml) return reply.status(404).type('text/plain').send('The web app is not built: run npm run build.');
    // HEAD answers what GET would, status and headers included (Node leaves out the body).
    if (renderer) return renderer.send(request, reply);
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
  });
}
