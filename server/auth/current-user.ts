// Who is calling: resolved from the session cookie (a plainly valid session read in one query by
// session-reader.ts, anything else by better-auth), then kept for a few seconds in the app's
// cache keyed by the cookie value, so that signed-in reads do not pay a full session lookup each.
// Sign-out, password change/reset, profile changes, block and role change drop the entries at
// once in this app; on PostgreSQL every other process is told at once too
// (server/db/change-signal.ts), and an entry a process missed the word about still expires within
// SESSION_CACHE_TTL_MS. One cache per app, a field of its deps (`deps.callers`), built once with
// it: no module keeps any. See docs/decisions/004-session-cache.md, 023-change-signal.md and
// 046-no-hidden-state.md.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Role, UserStatus } from '#contract/common.ts';
import { isDeletedEmail } from '#contract/deleted-names.ts';
import type { Auth } from '#server/auth/auth.ts';
import type { Db } from '#server/db/database.ts';
import { forbidden, unauthorized } from '#server/errors.ts';
import { hasSessionCookie } from './session-cookie.ts';
import { sessionReader, type SessionReader, type SessionUserRow } from './session-reader.ts';

export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  status: UserStatus;
  image: string | null;
  /** The account's time zone, null when not known (decision 054). */
  timeZone: string | null;
  /** The language kept on the account, null: the browser's. */
  language: string | null;
}

/**
 * A request signed with an API key (`Authorization: Bearer snk_…`) acts as the key's owner: the
 * api-keys feature checks the key and its scope for the route the router matched and sets
 * `request.keyCaller`; `current` answers it before any cookie, and the same-origin check lets the
 * request through, for it carries no ambient credential (docs/decisions/056-api-keys.md).
 */
export interface KeyCaller {
  user: CurrentUser;
  keyId: string;
  keyName: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set only once a valid API key was checked for the matched route's scope. */
    keyCaller?: KeyCaller;
  }
}

/** The caller of a request signed with a checked API key, or null. */
export const keyCallerOf = (request: FastifyRequest): KeyCaller | null => request.keyCaller ?? null;

/** How long another process may keep serving a signed-out, blocked or demoted user that missed the change signal. */
export const SESSION_CACHE_TTL_MS = 15_000;
/** Bounded so that many distinct cookies cannot grow the process (about 1 KB an entry). */
const SESSION_CACHE_MAX_ENTRIES = 10_000;

interface CachedSession {
  user: CurrentUser;
  /** The cookie's hash: what a sign-out tells other processes (never the cookie itself). */
  hash: string;
  /** Date.now() after which the entry is not used: now + TTL, never past the session's expiry. */
  until: number;
}

/** An invalidation made here, as other processes are told of it (server/db/change-signal.ts). */
export type SessionChange = { kind: 'user'; userId: string } | { kind: 'session'; hash: string };

/** The app's callers: who each request is, cached per session cookie. Built once per app (buildCallers). */
export interface Callers {
  /** The signed-in caller of `request`, or null; looked up at most once per request. */
  current(request: FastifyRequest): Promise<CurrentUser | null>;
  /** Forget every cached session of a user: call after blocking, a role change or a profile change. */
  invalidateUser(userId: string): void;
  /** Forget the session of this cookie header (sign-out). */
  invalidateSessionCookie(cookieHeader: string | undefined): Promise<void>;
  /** Applies an invalidation told by another process; `null` = forget everything (word may have been missed). */
  apply(change: SessionChange | null): void;
  /** Passes every invalidation made in this app to `relay` until the returned function is called. */
  relay(relay: (change: SessionChange) => void): () => void;
}

const hashOf = (cookieValue: string) => createHash('sha256').update(cookieValue).digest('base64url');

/** A visitor without a session cookie: nobody, known without a lookup or a per-request entry. */
const NOBODY: Promise<null> = Promise.resolve(null);

export function buildCallers(auth: Auth, db: Db): Callers {
  const reader = sessionReader(auth, db.kysely);
  /** Keys are session cookie values, random per sign-in. */
  const sessions = new Map<string, CachedSession>();
  /** Bumped by every invalidation: a lookup that started before it must not store its answer. */
  let epoch = 0;
  const perRequest = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>();
  /** Who passes this app's invalidations on: its change signal on PostgreSQL, the operator's CLI. */
  const relays = new Set<(change: SessionChange) => void>();

  async function resolve(request: FastifyRequest): Promise<CurrentUser | null> {
    // Keyed by the very cookie better-auth and the reader resolve, never by another spelling.
    const key = await reader.sessionCookie(request.headers.cookie);
    if (!key) return null;
    const hit = sessions.get(key);
    if (hit) {
      if (hit.until > Date.now()) return hit.user;
      sessions.delete(key);
    }
    const startedAt = epoch;
    const found = await lookup(auth, reader, request, key);
    if (found && startedAt === epoch) {
      if (sessions.size >= SESSION_CACHE_MAX_ENTRIES) evictOldest();
      sessions.set(key, { user: found.user, hash: hashOf(key), until: Math.min(Date.now() + SESSION_CACHE_TTL_MS, found.expiresAt) });
    }
    return found?.user ?? null;
  }

  /** Insertion order approximates age (entries are written once per TTL), so the first key is the oldest. */
  function evictOldest(): void {
    const now = Date.now();
    for (const [key, entry] of sessions) {
      if (entry.until <= now) sessions.delete(key);
    }
    if (sessions.size >= SESSION_CACHE_MAX_ENTRIES) {
      const oldest = sessions.keys().next().value;
      if (oldest !== undefined) sessions.delete(oldest);
    }
  }

  function apply(change: SessionChange | null): void {
    epoch++;
    if (!change) {
      sessions.clear();
      return;
    }
    for (const [key, entry] of sessions) {
      if (change.kind === 'user' ? entry.user.id === change.userId : entry.hash === change.hash) sessions.delete(key);
    }
  }

  return {
    current(request) {
      // A request signed with an API key is its owner's, whatever cookie it carries.
      const keyed = keyCallerOf(request);
      if (keyed) return Promise.resolve(keyed.user);
      if (!hasSessionCookie(request.headers.cookie)) return NOBODY;
      let pending = perRequest.get(request);
      if (!pending) {
        pending = resolve(request);
        perRequest.set(request, pending);
      }
      return pending;
    },
    invalidateUser(userId) {
      apply({ kind: 'user', userId });
      for (const relay of relays) relay({ kind: 'user', userId });
    },
    async invalidateSessionCookie(cookieHeader) {
      const key = await reader.sessionCookie(cookieHeader);
      epoch++;
      if (!key) return;
      sessions.delete(key);
      const change: SessionChange = { kind: 'session', hash: hashOf(key) };
      for (const relay of relays) relay(change);
    },
    apply,
    relay(relay) {
      relays.add(relay);
      return () => relays.delete(relay);
    },
  };
}

export function userStatus(u: { blocked?: unknown; emailVerified?: unknown; email?: unknown }): UserStatus {
  if (typeof u.email === 'string' && isDeletedEmail(u.email)) return 'Deleted';
  if (u.blocked) return 'Blocked';
  return u.emailVerified ? 'Verified' : 'Unverified';
}

/** The caller as the session's user row says: a blocked account is nobody. */
function callerOf(u: Omit<SessionUserRow, 'expiresAt' | 'role'> & { role?: string | null }, expiresAt: number): { user: CurrentUser; expiresAt: number } | null {
  if (u.blocked) return null;
  return {
    user: {
      id: u.id,
      name: u.name,
      email: u.email,
      role: (u.role ?? 'student') as Role,
      status: userStatus(u),
      image: u.image ?? null,
      timeZone: u.timeZone ?? null,
      language: u.language ?? null,
    },
    expiresAt,
  };
}

async function lookup(auth: Auth, reader: SessionReader, request: FastifyRequest, cookie: string): Promise<{ user: CurrentUser; expiresAt: number } | null> {
  // A plainly valid session in one query (session-reader.ts); anything else is better-auth's to answer.
  const row = await reader.read(cookie, Date.now());
  if (row) return callerOf(row, new Date(row.expiresAt).getTime());
  const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!result) return null;
  const u = result.user as typeof result.user & { role?: string; blocked?: unknown; timeZone?: string | null; language?: string | null };
  return callerOf({ ...u, image: u.image ?? null, blocked: Boolean(u.blocked), timeZone: u.timeZone ?? null, language: u.language ?? null }, new Date(result.session.expiresAt).getTime());
}

export async function requireUser(callers: Callers, request: FastifyRequest): Promise<CurrentUser> {
  const user = await callers.current(request);
  if (!user) throw unauthorized();
  return user;
}

export async function requireRole(callers: Callers, request: FastifyRequest, ...roles: Role[]): Promise<CurrentUser> {
  const user = await requireUser(callers, request);
  if (!roles.includes(user.role)) throw forbidden({ key: 'errors.onlyForRoles', values: { roles: roles.map((r) => `${r}s`).join(' and ') } });
  return user;
}
