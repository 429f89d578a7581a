// First: configures zod before any contract schema is created (as boot.ts does in the browser).
import '#web/lib/zod-without-eval.ts';
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import type { PageApiTransport, RenderInput, RenderModule, RenderOutput } from '#contract/page-render.ts';
import { AppProviders } from '#web/app/providers.tsx';
import { formPaths, pageMethods } from '#web/app/page-methods.ts';
import { createQueryClient } from '#web/app/query-client.ts';
import { type RouteHandle, routes } from '#web/app/router.tsx';
import { serverStateElement } from '#web/app/server-state.ts';
import { timeZoneOrNull } from '#contract/time-zone.ts';
import { CATALOGUES } from '#i18n/catalogues.ts';
import { createTranslator } from '#i18n/translator.ts';
import { DEFAULT_LANGUAGE, languageOrNull } from '#i18n/languages.ts';
import { setApiTransport } from '#web/lib/api-client.ts';
import { type PageTimeZone, pageTimeZoneKey } from '#web/lib/dates.ts';
import { doneMessageKey, doneMessageOrNull, setPageQueryClient } from '#web/lib/page-data.ts';
import { shareTags } from '#web/lib/page-meta.ts';
import { ServerTitleContext } from '#web/lib/use-title.ts';

/**
 * The server-side renderer (server/http/server-render.ts loads the build of this file and calls
 * it through contract/page-render.ts): runs the page's route loaders (and, for a form sent to
 * the page, its action) with React Router's static handler, then draws the page once with the
 * data they put in TanStack Query's cache; the browser hydrates it (main.tsx) with the same data.
 * docs/decisions/013-server-rendering.md, 041-pages-loaders-actions.md.
 */

// Each request's API calls and query cache: several renders may be in flight at once, each with
// its own visitor's cookie.
const scope = new AsyncLocalStorage<{ api: PageApiTransport; queryClient: QueryClient }>();
setApiTransport((url, init) => {
  const current = scope.getStore();
  if (!current) return Promise.reject(new Error('An API call outside a server render'));
  return current.api(url, init);
});
setPageQueryClient(() => {
  const current = scope.getStore();
  if (!current) throw new Error('A loader outside a server render');
  return current.queryClient;
});

const handler = createStaticHandler(routes);

/**
 * The URL a signed-out visitor's page is drawn from and kept under (server/http/server-render.ts):
 * the path, and of the query only the parameters the matched routes' pages read (their
 * `handle.searchParams`, app/router.tsx), first value each, in a fixed order. Any other parameter
 * (`?v=<random>`, `utm_source`) changes nothing on the page, so it makes no new render.
 */
export function sharedPageUrl(url: string): string {
  const { pathname, searchParams } = pageUrl(url, 'http://localhost');
  const kept = new URLSearchParams();
  for (const name of paramsReadAt(pathname)) {
    const value = searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  const search = kept.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/**
 * The query parameters the pages matched at `pathname` read, sorted; remembered per path (at most
 * READ_PARAMS_KEPT), since matchRoutes flattens and ranks the whole route tree on every call and
 * this runs for every signed-out page request, cache hits included. The routes never change.
 */
function paramsReadAt(pathname: string): string[] {
  let read = paramsRead.get(pathname);
  if (!read) {
    read = [...new Set((matchRoutes(routes, pathname) ?? []).flatMap((match) => (match.route.handle as RouteHandle | undefined)?.searchParams ?? []))].sort();
    if (paramsRead.size >= READ_PARAMS_KEPT) paramsRead.delete(paramsRead.keys().next().value!);
    paramsRead.set(pathname, read);
  }
  return read;
}
const READ_PARAMS_KEPT = 1000;
const paramsRead = new Map<string, string[]>();

/**
 * The page's URL on `origin`: the request's path and query as sent, appended to the origin rather
 * than resolved against it, so that a path such as `//elsewhere.example/login` stays a path of
 * this site (no page: the 404) instead of naming another host whose `/login` the loaders read.
 */
function pageUrl(url: string, origin: string): URL {
  return new URL(`${new URL(origin).origin}${url.startsWith('/') ? url : `/${url}`}`);
}

/**
 * A form posted to a page drawn by an index route (`/dashboard`) is that page's: React Router's
 * <Form> says so with `?index`, and a plain POST to the page's address (what `Allow` offers) is
 * read the same, instead of reaching the parent layout, which takes no form.
 */
function toIndexRoute(url: URL): void {
  const leaf = matchRoutes(routes, url.pathname)?.at(-1);
  if (leaf?.route.index && !url.searchParams.getAll('index').includes('')) url.searchParams.append('index', '');
}

export async function render({ url, method = 'GET', body, contentType = 'application/x-www-form-urlencoded', api, origin = 'http://localhost', timeoutMs = 3000, timeZone = null, language: code, done = null }: RenderInput): Promise<RenderOutput> {
  const queryClient = createQueryClient();
  // No retries and no garbage-collection timers: this cache lives for one request.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false, gcTime: Infinity } });
  return scope.run({ api, queryClient }, async () => {
    try {
      // A form's body as the browser sent it: its action reads it with request.formData() (a multipart form's file as a File).
      const init: RequestInit = method === 'POST' ? { method, body: typeof body === 'string' || body === undefined ? (body ?? '') : new Uint8Array(body), headers: { 'content-type': contentType } } : {};
      // Loaders (and a POST's action) fill the query cache, throw 404s or send elsewhere.
      const requestUrl = pageUrl(url, origin);
      if (method === 'POST') toIndexRoute(requestUrl);
      // Times are drawn in this zone, and the browser hydrates with the same (lib/dates.ts); set
      // first, so that loaders and actions read the dates a form typed in it (lib/dates.ts pageZone).
      const zone = timeZoneOrNull(timeZone);
      queryClient.setQueryData<PageTimeZone>(pageTimeZoneKey, zone ? { zone, yours: true } : { zone: 'UTC', yours: false });
      const context = await handler.query(new Request(requestUrl, init));
      if (context instanceof Response) {
        const location = context.headers.get('Location');
        if (context.status >= 300 && context.status < 400 && location) {
          return { redirect: location, status: context.status, leavesSite: context.headers.has('X-Remix-Reload-Document'), setCookies: context.headers.getSetCookie() };
        }
        throw new Error(`Unexpected ${context.status} response for ${url}`);
      }
      const router = createStaticRouter(handler.dataRoutes, context);
      const language = languageOrNull(code) ?? DEFAULT_LANGUAGE;
      const doneMessage = doneMessageOrNull(done);
      if (doneMessage) queryClient.setQueryData(doneMessageKey, doneMessage);
      // The page's words in its language; the browser loads the same catalogue before it hydrates (lib/i18n.ts).
      const translator = createTranslator(language, CATALOGUES[language]);
      const title = { title: null as string | null, description: null as string | null };
      const app = (
        <StrictMode>
          <ServerTitleContext value={title}>
            <AppProviders queryClient={queryClient} translator={translator}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </AppProviders>
          </ServerTitleContext>
        </StrictMode>
      );
      // A query a loader prefetched and could not read is drawn loading, as the browser draws it
      // before fetching it again (an error drawn here would not match the browser's first render).
      queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
      const html = await renderToHtml(app, timeoutMs);
      // A route module's loader must read all its page shows: what it missed is drawn loading.
      const missed = queryClient.getQueryCache().getAll().filter((query) => query.state.status === 'pending' && isEnabled(query));
      if (missed.length > 0) console.warn(`${url}: drawn without ${missed.map((query) => query.queryHash).join(', ')}, which its route's loader did not read`);
      const status = context.statusCode;
      // A page worth sharing says so with a description: its own (useTitle) or its route's.
      const description = status !== 200 ? null : (title.description ?? context.matches.map((m) => (m.route.handle as RouteHandle | undefined)?.description?.(translator.t)).findLast(Boolean) ?? null);
      const head = description ? shareTags({ title: title.title ?? 'StudyNest', description, canonicalUrl: new URL(sharedPageUrl(url), origin).href, origin, language, imageAlt: translator.t('routes.shareImageAlt') }) : '';
      const stateElement = serverStateElement({
        queries: dehydrate(queryClient),
        router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
      });
      return { html, stateElement, status, title: title.title, head };
    } finally {
      queryClient.clear();
    }
  });
}

function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: unknown }).enabled;
  if (typeof enabled === 'function') return Boolean(enabled(query));
  return enabled !== false;
}

/** The whole page once every lazily loaded part is in (React's streaming renderer, collected). */
function renderToHtml(app: ReactElement, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let failure: unknown;
    const timer = setTimeout(() => abort(new Error('Server render timed out')), Math.max(timeoutMs, 1));
    const { pipe, abort } = renderToPipeableStream(app, {
      // Never split a large part of the page out to be revealed by an inline script (React does
      // above this size): the CSP allows no inline script, and the page is sent whole anyway.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error) {
        failure ??= error;
      },
      onAllReady() {
        clearTimeout(timer);
        if (failure) {
          reject(failure);
          return;
        }
        const chunks: Buffer[] = [];
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              resolve(Buffer.concat(chunks).toString('utf8'));
              done();
            },
          }),
        );
      },
    });
  });
}

// The module's shape, checked against the one interface the server calls.
export { formPaths, pageMethods };
void ({ render, sharedPageUrl, formPaths } satisfies RenderModule);
