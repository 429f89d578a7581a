// A request's session, read the way better-auth's getSession reads it when nothing about it needs
// better-auth: a signed cookie whose signature is the server's, a session row that has not
// expired and is not yet due for its refresh, and its user. That is one prepared query and a
// synchronous HMAC, where better-auth's path costs two WebCrypto calls on the thread pool (the key
// imported again each time) and a query built anew: at the bench's scale a session-cache miss cost
// more than the signed-in read it let in. Anything else (no such row, an expired session, a
// refresh due, a cookie that is not plainly well formed) is answered by better-auth itself, which
// stays the one authority that deletes, refreshes and refuses (docs/decisions/072-session-reads.md).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Auth } from '#server/auth/auth.ts';
import { prepare } from '#server/db/prepared.ts';
import { firstCookie } from '#server/http/cookie-header.ts';
import type { Database } from '#server/db/schema.ts';

/** What better-auth's own configuration says of its session cookie, read from its context once. */
export interface SessionCookieRules {
  /** The cookie's name (`__Secure-` prefixed when the base URL is https). */
  name: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
}

/** The user columns a caller is made of, and when the session ends. */
export interface SessionUserRow {
  expiresAt: Date | string;
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  role: string | null;
  blocked: boolean | number;
  timeZone: string | null;
  language: string | null;
}

const sessionByToken = prepare((db, p: { token: string }) =>
  db
    .selectFrom('session')
    .innerJoin('user', 'user.id', 'session.userId')
    .select(['session.expiresAt', 'user.id', 'user.name', 'user.email', 'user.emailVerified', 'user.image', 'user.role', 'user.blocked', 'user.timeZone', 'user.language'])
    .where('session.token', '=', p.token),
);

/**
 * The value of the first cookie named exactly `name` in `cookieHeader`, as better-call reads it
 * (the one better-auth takes for the session: unquoted, percent-decoded when it can be), or null.
 * The session cache is keyed by it too, so a cookie of another spelling planted beside the real
 * one is never the key a session is kept under.
 */
export function namedCookie(cookieHeader: string | undefined, name: string): string | null {
  let value = firstCookie(cookieHeader, name);
  if (value === null) return null;
  if (value.codePointAt(0) === 34) value = value.slice(1, -1);
  if (!value.includes('%')) return value || null;
  try {
    return decodeURIComponent(value) || null;
  } catch {
    return value;
  }
}

/**
 * The session token of the cookie `name` in `cookieHeader` (namedCookie) if its signature is the
 * server's, else null.
 */
export function signedSessionToken(cookieHeader: string | undefined, rules: Pick<SessionCookieRules, 'name' | 'secret'>): string | null {
  return verifiedToken(namedCookie(cookieHeader, rules.name), rules.secret);
}

/**
 * The token of a session cookie's value if its signature is the server's, else null. Stricter
 * than better-auth: a signature that would verify only in another base64 spelling is null here,
 * and so is asked of better-auth.
 */
function verifiedToken(value: string | null, secret: string): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

export interface SessionReader {
  /** The session cookie's value that better-auth reads in `cookieHeader` (namedCookie), or null. */
  sessionCookie(cookieHeader: string | undefined): Promise<string | null>;
  /** The session's user row when the cookie `value` is plainly valid now; undefined: ask better-auth. */
  read(value: string, now: number): Promise<SessionUserRow | undefined>;
}

export function sessionReader(auth: Auth, db: Kysely<Database>): SessionReader {
  let rules: Promise<SessionCookieRules> | undefined;
  const rulesOf = () =>
    (rules ??= auth.$context.then((context) => ({
      name: context.authCookies.sessionToken.name,
      secret: context.secret,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    })));
  return {
    async sessionCookie(cookieHeader) {
      return cookieHeader ? namedCookie(cookieHeader, (await rulesOf()).name) : null;
    },
    async read(value, now) {
      const r = await rulesOf();
      const token = verifiedToken(value, r.secret);
      if (!token) return undefined;
      const row = (await sessionByToken(db, { token })).rows[0];
      if (!row) return undefined;
      const expiresAt = new Date(row.expiresAt).getTime();
      // better-auth's own rule: a session is refreshed once updateAge has passed since it was last.
      const refreshDue = expiresAt - r.expiresInMs + r.updateAgeMs <= now;
      if (!(expiresAt > now) || refreshDue) return undefined;
      return row;
    },
  };
}
