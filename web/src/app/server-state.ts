import { type DehydratedState, hydrate, type Query, type QueryClient } from '@tanstack/react-query';

/**
 * The data a server-rendered page was drawn with (web/src/entry-server.tsx writes it into the
 * page as JSON; docs/decisions/013-server-rendering.md). Hydrated into the query cache so that
 * the browser's first render matches the server's HTML, and not fetched again by the components
 * that mount with it: the server read it a moment ago, and fetching it again would only cost the
 * visitor (a 401 from /api/me when signed out shows as an error in the console).
 */
const FRESH_FOR_MS = 10_000;
const fromServer = new Map<string, { dataUpdatedAt: number; hydratedAt: number }>();

export const SERVER_STATE_ELEMENT_ID = 'server-state';

export function hydrateServerState(queryClient: QueryClient): void {
  const element = document.getElementById(SERVER_STATE_ELEMENT_ID);
  if (!element?.textContent) return;
  let state: DehydratedState;
  try {
    state = JSON.parse(element.textContent) as DehydratedState;
  } catch {
    return; // the page then loads its data like a page rendered in the browser
  }
  hydrate(queryClient, state);
  const now = Date.now();
  for (const query of state.queries) fromServer.set(query.queryHash, { dataUpdatedAt: query.state.dataUpdatedAt, hydratedAt: now });
}

/** TanStack Query's refetchOnMount: false for data that came with the page and is unchanged since. */
export function refetchOnMount(query: Query): boolean {
  const served = fromServer.get(query.queryHash);
  if (!served) return true;
  const untouched = served.dataUpdatedAt === query.state.dataUpdatedAt && !query.state.isInvalidated;
  if (untouched && Date.now() - served.hydratedAt < FRESH_FOR_MS) return false;
  fromServer.delete(query.queryHash);
  return true;
}
