import { type ComponentType, isValidElement, lazy, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

/**
 * A page component loaded on first render, in its own chunk, so that `/` downloads only what the
 * home page needs (tests/api/web-budgets.test.ts). Use it for every page but the home page:
 *   const NotesPage = lazyPage(() => import('#web/features/notes/pages/notes-page.tsx'), 'NotesPage');
 * Route entries keep their usual shape (`element: <NotesPage />`, guards around it); the layouts
 * hold the Suspense boundary, and a router navigation keeps the old page on screen until the
 * new one is loaded.
 */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  let loaded: M | undefined;
  const preload = () => load().then((module) => (loaded = module));
  // Once loaded (preloadPages), React reads the page at once instead of suspending: a thenable
  // that calls back synchronously resolves a lazy component in the same render.
  const Page = lazy(() =>
    loaded
      ? ({ then: (resolve: (value: { default: M[K] }) => void) => resolve({ default: loaded![name] }) } as unknown as Promise<{ default: M[K] }>)
      : preload().then((module) => ({ default: module[name] })),
  );
  preloaders.set(Page, preload);
  return Page;
}

const preloaders = new WeakMap<object, () => Promise<unknown>>();

/**
 * Loads the lazy pages and layouts that `pathname` shows, and the route modules of its routes
 * (their `lazy` parts, router.tsx `page`), so that a page drawn by the server is hydrated whole in
 * one pass (main.tsx) instead of part by part as chunks arrive, by a router that has every
 * loader and component of the page already (React Router then runs no loader to hydrate it).
 * Call it before creating the router: it completes the route objects in place.
 */
export async function preloadPages(routes: RouteObject[], pathname: string): Promise<void> {
  const loads: Array<Promise<unknown>> = [];
  const visit = (node: ReactNode) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isValidElement(node)) return;
    const preload = preloaders.get(node.type as object);
    if (preload) loads.push(preload());
    visit((node.props as { children?: ReactNode }).children);
  };
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    visit(route.element);
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
