import { safeRedirectPath } from '#contract/safe-redirect.ts';

type PathParts = { pathname: string; search?: string; hash?: string };

/** `/login?from=<where the user was>`; the login page sends them back there. */
export function loginPathFrom({ pathname, search = '', hash = '' }: PathParts): string {
  return `/login?${new URLSearchParams({ from: pathname + search + hash }).toString()}`;
}

/**
 * Where the login page sends a signed-in visitor: the `from` search parameter when it is a page
 * of this app (judged by safeRedirectPath against `origin`), else `/`. Never back to login or
 * register, which would only send them on again.
 */
export function returnPathFrom(searchParams: URLSearchParams, origin: string): string {
  const path = safeRedirectPath(searchParams.get('from'), origin);
  return /^\/(login|register)(?=[/?#]|$)/i.test(path) ? '/' : path;
}
