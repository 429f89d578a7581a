// Who is calling: resolved from the session cookie by better-auth, once per request.
import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Role, UserStatus } from '#contract/common.ts';
import type { Auth } from '#server/auth/auth.ts';
import { forbidden, unauthorized } from '#server/errors.ts';

export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  status: UserStatus;
  image: string | null;
}

const cache = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>();

export function userStatus(u: { blocked?: unknown; emailVerified?: unknown }): UserStatus {
  if (u.blocked) return 'Blocked';
  return u.emailVerified ? 'Verified' : 'Unverified';
}

export function getCurrentUser(auth: Auth, request: FastifyRequest): Promise<CurrentUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = lookup(auth, request);
    cache.set(request, pending);
  }
  return pending;
}

async function lookup(auth: Auth, request: FastifyRequest): Promise<CurrentUser | null> {
  if (!request.headers.cookie) return null;
  const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!result) return null;
  const u = result.user as typeof result.user & { role?: string; blocked?: unknown };
  if (u.blocked) return null;
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: (u.role ?? 'student') as Role,
    status: userStatus(u),
    image: u.image ?? null,
  };
}

export async function requireUser(auth: Auth, request: FastifyRequest): Promise<CurrentUser> {
  const user = await getCurrentUser(auth, request);
  if (!user) throw unauthorized();
  return user;
}

export async function requireRole(auth: Auth, request: FastifyRequest, ...roles: Role[]): Promise<CurrentUser> {
  const user = await requireUser(auth, request);
  if (!roles.includes(user.role)) throw forbidden(`This is only for ${roles.map((r) => `${r}s`).join(' and ')}.`);
  return user;
}
