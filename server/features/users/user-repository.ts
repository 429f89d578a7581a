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
    /** Also renames the user where their name is copied (their sessions' tutor name, their reviews). */
    updateProfile(id: string, patch: { name: string; image?: string | null }, now: Date | string) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('user')
          .set({ ...patch, updatedAt: now })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx.updateTable('study_session').set({ tutorName: row.name }).where('tutorId', '=', id).where('tutorName', '!=', row.name).execute();
        await trx.updateTable('review').set({ studentName: row.name }).where('studentId', '=', id).where('studentName', '!=', row.name).execute();
        return row;
      });
    },
  };
}
