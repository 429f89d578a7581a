// Security events of the audit log that happen inside better-auth's own
// endpoints: a password changed or reset, and bursts of failed sign-ins. A password change is
// written by better-auth's database hook through the transaction that changes it
// (server/auth/auth-transaction.ts, recordPasswordChange below); failed sign-ins are counted in
// the database, shared by every app process, and a burst's entry commits with the count that
// reached it. docs/decisions/022-sent-emails-and-security-events.md.
import type { Kysely } from 'kysely';
import type { AuthCall } from '#server/auth/auth-transaction.ts';
import type { Database } from '#server/db/schema.ts';
import { recordAudit } from './audit-log.ts';
import { auditRepository } from './audit-repository.ts';

/** Failed sign-ins to one email address within this window (from the first) make a burst worth an entry. */
export const SIGN_IN_BURST = { failures: 5, windowMs: 15 * 60_000 };

/** A password changed or reset, through the executor of the transaction that changes it. */
export async function recordPasswordChange(executor: Kysely<Database>, call: AuthCall): Promise<void> {
  const user = await auditRepository(executor).userById(call.userId);
  if (!user) return;
  await recordAudit(executor, { kind: 'user', id: user.id, email: user.email, ip: call.ip }, { action: call.event.action, targetType: 'user', targetId: user.id, details: { email: user.email, ...call.event.details } }, call.at);
}

/** What the bridge asks to be recorded with a password call's change, or null. */
export function passwordEvent(path: string, body: unknown): AuthCall['event'] | null {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (path === '/change-password') return { action: 'user.password_changed', details: { signedOutOtherDevices: fields.revokeOtherSessions === true } };
  if (path === '/reset-password') return { action: 'user.password_reset', details: { with: 'emailed link' } };
  return null;
}

export function securityEvents(db: Kysely<Database>, now: () => Date) {
  return {
    /** After a sign-in with a password answered: a failure is counted; the one that makes a burst is recorded. */
    async afterSignIn(call: { status: number; ip: string; body: unknown }): Promise<void> {
      const body = (call.body && typeof call.body === 'object' ? call.body : {}) as Record<string, unknown>;
      if (call.status !== 401 || typeof body.email !== 'string') return;
      const email = body.email.trim().toLowerCase().slice(0, 254);
      const at = now();
      const since = new Date(at.getTime() - SIGN_IN_BURST.windowMs).toISOString();
      await db.transaction().execute(async (trx) => {
        const repo = auditRepository(trx);
        // One row per address, counted atomically by whichever process answered: a window older
        // than SIGN_IN_BURST starts again at 1.
        const failures = await repo.countSignInFailure(email, at.toISOString(), since);
        // Windows that ended are of no use (addresses typed once and never again).
        await repo.forgetWindowsBefore(since);
        if (failures < SIGN_IN_BURST.failures) return;
        // One entry per burst: counting starts again after it.
        await repo.forgetFailuresOf(email);
        const user = await repo.userByEmail(email);
        await recordAudit(trx, { kind: 'visitor', ip: call.ip }, {
          action: 'auth.sign_in_failures',
          targetType: user ? 'user' : 'email',
          targetId: user?.id ?? email,
          details: { email, failures, withinMinutes: SIGN_IN_BURST.windowMs / 60_000, accountExists: Boolean(user) },
        }, at);
      });
    },
  };
}
