import type { Kysely } from 'kysely';
import { prepare } from '#server/db/prepared.ts';
import type { Database } from '#server/db/schema.ts';
import { afterKey } from '#server/db/keyset.ts';

export interface NoteRow {
  id: string;
  studentId: string;
  studentEmail: string;
  title: string;
  details: string;
  createdAt: string;
  updatedAt: string;
}

const withOwner = (db: Kysely<Database>) =>
  db
    .selectFrom('note')
    .innerJoin('user', 'user.id', 'note.studentId')
    .select(['note.id', 'note.studentId', 'user.email as studentEmail', 'note.title', 'note.details', 'note.createdAt', 'note.updatedAt']);

/** A student's notes, most recently updated first: the first page, and a page after (updatedAt, id). */
const firstPage = prepare((db, p: { studentId: string; limit: number }) =>
  withOwner(db).where('note.studentId', '=', p.studentId).orderBy('note.updatedAt', 'desc').orderBy('note.id', 'desc').limit(p.limit),
);
const pageAfter = prepare((db, p: { studentId: string; limit: number; updatedAt: string; id: string }) =>
  withOwner(db)
    .where('note.studentId', '=', p.studentId)
    .where((eb) => afterKey(eb, ['note.updatedAt', 'note.id'], [p.updatedAt, p.id], 'desc'))
    .orderBy('note.updatedAt', 'desc')
    .orderBy('note.id', 'desc')
    .limit(p.limit),
);

export function notesRepository(db: Kysely<Database>) {
  const notesWithOwner = () => withOwner(db);

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
    async listForStudent(studentId: string, limit: number, after?: readonly [string, string]): Promise<NoteRow[]> {
      const result = after ? await pageAfter(db, { studentId, limit, updatedAt: after[0], id: after[1] }) : await firstPage(db, { studentId, limit });
      return result.rows;
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
