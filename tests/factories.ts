// Factories build users (and, in later features, sessions, bookings…) with overrides.
// The demo seed reuses them. Users go through better-auth so that passwords are real.
import { randomBytes } from 'node:crypto';
import type { Role } from '#contract/common.ts';
import type { AppDeps } from '#server/app-deps.ts';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(3).toString('hex')}`;

export interface CreatedUser {
  id: string;
  name: string;
  email: string;
  password: string;
  role: Role;
}

export interface UserOverrides {
  name?: string;
  email?: string;
  password?: string;
  role?: Role;
  verified?: boolean;
  blocked?: boolean;
  image?: string | null;
}

export async function createUser(deps: Pick<AppDeps, 'auth' | 'db'>, overrides: UserOverrides = {}): Promise<CreatedUser> {
  const role = overrides.role ?? 'student';
  const id = unique();
  const name = overrides.name ?? `${role[0]!.toUpperCase()}${role.slice(1)} ${id.slice(-5)}`;
  const email = (overrides.email ?? `${role}-${id}@example.com`).toLowerCase();
  const password = overrides.password ?? `pw-${randomBytes(9).toString('base64url')}`;
  const signUpRole = role === 'admin' ? 'student' : role;
  const result = await deps.auth.api.signUpEmail({
    body: { name, email, password, role: signUpRole, image: overrides.image ?? undefined },
  });
  const userId = result.user.id;
  const verified = overrides.verified ?? true;
  await deps.db.kysely
    .updateTable('user')
    .set({ role, emailVerified: deps.db.dialect === 'postgres' ? verified : Number(verified), blocked: deps.db.dialect === 'postgres' ? Boolean(overrides.blocked) : Number(Boolean(overrides.blocked)) })
    .where('id', '=', userId)
    .execute();
  return { id: userId, name, email, password, role };
}
