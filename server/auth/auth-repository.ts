// The only SQL of the auth bridge (server/auth) besides better-auth's own adapter: what our
// hooks, routes and purge job read and write around better-auth's tables.
import type { Kysely } from 'kysely';
import { authColumns } from '#server/db/auth-columns.ts';
import type { Dialect } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';

export function authRepository(db: Kysely<Database>, dialect: Dialect) {
  const columns = authColumns(dialect);
  return {
    /** Whether the account may sign in: undefined when it does not exist. */
    async isBlocked(userId: string): Promise<boolean | undefined> {
      const row = await db.selectFrom('user').select('blocked').where('id', '=', userId).executeTakeFirst();
      return row ? Boolean(row.blocked) : undefined;
    },

    async recordSignIn(userId: string, at: Date): Promise<void> {
      await db.updateTable('user').set({ lastSeen: columns.date(at) }).where('id', '=', userId).execute();
    },

    async userIdByEmail(email: string): Promise<string | undefined> {
      return (await db.selectFrom('user').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst())?.id;
    },

    /** Makes an existing account an admin; false when no account has this email (ADMIN_EMAIL at start). */
    async promoteToAdmin(email: string): Promise<boolean> {
      const result = await db.updateTable('user').set({ role: 'admin' }).where('email', '=', email.toLowerCase()).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Deletes the sign-in sessions and one-time tokens that expired before `before` (ISO). */
    async purgeExpired(before: string): Promise<{ sessions: number; tokens: number }> {
      const sessions = await db.deleteFrom('session').where('expiresAt', '<', before).executeTakeFirst();
      const tokens = await db.deleteFrom('verification').where('expiresAt', '<', before).executeTakeFirst();
      return { sessions: Number(sessions.numDeletedRows), tokens: Number(tokens.numDeletedRows) };
    },
  };
}
