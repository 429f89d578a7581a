// The admin's changes to users: role changes and blocking. At least one
// admin who is not blocked always remains, and an admin cannot block themselves.
import type { AdminUser, UpdateUserBody } from '#contract/admin-users.ts';
import type { Role } from '#contract/common.ts';
import type { CoreDeps } from '#server/core-deps.ts';
import { OPERATOR, recordAudit, type AuditActor } from '#server/audit/audit-log.ts';
import { type CurrentUser, userStatus } from '#server/auth/current-user.ts';
import { badRequest, conflict, forbidden, notFound } from '#server/errors.ts';
import { toIso } from '#server/ids.ts';
import { isDeletedEmail } from '#contract/deleted-names.ts';
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
  if (me.role !== 'admin') throw forbidden('errors.adminsOnly');
}

export function adminUsersService(deps: Pick<CoreDeps, 'db' | 'now' | 'callers'>) {
  const repo = adminUsersRepository(deps.db.kysely);

  return {
    async list(me: CurrentUser, query: { q?: string; role?: Role; cursor?: string; limit: number }) {
      assertAdmin(me);
      const page = await repo.list(query);
      return { items: page.items.map(toAdminUserDto), nextCursor: page.nextCursor };
    },

    /** `ip`: the address of the admin's request, for the audit log. */
    async update(me: CurrentUser, id: string, change: UpdateUserBody, ip: string | null): Promise<AdminUser> {
      assertAdmin(me);
      return applyChange(id, change, { kind: 'admin', id: me.id, email: me.email, ip });
    },

    /** The operator's change from the machine (`npm run admin`): the same rules, with no admin signed in. */
    updateByOperator(id: string, change: UpdateUserBody): Promise<AdminUser> {
      return applyChange(id, change, OPERATOR);
    },
  };

  /** A role change or block, by an admin or by the operator, recorded in the audit log in its transaction. */
  async function applyChange(id: string, change: UpdateUserBody, by: AuditActor): Promise<AdminUser> {
    const target = await repo.findById(id);
    if (!target) throw notFound('errors.users.noUserId');
    // A deleted account's row stays only for what refers to it: no one signs in as it again.
    if (isDeletedEmail(target.email)) throw conflict('errors.users.deletedAccount');
    if (change.blocked === true && by.kind === 'admin' && target.id === by.id) throw badRequest('errors.users.blockSelf');

    // The last-admin check and the change must not interleave: one unit, the admins' rows locked.
    await deps.db.unitOfWork(async (work) => {
      const tx = await work.db();
      const inUnit = adminUsersRepository(tx);
      const stopsBeingAdmin = (change.role !== undefined && change.role !== 'admin') || change.blocked === true;
      if (target.role === 'admin' && stopsBeingAdmin) {
        const others = (await inUnit.activeAdminIds()).filter((adminId) => adminId !== target.id);
        if (others.length === 0) throw conflict('errors.users.lastAdminSelf');
      }
      await inUnit.update(id, change);
      if (change.blocked === true) await inUnit.deleteSessionsOf(id);
      const user = { targetType: 'user', targetId: id };
      if (change.role !== undefined && change.role !== target.role) {
        await recordAudit(tx, by, { action: 'user.role_changed', ...user, details: { email: target.email, from: target.role, to: change.role } }, deps.now());
      }
      if (change.blocked !== undefined) {
        await recordAudit(tx, by, { action: change.blocked ? 'user.blocked' : 'user.unblocked', ...user, details: { email: target.email } }, deps.now());
      }
      // A tutor's sessions are public only while they are a tutor who can sign in (decision 039).
      if (change.role !== undefined || change.blocked !== undefined) work.changed('publicLists');
    });
    // Their cached sessions carry the old role or a usable account (docs/decisions/004).
    deps.callers.invalidateUser(id);

    return toAdminUserDto((await repo.findById(id))!);
  }
}
