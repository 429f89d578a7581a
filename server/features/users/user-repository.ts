// The users' own rows (better-auth's `user` table): found by email or id, and a profile change
// copied where the name is shown. Prepared (decision 030); the dates are the dialect's (auth-columns.ts).
import { authColumns } from '#server/db/auth-columns.ts';
import type { Db } from '#server/db/database.ts';
import { prepare } from '#server/db/prepared.ts';

const userByEmail = prepare((db, p: { email: string }) => db.selectFrom('user').selectAll().where('email', '=', p.email));
const userById = prepare((db, p: { id: string }) => db.selectFrom('user').selectAll().where('id', '=', p.id));

type ProfileValues = { id: string; name: string; image: string | null; updatedAt: Date | string };
/** The name, and the photo when the change has one. */
const updateName = prepare((db, p: ProfileValues) => db.updateTable('user').set({ name: p.name, updatedAt: p.updatedAt }).where('id', '=', p.id).returningAll());
const updateNameAndImage = prepare((db, p: ProfileValues) =>
  db.updateTable('user').set({ name: p.name, image: p.image, updatedAt: p.updatedAt }).where('id', '=', p.id).returningAll(),
);
/** The user's name where it is copied: their sessions' tutor name, their reviews. */
const renameTutor = prepare((db, p: { id: string; name: string }) =>
  db.updateTable('study_session').set({ tutorName: p.name }).where('tutorId', '=', p.id).where('tutorName', '!=', p.name),
);
const renameReviewer = prepare((db, p: { id: string; name: string }) =>
  db.updateTable('review').set({ studentName: p.name }).where('studentId', '=', p.id).where('studentName', '!=', p.name),
);

export function userRepository(database: Db) {
  const db = database.kysely;
  const auth = authColumns(database.dialect);
  return {
    async findByEmail(email: string) {
      return (await userByEmail(db, { email: email.toLowerCase() })).rows[0];
    },
    async findById(id: string) {
      return (await userById(db, { id })).rows[0];
    },
    /** Also renames the user where their name is copied (their sessions' tutor name, their reviews). */
    updateProfile(id: string, patch: { name: string; image?: string | null }, now: Date) {
      return db.transaction().execute(async (trx) => {
        const values = { id, name: patch.name, image: patch.image ?? null, updatedAt: auth.date(now) };
        const row = (await (patch.image === undefined ? updateName : updateNameAndImage)(trx, values)).rows[0];
        if (!row) throw new Error('user: no such user to update');
        await renameTutor(trx, { id, name: row.name });
        await renameReviewer(trx, { id, name: row.name });
        return row;
      });
    },
  };
}
