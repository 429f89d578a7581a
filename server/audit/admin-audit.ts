// An admin's call on someone else's data is recorded (docs/decisions/040-admin-audit.md). A route
// an admin may call on another person's data says so next to its schema, with what the call is
// recorded as: `config: { adminAudit: 'user.notes_viewed' }`; its service records that entry with
// `recordAdminAccess`, in the transaction of a write, and before a read is answered (a read that
// cannot be recorded fails). tests/api/trust-iii-admin-audit.test.ts walks the app's route table:
// every route either declares an action, checked by calling it as an admin, or is exempt there
// with its reason.
import type { Kysely } from 'kysely';
import type { AuditAction } from '#contract/audit-log.ts';
import type { Database } from '#server/db/schema.ts';
import { actorOf, recordAudit, type AuditEntry } from './audit-log.ts';

/** What an admin's call of a route on another person's data is recorded as (one action, or the ones it may be). */
export type AdminAuditDeclaration = AuditAction | readonly AuditAction[];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What an admin's call of this route on another person's data is recorded as in the audit log. */
    adminAudit?: AdminAuditDeclaration;
  }
}

/** Who calls, as the services know them, and from which address. */
export interface AdminCaller {
  me: { id: string; email: string; role: string };
  ip: string | null;
}

/**
 * Records `entry` when the caller is an admin and `owner` (whose data it is) someone else; nothing
 * otherwise. Through `executor`: the write's transaction, or the database right after a read.
 */
export async function recordAdminAccess(executor: Kysely<Database>, by: AdminCaller, owner: { id: string }, entry: AuditEntry & { action: AuditAction }, now: Date): Promise<void> {
  if (!isAdminOnOthers(by, owner)) return;
  await recordAudit(executor, actorOf(by.me, by.ip), entry, now);
}

/** Whether a call is an admin's on another person's data (and so recorded). */
export const isAdminOnOthers = (by: AdminCaller, owner: { id: string }) => by.me.role === 'admin' && owner.id !== by.me.id;
