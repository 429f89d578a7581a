// The admin's changes to users (PRODUCT.md §3, §4): role changes and blocking. At least one
// admin who is not blocked always remains, and an admin cannot block themselves.
import type { AdminUser, UpdateUserBody } from '#contract/admin-users.ts';
import type { Role } from '#contract/common.ts';
import type { AppDeps } from '#server/app-deps.ts';
import { type CurrentUser, invalidateUser, userStatus } from '#server/auth/current-user.ts';
import { badRequest, conflict, forbidden, notFound } from '#server/errors.ts';
import { toIso } from '#server/ids.ts';
import { adminUsersRepository, type AdminUserRow } from './admin-users-repository.ts';

export function toAdminUserDto(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    status: userStatus(row),
    image: row.image,
    lastSeen: toIso(row.lastSeen),
  };
}

function assertAdmin(me: CurrentUser): void {
  if (me.role !== 'admin') throw forbidden('This is only for admins.');
}

export function adminUsersService(deps: Pick<AppDeps, 'db'>) {
  const repo = adminUsersRepository(deps.db);

  return {
    async list(me: CurrentUser, query: { q?: string; role?: Role; cursor?: string; limit: number }) {
      assertAdmin(me);
      const page = await repo.list(query);
      return { items: page.items.map(toAdminUserDto), nextCursor: page.nextCursor };
    },

    async update(me: CurrentUser, id: string, change: UpdateUserBody): Promise<AdminUser> {
      assertAdmin(me);
      const target = await repo.findById(id);
      if (!target) throw notFound('No user has this id.');
      if (change.blocked === true && target.id === me.id) throw badRequest('You cannot block your own account.');

      await repo.transaction(async (tx) => {
        const stopsBeingAdmin = (change.role !== undefined && change.role !== 'admin') || change.blocked === true;
        if (target.role === 'admin' && stopsBeingAdmin) {
          const others = (await repo.activeAdminIds(tx)).filter((adminId) => adminId !== target.id);
          if (others.length === 0) throw conflict('You are the last admin: make another user an admin first.');
        }
        await repo.update(tx, id, change);
        if (change.blocked === true) await repo.deleteSessionsOf(tx, id);
      });
      // Their cached sessions carry the old role or a usable account (docs/decisions/004).
      invalidateUser(id);

      return toAdminUserDto((await repo.findById(id))!);
    },
  };
}
