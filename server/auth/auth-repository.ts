// The only SQL of the auth bridge (server/auth) besides better-auth's own adapter: what our
// hooks, routes and purge job read and write around better-auth's tables.
import { sql, type Kysely } from 'kysely';
import { authColumns } from '#server/db/auth-columns.ts';
import type { Dialect } from '#server/db/database.ts';
import { prepare } from '#server/db/prepared.ts';
import type { Database } from '#server/db/schema.ts';

const blockedOf = prepare((db, p: { id: string }) => db.selectFrom('user').select('blocked').where('id', '=', p.id));
const setLastSeen = prepare((db, p: { id: string; lastSeen: Date | string }) => db.updateTable('user').set({ lastSeen: p.lastSeen }).where('id', '=', p.id));
const userIdOf = prepare((db, p: { email: string }) => db.selectFrom('user').select('id').where('email', '=', p.email));
// Only an address its owner proved (emailVerified), and only a change: see admin-email.ts.
const makeVerifiedAdmin = prepare((db, p: { email: string }) =>
  db.updateTable('user').set({ role: sql.lit('admin') }).where('email', '=', p.email).where('emailVerified', '=', sql.lit(true)).where('role', '<>', sql.lit('admin')),
);
const makeVerifiedUserAdmin = prepare((db, p: { id: string; email: string }) =>
  db.updateTable('user').set({ role: sql.lit('admin') }).where('id', '=', p.id).where('email', '=', p.email).where('emailVerified', '=', sql.lit(true)).where('role', '<>', sql.lit('admin')),
);
const deleteExpiredSessions = prepare((db, p: { before: string }) => db.deleteFrom('session').where('expiresAt', '<', p.before));
const deleteExpiredTokens = prepare((db, p: { before: string }) => db.deleteFrom('verification').where('expiresAt', '<', p.before));

export function authRepository(db: Kysely<Database>, dialect: Dialect) {
  const columns = authColumns(dialect);
  return {
    /** Whether the account may sign in: undefined when it does not exist. */
    async isBlocked(userId: string): Promise<boolean | undefined> {
      const row = (await blockedOf(db, { id: userId })).rows[0];
      return row ? Boolean(row.blocked) : undefined;
    },

    async recordSignIn(userId: string, at: Date): Promise<void> {
      await setLastSeen(db, { id: userId, lastSeen: columns.date(at) });
    },

    async userIdByEmail(email: string): Promise<string | undefined> {
      return (await userIdOf(db, { email: email.toLowerCase() })).rows[0]?.id;
    },

    /** Makes the account with this email an admin if its address is verified (and it is `userId`'s, when given); false when nothing changed. */
    async promoteVerified(email: string, userId?: string): Promise<boolean> {
      const result = userId === undefined ? await makeVerifiedAdmin(db, { email: email.toLowerCase() }) : await makeVerifiedUserAdmin(db, { id: userId, email: email.toLowerCase() });
      return Number(result.numAffectedRows ?? 0) > 0;
    },

    /** Deletes the sign-in sessions and one-time tokens that expired before `before` (ISO). */
    async purgeExpired(before: string): Promise<{ sessions: number; tokens: number }> {
      const sessions = await deleteExpiredSessions(db, { before });
      const tokens = await deleteExpiredTokens(db, { before });
      return { sessions: Number(sessions.numAffectedRows ?? 0), tokens: Number(tokens.numAffectedRows ?? 0) };
    },
  };
}
