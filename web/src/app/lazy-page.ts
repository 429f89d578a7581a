import { type ComponentType, lazy } from 'react';

/**
 * A page component loaded on first render, in its own chunk, so that `/` downloads only what the
 * home page needs (issue 9 budgets). Use it for every page but the home page:
 *   const NotesPage = lazyPage(() => import('#web/features/notes/pages/notes-page.tsx'), 'NotesPage');
 * Route entries keep their usual shape (`element: <NotesPage />`, guards around it); the layouts
 * hold the Suspense boundary, and a router navigation keeps the old page on screen until the
 * new one is loaded.
 */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
