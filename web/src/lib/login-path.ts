type PathParts = { pathname: string; search?: string; hash?: string };

/** `/login?from=<where the user was>`; the login page sends them back there. */
export function loginPathFrom({ pathname, search = '', hash = '' }: PathParts): string {
  return `/login?${new URLSearchParams({ from: pathname + search + hash }).toString()}`;
}

/**
 * The `from` search parameter when it is a path of this app, else `/`. Anything else
 * (`//evil.example`, `https://…`) would make the login page an open redirect.
 */
export function returnPathFrom(searchParams: URLSearchParams): string {
  const from = searchParams.get('from');
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  if (from.startsWith('/login') || from.startsWith('/register')) return '/';
  return from;
}
