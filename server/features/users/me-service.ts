// The caller's own account: their name and photo (copied where their name is shown), and who may
// read a user's role (themselves, or an admin).
import type { Me, UpdateMeBody } from '#contract/users.ts';
import type { AppDeps } from '#server/app-deps.ts';
import { invalidateUser, userStatus, type CurrentUser } from '#server/auth/current-user.ts';
import { forbidden, notFound } from '#server/errors.ts';
import { userRepository } from './user-repository.ts';

export function meService(deps: AppDeps) {
  const users = userRepository(deps.db);
  return {
    async updateProfile(me: CurrentUser, body: UpdateMeBody): Promise<Me> {
      const patch: { name: string; image?: string | null } = { name: body.name };
      if (body.image !== undefined) patch.image = body.image;
      const row = await users.updateProfile(me.id, patch, deps.now());
      invalidateUser(me.id);
      return { id: row.id, name: row.name, email: row.email, role: row.role, status: userStatus(row), image: row.image };
    },

    async roleOf(me: CurrentUser, email: string): Promise<{ email: string; role: Me['role'] }> {
      const wanted = email.toLowerCase();
      if (wanted !== me.email.toLowerCase() && me.role !== 'admin') throw forbidden('errors.users.readOwn');
      const row = await users.findByEmail(wanted);
      if (!row) throw notFound('errors.users.noUserEmail');
      return { email: row.email, role: row.role };
    },
  };
}
