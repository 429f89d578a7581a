// better-auth's session cookie, read without asking better-auth: whether a request is signed in
// at all (the caller's language, the session cache's key).

// `better-auth.session_token`, `__Secure-` prefixed over HTTPS.
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

/** The session cookie's raw value (`token.signature`, URL-encoded), or null. */
export function sessionCookieValue(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  return SESSION_COOKIE.exec(cookieHeader)?.[1] ?? null;
}
