import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { type HydrationState, isRouteErrorResponse, UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from 'react-router';

/**
 * The data a server-drawn page was drawn with (docs/decisions/013-server-rendering.md, 041): the
 * query cache its loaders filled and the router's own state (loader and action data, a loader's
 * 404), written by web/src/entry-server.tsx as JSON after the page, read by main.tsx so that
 * the browser's first render is the server's and no loader runs again for it. Queries stay fresh
 * for the query client's staleTime (app/query-client.ts), so none is fetched again as it mounts.
 */
export interface ServerState {
  queries: DehydratedState;
  router: { loaderData: Record<string, unknown>; actionData: Record<string, unknown> | null; errors: Record<string, unknown> | null };
}

const SERVER_STATE_ELEMENT_ID = 'server-state';

/** A <script> element the browser does not run (the CSP allows no inline script): `<` escaped so that no text in it can end the element. */
export function serverStateElement(state: ServerState): string {
  const errors = state.router.errors && Object.fromEntries(Object.entries(state.router.errors).map(([id, error]) => [id, serializedError(error)]));
  const json = JSON.stringify({ ...state, router: { ...state.router, errors } })
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${json}</script>`;
}

/** Fills `queryClient` with the page's data; the router's part, for createBrowserRouter's hydrationData (undefined: the browser loads the page itself). */
export function hydrateServerState(queryClient: QueryClient): HydrationState | undefined {
  const element = document.getElementById(SERVER_STATE_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  let state: ServerState;
  try {
    state = JSON.parse(element.textContent) as ServerState;
  } catch {
    return undefined; // the page then loads its data like a page drawn in the browser
  }
  hydrate(queryClient, state.queries);
  const errors = state.router.errors && Object.fromEntries(Object.entries(state.router.errors).map(([id, error]) => [id, revivedError(error)]));
  return { loaderData: state.router.loaderData, actionData: state.router.actionData, errors };
}

type SerializedError = { type: 'response'; status: number; statusText: string; data: unknown } | { type: 'error'; message: string };

function serializedError(error: unknown): SerializedError {
  if (isRouteErrorResponse(error)) return { type: 'response', status: error.status, statusText: error.statusText, data: error.data as unknown };
  return { type: 'error', message: error instanceof Error ? error.message : String(error) };
}

function revivedError(error: unknown): unknown {
  const e = error as SerializedError;
  return e.type === 'response' ? new ErrorResponseImpl(e.status, e.statusText, e.data) : new Error(e.message);
}
