// The users' own rows (better-auth's `user` table): found by email or id, and a profile change
// copied where the name is shown. Prepared (decision 030); the dates are the dialect's (auth-columns.ts).
import { authColumns } from '#server/db/auth-columns.ts';
import type { Kysely } from 'kysely';
import { prepare } from '#server/db/prepared.ts';
import type { Database } from '#server/db/schema.ts';

const userByEmail = prepare((db, p: { email: string }) => db.selectFrom('user').selectAll().where('email', '=', p.email));
const userById = prepare((db, p: { id: string }) => db.selectFrom('user').selectAll().where('id', '=', p.id));

type ProfileValues = { id: string; name: string; image: string | null; updatedAt: Date | string };
/** The name, and the photo when the change has one. */
const updateName = prepare((db, p: ProfileValues) => db.updateTable('user').set({ name: p.name, updatedAt: p.updatedAt }).where('id', '=', p.id).returningAll());
const updateNameAndImage = prepare((db, p: ProfileValues) =>
  db.updateTable('user').set({ name: p.name, image: p.image, updatedAt: p.updatedAt }).where('id', '=', p.id).returningAll(),
);
const updateTimeZone = prepare((db, p: { id: string; timeZone: string | null; updatedAt: Date | string }) =>
  db.updateTable('user').set({ timeZone: p.timeZone, updatedAt: p.updatedAt }).where('id', '=', p.id).returningAll(),
);
/** The user's name where it is copied: their sessions' tutor name, their reviews. */
const renameTutor = prepare((db, p: { id: string; name: string }) =>
  db.updateTable('study_session').set({ tutorName: p.name }).where('tutorId', '=', p.id).where('tutorName', '!=', p.name),
);
const renameReviewer = prepare((db, p: { id: string; name: string }) =>
  db.updateTable('review').set({ studentName: p.name }).where('studentId', '=', p.id).where('studentName', '!=', p.name),
);

/** Built on the database, or on a unit of work's transaction (`await work.db()`) for a profile's renames. */
export function userRepository(db: Kysely<Database>) {
  const auth = authColumns(db);
  return {
    async findByEmail(email: string) {
      return (await userByEmail(db, { email: email.toLowerCase() })).rows[0];
    },
    async findById(id: string) {
      return (await userById(db, { id })).rows[0];
    },
    /** Also renames the user where their name is copied (their sessions' tutor name, their reviews): in a unit of work. */
    async updateProfile(id: string, patch: { name: string; image?: string | null }, now: Date) {
      const values = { id, name: patch.name, image: patch.image ?? null, updatedAt: auth.date(now) };
      const row = (await (patch.image === undefined ? updateName : updateNameAndImage)(db, values)).rows[0];
      if (!row) throw new Error('user: no such user to update');
      await renameTutor(db, { id, name: row.name });
      await renameReviewer(db, { id, name: row.name });
      return row;
    },
    /** The zone the user's emails give times in (null: UTC). */
    async setTimeZone(id: string, timeZone: string | null, now: Date) {
      const row = (await updateTimeZone(db, { id, timeZone, updatedAt: auth.date(now) })).rows[0];
      if (!row) throw new Error('user: no such user to update');
      return row;
    },
  };
}
