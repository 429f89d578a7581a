// Whether a request carries better-auth's session cookie at all, read without asking better-auth:
// a hint for what costs nothing to skip (the caller's language from the account, a signed-in
// page's private caching). Never an identity or a cache key: who the caller is comes from the
// one cookie better-auth reads (session-reader.ts namedCookie), through current-user.ts.

// `better-auth.session_token`, `__Secure-` prefixed over HTTPS.
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=[^;]/;

/** Whether a session cookie of either spelling is present (a superset of the one better-auth reads). */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && SESSION_COOKIE.test(cookieHeader);
}
