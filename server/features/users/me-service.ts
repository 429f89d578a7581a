// The caller's own account: their name and photo (copied where their name is shown), and who may
// read a user's role (themselves, or an admin).
import type { Me, UpdateMeBody } from '#contract/users.ts';
import type { CoreDeps } from '#server/core-deps.ts';
import { recordAdminAccess } from '#server/audit/admin-audit.ts';
import { userStatus, type CurrentUser } from '#server/auth/current-user.ts';
import { forbidden, notFound } from '#server/errors.ts';
import { claimPhoto } from '#server/features/uploads/public.ts';
import { userRepository } from './user-repository.ts';

type UserRow = { id: string; name: string; email: string; role: Me['role']; image: string | null; blocked: unknown; emailVerified: unknown; timeZone: string | null; language: string | null };
const meOf = (row: UserRow): Me => ({ id: row.id, name: row.name, email: row.email, role: row.role, status: userStatus(row), image: row.image, timeZone: row.timeZone, language: row.language });

export function meService(deps: CoreDeps) {
  const users = userRepository(deps.db.kysely);
  return {
    async updateProfile(me: CurrentUser, body: UpdateMeBody): Promise<Me> {
      const patch: { name: string; image?: string | null } = { name: body.name };
      if (body.image !== undefined) {
        // Only a photo of their own (photo-owner.ts); the one they show already stays theirs to keep.
        await claimPhoto(deps.db.kysely, me.id, body.image, (await users.findById(me.id))?.image);
        patch.image = body.image;
      }
      const row = await deps.db.unitOfWork(async (work) => userRepository(await work.db()).updateProfile(me.id, patch, deps.now()));
      deps.callers.invalidateUser(me.id);
      return meOf(row);
    },

    /** Keeps (or, with null, forgets) the zone the caller's emails give times in (decision 054). */
    async setTimeZone(me: CurrentUser, timeZone: string | null): Promise<Me> {
      const row = await deps.db.unitOfWork(async (work) => userRepository(await work.db()).setTimeZone(me.id, timeZone, deps.now()));
      deps.callers.invalidateUser(me.id);
      return meOf(row);
    },

    /** An admin's look-up of another account is recorded before it is answered (decision 040). */
    async roleOf(me: CurrentUser, email: string, ip: string | null = null): Promise<{ email: string; role: Me['role'] }> {
      const wanted = email.toLowerCase();
      if (wanted !== me.email.toLowerCase() && me.role !== 'admin') throw forbidden('errors.users.readOwn');
      const row = await users.findByEmail(wanted);
      if (!row) throw notFound('errors.users.noUserEmail');
      await recordAdminAccess(deps.db.kysely, { me, ip }, row, { action: 'user.viewed', targetType: 'user', targetId: row.id, details: { email: row.email } }, deps.now());
      return { email: row.email, role: row.role };
    },
  };
}
