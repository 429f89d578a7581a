import { authColumns } from '#server/db/auth-columns.ts';
import type { Db } from '#server/db/database.ts';

export function userRepository(database: Db) {
  const db = database.kysely;
  const auth = authColumns(database.dialect);
  return {
    findByEmail(email: string) {
      return db.selectFrom('user').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
    },
    findById(id: string) {
      return db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Also renames the user where their name is copied (their sessions' tutor name, their reviews). */
    updateProfile(id: string, patch: { name: string; image?: string | null }, now: Date) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('user')
          .set({ ...patch, updatedAt: auth.date(now) })
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
