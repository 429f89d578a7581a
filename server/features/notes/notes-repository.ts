import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

export interface NoteRow {
  id: string;
  studentId: string;
  studentEmail: string;
  title: string;
  details: string;
  createdAt: string;
  updatedAt: string;
}

export function notesRepository(db: Kysely<Database>) {
  const notesWithOwner = () =>
    db
      .selectFrom('note')
      .innerJoin('user', 'user.id', 'note.studentId')
      .select(['note.id', 'note.studentId', 'user.email as studentEmail', 'note.title', 'note.details', 'note.createdAt', 'note.updatedAt']);

  return {
    async insert(row: { id: string; studentId: string; title: string; details: string; now: string }): Promise<void> {
      await db
        .insertInto('note')
        .values({ id: row.id, studentId: row.studentId, title: row.title, details: row.details, createdAt: row.now, updatedAt: row.now })
        .execute();
    },

    findById(id: string): Promise<NoteRow | undefined> {
      return notesWithOwner().where('note.id', '=', id).executeTakeFirst();
    },

    /** Most recently updated first; `after` is the (updatedAt, id) of the previous page's last row. */
    listForStudent(studentId: string, limit: number, after?: readonly [string, string]): Promise<NoteRow[]> {
      return notesWithOwner()
        .where('note.studentId', '=', studentId)
        .$if(after !== undefined, (q) =>
          q.where((eb) =>
            eb.or([eb('note.updatedAt', '<', after![0]), eb.and([eb('note.updatedAt', '=', after![0]), eb('note.id', '<', after![1])])]),
          ),
        )
        .orderBy('note.updatedAt', 'desc')
        .orderBy('note.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Changes the note only if `studentId` owns it; false when no such note of theirs. */
    async update(id: string, studentId: string, patch: { title: string; details: string; now: string }): Promise<boolean> {
      const result = await db
        .updateTable('note')
        .set({ title: patch.title, details: patch.details, updatedAt: patch.now })
        .where('id', '=', id)
        .where('studentId', '=', studentId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async delete(id: string, studentId: string): Promise<boolean> {
      const result = await db.deleteFrom('note').where('id', '=', id).where('studentId', '=', studentId).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    findUserIdByEmail(email: string): Promise<{ id: string } | undefined> {
      return db.selectFrom('user').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst();
    },
  };
}
