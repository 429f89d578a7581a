// The web app's pages as paths, for the tests that visit every page (privacy, HTTP semantics).
import type { RouteObject } from 'react-router';
import { routes } from '#web/app/router.tsx';

/** Every path of the web app's router (index routes and leaves, no `*`), parameters as written (`:id`). */
export function pagePathsOfRouter(): string[] {
  const out = new Set<string>();
  const walk = (list: RouteObject[], prefix: string) => {
    for (const route of list) {
      const here = route.path ? `${prefix.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}` : prefix;
      if ((route.index || (route.path && !route.children)) && !here.includes('*')) out.add(here || '/');
      if (route.children) walk(route.children, here);
    }
  };
  walk(routes, '');
  return [...out];
}
