// The methods each page takes, from the route it matches: the server answers a method a page
// does not take with 405 and this list in `Allow`, and OPTIONS with it (server/http/static-web.ts).
// A path that matches no page (the not-found route) is no resource at all: 404 under any method.
import { matchRoutes, type RouteObject } from 'react-router';
import { routes } from '#web/app/router.tsx';

export type PageMethod = 'GET' | 'HEAD' | 'POST';

/** Whether a route takes a form's POST: an action of its own, or one declared in its `lazy` route module (router.tsx `page`). */
export function hasAction(route: RouteObject): boolean {
  return Boolean(route.action) || (typeof route.lazy === 'object' && route.lazy !== null && 'action' in route.lazy);
}

/** GET and HEAD for every page, POST for a page whose route has an action; null: no page here. */
export function pageMethods(pathname: string): PageMethod[] | null {
  const leaf = matchRoutes(routes, pathname)?.at(-1);
  if (!leaf || leaf.route.path === '*') return null;
  return hasAction(leaf.route) ? ['GET', 'HEAD', 'POST'] : ['GET', 'HEAD'];
}

/** The paths (Fastify's `:param` syntax, as React Router's) whose route has an action: the server takes a form's POST there. */
export function formPaths(): string[] {
  const paths: string[] = [];
  const visit = (list: RouteObject[], parent: string) => {
    for (const route of list) {
      const path = route.path ? (route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`) : parent;
      if (hasAction(route)) paths.push(path);
      if (route.children) visit(route.children, path);
    }
  };
  visit(routes, '');
  return [...new Set(paths)];
}
