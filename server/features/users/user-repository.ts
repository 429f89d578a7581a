import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

export function userRepository(db: Kysely<Database>) {
  return {
    findByEmail(email: string) {
      return db.selectFrom('user').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
    },
    findById(id: string) {
      return db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirst();
    },
    updateProfile(id: string, patch: { name: string; image?: string | null }, now: Date | string) {
      return db
        .updateTable('user')
        .set({ ...patch, updatedAt: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}
