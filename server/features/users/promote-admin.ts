import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

/** Makes an existing account an admin (ADMIN_EMAIL at start; the CLI goes through the admin-users service). */
export async function promoteToAdmin(db: Kysely<Database>, email: string): Promise<boolean> {
  const result = await db.updateTable('user').set({ role: 'admin' }).where('email', '=', email.toLowerCase()).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
