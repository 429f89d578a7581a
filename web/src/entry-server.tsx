// First: configures zod before any contract schema is created (as boot.ts does in the browser).
import '#web/lib/zod-without-eval.ts';
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { dehydrate, type DehydratedState, type Query } from '@tanstack/react-query';
import { StrictMode, type ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { ServerRedirectContext } from '#web/app/guards/redirect.tsx';
import { AppProviders } from '#web/app/providers.tsx';
import { createQueryClient } from '#web/app/query-client.ts';
import { type RouteHandle, routes } from '#web/app/router.tsx';
import { SERVER_STATE_ELEMENT_ID } from '#web/app/server-state.ts';
import { timeZoneOrNull } from '#contract/time-zone.ts';
import { CATALOGUES } from '#i18n/catalogues.ts';
import { createTranslator } from '#i18n/translator.ts';
import { DEFAULT_LANGUAGE, type Language } from '#i18n/languages.ts';
import { type ApiTransport, setApiTransport } from '#web/lib/api-client.ts';
import { type PageTimeZone, pageTimeZoneKey } from '#web/lib/dates.ts';
import { shareTags } from '#web/lib/page-meta.ts';
import { ServerTitleContext } from '#web/lib/use-title.ts';

/**
 * The server-side renderer (server/http/server-render.ts loads the build of this file): renders
 * a page's HTML with the data it shows, so that the browser paints it before any JavaScript
 * runs, then hydrates it (main.tsx) with the same data. docs/decisions/013-server-rendering.md.
 */

export interface RenderInput {
  /** Path and query string of the page, e.g. `/all-sessions?q=math`. */
  url: string;
  /** Answers the page's API calls (`/api/…`) in-process, as the visitor (their cookie). */
  api: ApiTransport;
  /** The app's public origin (BASE_URL): redirect targets taken from the URL must stay on it. */
  origin?: string;
  /** Gives up on a render that takes longer (the server then sends the page without HTML). */
  timeoutMs?: number;
  /** The visitor's IANA time zone (their cookie, contract/time-zone.ts); without it times are drawn in UTC, labelled so. */
  timeZone?: string | null;
  /** The page's language (server/i18n: the account's, the footer's cookie, Accept-Language, else English). */
  language?: Language;
}

export type RenderOutput =
  | {
      html: string;
      /**
       * TanStack Query's cache as the page used it, as the data element that goes after the page
       * (`<script type="application/json" id="server-state">`), for main.tsx to hydrate.
       */
      stateElement: string;
      /** 404 for a path no route of the app has (the Not Found page), else 200. */
      status: number;
      /** The document title the page sets (`StudyNest | Home`), when it sets one. */
      title: string | null;
      /** A public page's description, canonical link, Open Graph and Twitter tags for its <head> (lib/page-meta.ts); empty for others. */
      head: string;
      redirect?: undefined;
    }
  /** A guard sends the visitor elsewhere (signed out on a signed-in page, a role's page…). */
  | { redirect: string };

// Each render's API calls go through that render's transport: several renders may be in
// flight at once, each with its own visitor's cookie.
const currentApi = new AsyncLocalStorage<ApiTransport>();
setApiTransport((url, init) => {
  const api = currentApi.getStore();
  if (!api) return Promise.reject(new Error('An API call outside a server render'));
  return api(url, init);
});

const handler = createStaticHandler(routes);

/**
 * The URL a signed-out visitor's page is drawn from and kept under (server/http/server-render.ts):
 * the path, and of the query only the parameters the matched routes' pages read (their
 * `handle.searchParams`, app/router.tsx), first value each, in a fixed order. Any other parameter
 * (`?v=<random>`, `utm_source`) changes nothing on the page, so it makes no new render.
 */
export function sharedPageUrl(url: string): string {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const read = new Set((matchRoutes(routes, pathname) ?? []).flatMap((match) => (match.route.handle as RouteHandle | undefined)?.searchParams ?? []));
  const kept = new URLSearchParams();
  for (const name of [...read].sort()) {
    const value = searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  const search = kept.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** The methods the page at a path takes, or null where no page is (server/http/static-web.ts: 405, OPTIONS). */
export { pageMethods } from '#web/app/page-methods.ts';
/** A page needing more rounds of data than this is rendered with what it has (spinners for the rest). */
const MAX_DATA_ROUNDS = 4;

export async function render({ url, api, origin = 'http://localhost', timeoutMs = 3000, timeZone = null, language = DEFAULT_LANGUAGE }: RenderInput): Promise<RenderOutput> {
  return currentApi.run(api, async () => {
    const context = await handler.query(new Request(new URL(url, origin)));
    if (context instanceof Response) throw new Error(`Unexpected ${context.status} response for ${url}`);
    const router = createStaticRouter(handler.dataRoutes, context);

    const queryClient = createQueryClient();
    // No retries and no garbage-collection timers: this cache lives for one render.
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false, gcTime: Infinity } });
    // Times are drawn in this zone, and the browser hydrates with the same (lib/dates.ts).
    const zone = timeZoneOrNull(timeZone);
    queryClient.setQueryData<PageTimeZone>(pageTimeZoneKey, zone ? { zone, yours: true } : { zone: 'UTC', yours: false });
    // The page's words in its language; the browser loads the same catalogue before it hydrates (lib/i18n.ts).
    const translator = createTranslator(language, CATALOGUES[language]);
    const redirect = { to: null as string | null, origin };
    const title = { title: null as string | null, description: null as string | null };
    const app = (
      <StrictMode>
        <ServerRedirectContext value={redirect}>
          <ServerTitleContext value={title}>
            <AppProviders queryClient={queryClient} translator={translator}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </AppProviders>
          </ServerTitleContext>
        </ServerRedirectContext>
      </StrictMode>
    );

    try {
      const deadline = Date.now() + timeoutMs;
      // Rendering creates the queries the page shows (without fetching them); fetch those, and
      // render again: data may reveal more of the page (a session's reviews, the tutors below
      // the sessions). Stops when a render asks for nothing new.
      const asked = new Set<string>();
      for (let round = 0; round < MAX_DATA_ROUNDS; round++) {
        await renderToHtml(app, deadline - Date.now());
        if (redirect.to) return { redirect: redirect.to };
        const wanted = queryClient.getQueryCache().getAll().filter((query) => !asked.has(query.queryHash) && query.state.status === 'pending' && isEnabled(query));
        if (wanted.length === 0) break;
        for (const query of wanted) asked.add(query.queryHash);
        await Promise.all(wanted.map((query) => query.fetch().catch(() => undefined)));
      }
      // A query that failed (or was never fetched) is left out, so that the server draws its
      // loading state exactly as the browser will before fetching it again.
      queryClient.removeQueries({ predicate: (query) => query.state.status !== 'success' });
      const html = await renderToHtml(app, deadline - Date.now());
      if (redirect.to) return { redirect: redirect.to };
      const unknownPath = context.matches.at(-1)?.route.path === '*';
      // A page worth sharing says so with a description: its own (useTitle) or its route's.
      const description = unknownPath ? null : (title.description ?? context.matches.map((m) => (m.route.handle as RouteHandle | undefined)?.description?.(translator.t)).findLast(Boolean) ?? null);
      const head = description ? shareTags({ title: title.title ?? 'StudyNest', description, canonicalUrl: new URL(sharedPageUrl(url), origin).href, origin }) : '';
      return { html, stateElement: stateElement(dehydrate(queryClient)), status: unknownPath ? 404 : 200, title: title.title, head };
    } finally {
      queryClient.clear();
    }
  });
}

/** The data in a <script> element the browser does not run (the CSP allows no inline script): `<` escaped so that no text in it can end the element. */
function stateElement(state: DehydratedState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${json}</script>`;
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
