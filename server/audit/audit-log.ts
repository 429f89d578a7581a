// The audit log: admin actions and security events, one row each, inserted
// through the executor of the action's own transaction, so that the action and its record commit
// together or not at all. Nothing updates or deletes a row; admins read it (GET /api/audit-log).
// Its SQL is in audit-repository.ts.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { newId } from '#server/ids.ts';
import { auditEntrySearchText, type AuditWords } from '#i18n/audit-entry-text.ts';
import { auditRepository, type AuditFilter } from './audit-repository.ts';

/**
 * Who acted: a signed-in admin or user (with the address of their request), a visitor known only
 * by their address (failed sign-ins), the operator's CLI on the server's machine, or the system
 * itself (a scheduled job deciding on its own, e.g. calling off a class short of its minimum).
 */
export type AuditActor =
  | { kind: 'admin'; id: string; email: string; ip: string | null }
  | { kind: 'user'; id: string; email: string; ip: string | null }
  | { kind: 'visitor'; ip: string | null }
  | { kind: 'operator' }
  | { kind: 'system' };

export const OPERATOR: AuditActor = { kind: 'operator' };
/** A scheduled job of the app: no person, no address. */
export const SYSTEM: AuditActor = { kind: 'system' };
const ACTOR_WORDS = { visitor: 'visitor', operator: 'operator (npm run admin)', system: 'system (scheduled job)' } as const;

/** The caller of a route as an actor: admin when they are one, else the user acting on their own account. */
export function actorOf(me: { id: string; email: string; role: string }, ip: string | null): AuditActor {
  return { kind: me.role === 'admin' ? 'admin' : 'user', id: me.id, email: me.email, ip };
}

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string;
  details: Record<string, unknown>;
}

export async function recordAudit(executor: Kysely<Database>, by: AuditActor, entry: AuditEntry, now: Date): Promise<void> {
  const person = by.kind === 'admin' || by.kind === 'user' ? by : null;
  await auditRepository(executor).insert({
    id: newId(now.getTime()),
    at: now.toISOString(),
    actorId: person?.id ?? null,
    actor: person?.email ?? ACTOR_WORDS[by.kind as keyof typeof ACTOR_WORDS],
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: JSON.stringify(entry.details),
    ip: by.kind === 'operator' || by.kind === 'system' ? null : by.ip,
  });
}

/** The newest entries first. */
export function latestAudit(db: Kysely<Database>, limit: number) {
  return auditRepository(db).latest(limit);
}

/**
 * A page of the log, newest first, by (at, id). A search (`q`, any case) finds an entry by the
 * words its row on the admin's page says in `words`' language (i18n/audit-entry-text.ts: the
 * action, the session's title, "Registration fee: $12.50", a status's label) as well as by what is
 * stored (the actor, the target's id, the recorded details).
 */
export function searchAudit(db: Kysely<Database>, filter: AuditFilter, words: AuditWords) {
  const repo = auditRepository(db);
  const q = normalised(filter.q ?? '');
  if (!q) return repo.search({ ...filter, q: undefined });
  return repo.searchWith(filter, (row) => {
    const stored = normalised(`${row.actor}\n${row.targetId}\n${row.details}`);
    if (stored.includes(q)) return true;
    const entry = { ...row, details: parsedDetails(row.details) };
    return normalised(auditEntrySearchText(entry, words)).includes(q);
  });
}

/** Lower case, every kind of space one space (Intl writes "12,50 US$" with a no-break space). */
const normalised = (text: string) => text.toLowerCase().replace(/\s+/gu, ' ').trim();

function parsedDetails(details: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(details);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
