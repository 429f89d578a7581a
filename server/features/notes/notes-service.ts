// Personal notes: owned by one student. The email in a path must be the caller's own
// (admins may read, never write, anyone's).
import type { Note, NoteBody, NotePage } from '#contract/notes.ts';
import type { AppDeps } from '#server/app-deps.ts';
import { recordAdminAccess } from '#server/audit/admin-audit.ts';
import type { CurrentUser } from '#server/auth/current-user.ts';
import { decodeCursor, pageFrom } from '#server/db/keyset-cursor.ts';
import { forbidden, notFound } from '#server/errors.ts';
import { newId } from '#server/ids.ts';
import { notesRepository, type NoteRow } from './notes-repository.ts';

const toNote = (row: NoteRow): Note => ({
  id: row.id,
  title: row.title,
  details: row.details,
  studentEmail: row.studentEmail,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

const isOwnEmail = (me: CurrentUser, email: string) => email.toLowerCase() === me.email.toLowerCase();

export function notesService(deps: AppDeps) {
  const notes = notesRepository(deps.db.kysely);

  function assertCanRead(me: CurrentUser, email: string): void {
    if (!isOwnEmail(me, email) && me.role !== 'admin') throw forbidden('errors.notes.readOwn');
  }
  function assertOwner(me: CurrentUser, email: string): void {
    if (!isOwnEmail(me, email)) throw forbidden('errors.notes.changeOwn');
  }

  return {
    async create(me: CurrentUser, body: NoteBody): Promise<Note> {
      if (me.role !== 'student') throw forbidden('errors.notes.studentsOnly');
      const now = deps.now();
      const id = newId(now.getTime());
      await notes.insert({ id, studentId: me.id, title: body.title, details: body.details, now: now.toISOString() });
      return toNote((await notes.findById(id))!);
    },

    /** An admin's read of another student's notes is recorded before it is answered (decision 040). */
    async list(me: CurrentUser, email: string, page: { limit: number; cursor?: string }, ip: string | null = null): Promise<NotePage> {
      assertCanRead(me, email);
      const after = decodeCursor(page.cursor, ['string', 'string'] as const);
      const owner = isOwnEmail(me, email) ? { id: me.id } : await notes.findUserIdByEmail(email);
      if (!owner) throw notFound('errors.users.noUserEmail');
      const rows = await notes.listForStudent(owner.id, page.limit + 1, after);
      const { items, nextCursor } = pageFrom(rows, page.limit, (r) => [r.updatedAt, r.id]);
      await recordAdminAccess(deps.db.kysely, { me, ip }, owner, { action: 'user.notes_viewed', targetType: 'user', targetId: owner.id, details: { email, notes: items.length } }, deps.now());
      return { items: items.map(toNote), nextCursor };
    },

    async get(me: CurrentUser, email: string, id: string, ip: string | null = null): Promise<Note> {
      assertCanRead(me, email);
      const row = await notes.findById(id);
      // A note of somebody else under this email looks exactly like a missing one.
      if (!row || row.studentEmail.toLowerCase() !== email.toLowerCase()) throw notFound('errors.notes.notFound');
      await recordAdminAccess(deps.db.kysely, { me, ip }, { id: row.studentId }, { action: 'user.note_viewed', targetType: 'user', targetId: row.studentId, details: { email: row.studentEmail, noteId: row.id, title: row.title } }, deps.now());
      return toNote(row);
    },

    async update(me: CurrentUser, email: string, id: string, body: NoteBody): Promise<Note> {
      assertOwner(me, email);
      const changed = await notes.update(id, me.id, { title: body.title, details: body.details, now: deps.now().toISOString() });
      if (!changed) throw notFound('errors.notes.notFound');
      return toNote((await notes.findById(id))!);
    },

    async delete(me: CurrentUser, email: string, id: string): Promise<void> {
      assertOwner(me, email);
      if (!(await notes.delete(id, me.id))) throw notFound('errors.notes.notFound');
    },
  };
}
