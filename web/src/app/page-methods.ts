// The methods each page takes, from the route it matches: the server answers a method a page
// does not take with 405 and this list in `Allow`, and OPTIONS with it (server/http/static-web.ts).
// A path that matches no page (the not-found route) is no resource at all: 404 under any method.
import { matchRoutes } from 'react-router';
import { routes } from '#web/app/router.tsx';

export type PageMethod = 'GET' | 'HEAD' | 'POST';

/** GET and HEAD for every page, POST for a page whose route has an action; null: no page here. */
export function pageMethods(pathname: string): PageMethod[] | null {
  const leaf = matchRoutes(routes, pathname)?.at(-1);
  if (!leaf || leaf.route.path === '*') return null;
  return leaf.route.action ? ['GET', 'HEAD', 'POST'] : ['GET', 'HEAD'];
}
