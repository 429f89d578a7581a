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

const insertNote = prepare((db, p: { id: string; studentId: string; title: string; details: string; now: string }) =>
  db.insertInto('note').values({ id: p.id, studentId: p.studentId, title: p.title, details: p.details, createdAt: p.now, updatedAt: p.now }),
);
const noteById = prepare((db, p: { id: string }) => withOwner(db).where('note.id', '=', p.id));
/** Changes or deletes the note only if the student owns it. */
const updateOwnNote = prepare((db, p: { id: string; studentId: string; title: string; details: string; now: string }) =>
  db.updateTable('note').set({ title: p.title, details: p.details, updatedAt: p.now }).where('id', '=', p.id).where('studentId', '=', p.studentId),
);
const deleteOwnNote = prepare((db, p: { id: string; studentId: string }) => db.deleteFrom('note').where('id', '=', p.id).where('studentId', '=', p.studentId));
const userIdByEmail = prepare((db, p: { email: string }) => db.selectFrom('user').select('id').where('email', '=', p.email));

export function notesRepository(db: Kysely<Database>) {
  return {
    async insert(row: { id: string; studentId: string; title: string; details: string; now: string }): Promise<void> {
      await insertNote(db, row);
    },

    async findById(id: string): Promise<NoteRow | undefined> {
      return (await noteById(db, { id })).rows[0];
    },

    /** Most recently updated first; `after` is the (updatedAt, id) of the previous page's last row. */
    async listForStudent(studentId: string, limit: number, after?: readonly [string, string]): Promise<NoteRow[]> {
      const result = after ? await pageAfter(db, { studentId, limit, updatedAt: after[0], id: after[1] }) : await firstPage(db, { studentId, limit });
      return result.rows;
    },

    /** Changes the note only if `studentId` owns it; false when no such note of theirs. */
    async update(id: string, studentId: string, patch: { title: string; details: string; now: string }): Promise<boolean> {
      const result = await updateOwnNote(db, { id, studentId, ...patch });
      return (result.numAffectedRows ?? 0n) > 0n;
    },

    async delete(id: string, studentId: string): Promise<boolean> {
      const result = await deleteOwnNote(db, { id, studentId });
      return (result.numAffectedRows ?? 0n) > 0n;
    },

    async findUserIdByEmail(email: string): Promise<{ id: string } | undefined> {
      return (await userIdByEmail(db, { email: email.toLowerCase() })).rows[0];
    },
  };
}
