// Who may see a page, as route loaders (docs/decisions/041-pages-loaders-actions.md): they run
// before the page is drawn, on the server (an HTTP 302) and in the browser (before a navigation),
// so a page never draws for someone it would only send away.
// The server enforces the same rules on every API call.
import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import type { Role } from '#contract/common.ts';
import { meQuery } from '#web/features/auth/api/use-me.ts';
import { loginPathFrom, returnPathFrom } from '#web/lib/login-path.ts';
import { pageQueryClient } from '#web/lib/page-data.ts';

/**
 * Who is signed in, for a guard: when the API cannot say (down, unreachable), the page cannot be
 * judged, and is the error page with 503 (not the same as signed out).
 */
async function signedInUser() {
  try {
    return await pageQueryClient().ensureQueryData(meQuery);
  } catch {
    throw data(null, { status: 503 });
  }
}

/**
 * Every page: the navbar shows who is signed in. A public page is still drawn when that cannot be
 * read (the navbar asks again in the browser); a page that needs to know says so (requireAuth).
 */
export async function rootLoader() {
  await signedInUser().catch(() => null);
  return null;
}

/**
 * A signed-in user visiting /login or /register goes to / — or back to the page that
 * sent them to log in (`?from=`, when it is a page of this origin: contract/safe-redirect.ts).
 */
export async function redirectIfSignedIn({ request }: LoaderFunctionArgs) {
  if (await signedInUser()) {
    const url = new URL(request.url);
    throw redirect(returnPathFrom(url.searchParams, url.origin));
  }
  return null;
}

/** Signed-out visitors go to /login, which brings them back here after signing in. */
export async function requireAuth({ request }: LoaderFunctionArgs) {
  if (!(await signedInUser())) {
    const url = new URL(request.url);
    throw redirect(loginPathFrom({ pathname: url.pathname, search: url.search }));
  }
  return null;
}

/** A user whose role is not one of `roles` goes to /dashboard (inside requireAuth). */
export function requireRole(...roles: Role[]) {
  return async () => {
    const user = await signedInUser();
    if (!user || !roles.includes(user.role)) throw redirect('/dashboard');
    return null;
  };
}
