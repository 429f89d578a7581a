// Security events of the audit log (issue 23 item 2) that happen inside better-auth's own
// endpoints: a password changed or reset, and bursts of failed sign-ins. better-auth commits its
// change itself, so these are written right after its answer (not in its transaction).
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { recordAudit } from './audit-log.ts';

/** Failed sign-ins to one address within this window make a burst worth an entry. */
export const SIGN_IN_BURST = { failures: 5, windowMs: 15 * 60_000 };
/** Addresses followed at once, at most (each entry is a few timestamps). */
const MAX_TRACKED = 10_000;

export function securityEvents(db: Kysely<Database>, now: () => Date) {
  // Per process: with several processes each counts its own share, so a burst spread over them
  // is recorded later or not at all; the sign-in rate limit (shared, in the database) still holds.
  const failures = new Map<string, number[]>();

  const userByEmail = (email: string) => db.selectFrom('user').select(['id', 'email']).where('email', '=', email).executeTakeFirst();
  const userById = (id: string) => db.selectFrom('user').select(['id', 'email']).where('id', '=', id).executeTakeFirst();

  return {
    /** After a better-auth call answered: records what is worth recording. `userId`: whose account the call changed. */
    async afterAuthCall(call: { path: string; status: number; ip: string; body: unknown; userId: string | null }): Promise<void> {
      const body = (call.body && typeof call.body === 'object' ? call.body : {}) as Record<string, unknown>;
      if ((call.path === '/change-password' || call.path === '/reset-password') && call.status === 200 && call.userId) {
        const user = await userById(call.userId);
        if (!user) return;
        const action = call.path === '/change-password' ? 'user.password_changed' : 'user.password_reset';
        const details = call.path === '/change-password' ? { email: user.email, signedOutOtherDevices: body.revokeOtherSessions === true } : { email: user.email, with: 'emailed link' };
        await recordAudit(db, { kind: 'user', id: user.id, email: user.email, ip: call.ip }, { action, targetType: 'user', targetId: user.id, details }, now());
        return;
      }
      if (call.path === '/sign-in/email' && call.status === 401 && typeof body.email === 'string') {
        const email = body.email.trim().toLowerCase().slice(0, 254);
        const at = now().getTime();
        const recent = (failures.get(email) ?? []).filter((t) => at - t < SIGN_IN_BURST.windowMs);
        recent.push(at);
        failures.delete(email);
        if (recent.length < SIGN_IN_BURST.failures) {
          if (failures.size >= MAX_TRACKED) failures.delete(failures.keys().next().value!);
          failures.set(email, recent);
          return;
        }
        // One entry per burst: counting starts again after it.
        const user = await userByEmail(email);
        await recordAudit(db, { kind: 'visitor', ip: call.ip }, {
          action: 'auth.sign_in_failures',
          targetType: user ? 'user' : 'email',
          targetId: user?.id ?? email,
          details: { email, failures: recent.length, withinMinutes: SIGN_IN_BURST.windowMs / 60_000, accountExists: Boolean(user) },
        }, now());
      }
    },
  };
}
