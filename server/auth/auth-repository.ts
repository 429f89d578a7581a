// The only SQL of the auth bridge (server/auth) besides better-auth's own adapter: what our
// hooks, routes and purge job read and write around better-auth's tables.
import { sql, type Kysely } from 'kysely';
import { authColumns } from '#server/db/auth-columns.ts';
import { prepare } from '#server/db/prepared.ts';
import type { Database } from '#server/db/schema.ts';

const blockedOf = prepare((db, p: { id: string }) => db.selectFrom('user').select('blocked').where('id', '=', p.id));
const setLastSeen = prepare((db, p: { id: string; lastSeen: Date | string }) => db.updateTable('user').set({ lastSeen: p.lastSeen }).where('id', '=', p.id));
const setFirstTimeZone = prepare((db, p: { id: string; timeZone: string }) => db.updateTable('user').set({ timeZone: p.timeZone }).where('id', '=', p.id).where('timeZone', 'is', null));
const userIdOf = prepare((db, p: { email: string }) => db.selectFrom('user').select('id').where('email', '=', p.email));
// Only an address its owner proved (emailVerified), and only a change: see admin-email.ts.
const makeVerifiedUserAdmin = prepare((db, p: { id: string; email: string }) =>
  db.updateTable('user').set({ role: sql.lit('admin') }).where('id', '=', p.id).where('email', '=', p.email).where('emailVerified', '=', sql.lit(true)).where('role', '<>', sql.lit('admin')),
);
// Opening a verification link: the account's sessions opened before the address was proven may
// be anyone's (admin-email.ts); the browser that opened the link keeps its own, if it was one.
const deleteSessionsOf = prepare((db, p: { userId: string }) => db.deleteFrom('session').where('userId', '=', p.userId));
const deleteSessionsOfExcept = prepare((db, p: { userId: string; keepToken: string }) => db.deleteFrom('session').where('userId', '=', p.userId).where('token', '<>', p.keepToken));
const passwordOf = prepare((db, p: { userId: string }) =>
  db.selectFrom('account').select('id').where('userId', '=', p.userId).where('providerId', '=', sql.lit('credential')).where('password', 'is not', null),
);
const idTokenOf = prepare((db, p: { userId: string; providerId: string }) => db.selectFrom('account').select('idToken').where('userId', '=', p.userId).where('providerId', '=', p.providerId));
const verifiedNonAdmin = prepare((db, p: { email: string }) =>
  db.selectFrom('user').select('id').where('email', '=', p.email).where('emailVerified', '=', sql.lit(true)).where('role', '<>', sql.lit('admin')),
);
// better-auth keeps a reset link as identifier `reset-password:<token>`, value the account's id.
const openResetLinkOf = prepare((db, p: { userId: string; now: Date | string }) =>
  db.selectFrom('verification').select('id').where('value', '=', p.userId).where('identifier', 'like', sql.lit('reset-password:%')).where('expiresAt', '>', p.now),
);
const deleteExpiredSessions = prepare((db, p: { before: string }) => db.deleteFrom('session').where('expiresAt', '<', p.before));
const deleteExpiredTokens = prepare((db, p: { before: string }) => db.deleteFrom('verification').where('expiresAt', '<', p.before));

export function authRepository(db: Kysely<Database>) {
  const columns = authColumns(db);
  return {
    /** Whether the account may sign in: undefined when it does not exist. */
    async isBlocked(userId: string): Promise<boolean | undefined> {
      const row = (await blockedOf(db, { id: userId })).rows[0];
      return row ? Boolean(row.blocked) : undefined;
    },

    /** `timeZone`: the browser's, kept when the account has none yet (decision 054). */
    async recordSignIn(userId: string, at: Date, timeZone: string | null = null): Promise<void> {
      await setLastSeen(db, { id: userId, lastSeen: columns.date(at) });
      if (timeZone) await setFirstTimeZone(db, { id: userId, timeZone });
    },

    async userIdByEmail(email: string): Promise<string | undefined> {
      return (await userIdOf(db, { email: email.toLowerCase() })).rows[0]?.id;
    },

    /** Makes `userId` an admin if its address is `email` and verified; false when nothing changed. */
    async promoteVerified(email: string, userId: string): Promise<boolean> {
      const result = await makeVerifiedUserAdmin(db, { id: userId, email: email.toLowerCase() });
      return Number(result.numAffectedRows ?? 0) > 0;
    },

    /** Signs the account out everywhere but the session `keepToken` (if any); how many were ended. */
    async revokeSessions(userId: string, keepToken: string | null): Promise<number> {
      const result = keepToken === null ? await deleteSessionsOf(db, { userId }) : await deleteSessionsOfExcept(db, { userId, keepToken });
      return Number(result.numAffectedRows ?? 0);
    },

    /** Whether the account has a password (whoever set it). */
    async hasPassword(userId: string): Promise<boolean> {
      return (await passwordOf(db, { userId })).rows.length > 0;
    },

    /** The ID token the provider last gave at this account's sign-in with it, if any. */
    async providerIdToken(userId: string, providerId: string): Promise<string | null> {
      return (await idTokenOf(db, { userId, providerId })).rows[0]?.idToken ?? null;
    },

    /** The account with this address if it is verified and not an admin. */
    async verifiedNonAdminId(email: string): Promise<string | undefined> {
      return (await verifiedNonAdmin(db, { email: email.toLowerCase() })).rows[0]?.id;
    },

    /** Whether a password reset link of this account is still open at `now`. */
    async hasOpenResetLink(userId: string, now: Date): Promise<boolean> {
      return (await openResetLinkOf(db, { userId, now: columns.date(now) })).rows.length > 0;
    },

    /** Deletes the sign-in sessions and one-time tokens that expired before `before` (ISO). */
    async purgeExpired(before: string): Promise<{ sessions: number; tokens: number }> {
      const sessions = await deleteExpiredSessions(db, { before });
      const tokens = await deleteExpiredTokens(db, { before });
      return { sessions: Number(sessions.numAffectedRows ?? 0), tokens: Number(tokens.numAffectedRows ?? 0) };
    },
  };
}
