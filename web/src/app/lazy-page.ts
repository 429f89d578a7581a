import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the route modules of the routes `pathname` matches (their `lazy` parts, router.tsx
 * `page`), so that a page drawn by the server is hydrated whole in one pass (main.tsx) instead of
 * part by part as chunks arrive, by a router that has every loader and component of the page
 * already (React Router then runs no loader to hydrate it). Call it before creating the router:
 * it completes the route objects in place.
 */
export async function preloadPages(routes: RouteObject[], pathname: string): Promise<void> {
  const loads: Array<Promise<unknown>> = [];
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    if (route.lazy && typeof route.lazy === 'object') loads.push(resolveLazy(route));
  }
  await Promise.all(loads);
}

async function resolveLazy(route: RouteObject): Promise<void> {
  const parts = Object.entries(route.lazy as Record<string, () => Promise<unknown>>);
  const loaded = await Promise.all(parts.map(async ([key, load]) => [key, await load()] as const));
  Object.assign(route, Object.fromEntries(loaded));
  delete route.lazy;
}
