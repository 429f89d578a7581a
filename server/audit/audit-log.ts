// The audit log of admin actions (issue 23 item 2): one row per action, inserted through the
// executor of the action's own transaction, so that the action and its record commit together
// or not at all. Nothing updates or deletes a row.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { newId } from '#server/ids.ts';

/** Who acted: a signed-in admin (with the address of their request), or the operator's CLI. */
export type AuditActor = { kind: 'admin'; id: string; email: string; ip: string | null } | { kind: 'operator' };

export const OPERATOR: AuditActor = { kind: 'operator' };

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string;
  details: Record<string, unknown>;
}

export async function recordAudit(executor: Kysely<Database>, by: AuditActor, entry: AuditEntry, now: Date): Promise<void> {
  await executor
    .insertInto('audit_log')
    .values({
      id: newId(now.getTime()),
      at: now.toISOString(),
      actorId: by.kind === 'admin' ? by.id : null,
      actor: by.kind === 'admin' ? by.email : 'operator (npm run admin)',
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      details: JSON.stringify(entry.details),
      ip: by.kind === 'admin' ? by.ip : null,
    })
    .execute();
}

/** The newest entries first. */
export function latestAudit(db: Kysely<Database>, limit: number) {
  return db.selectFrom('audit_log').selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
