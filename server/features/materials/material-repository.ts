// The only SQL of the materials feature.
import { sql, type Kysely, type Selectable } from 'kysely';
import { perShape } from '#server/db/prepared-shapes.ts';
import { prepare } from '#server/db/prepared.ts';
import type { Database, MaterialTable } from '#server/db/schema.ts';
import { afterKey } from '#server/db/keyset.ts';
import { decodeCursor, pageFrom } from '#server/db/keyset-cursor.ts';

/** Whose materials a list shows: the tutor's own, those a student booked, or all (admin). */
export type MaterialScope = { tutorId: string } | { studentId: string } | 'all';

export type NewMaterial = MaterialTable;
export type MaterialContentPatch = Pick<MaterialTable, 'fileKey' | 'fileName' | 'mimeType' | 'fileSize' | 'link'>;

/** Whether the student holds a confirmed booking of the session. */
const confirmedBookingOf = prepare((db, p: { sessionId: string; studentId: string }) =>
  db.selectFrom('booking').select('id').where('sessionId', '=', p.sessionId).where('studentId', '=', p.studentId).where('status', '=', sql.lit('confirmed')),
);
const sessionById = prepare((db, p: { id: string }) => db.selectFrom('study_session').select(['id', 'tutorId', 'status', 'title']).where('id', '=', p.id));
const approvedSessionsOfTutor = prepare((db, p: { tutorId: string }) =>
  db.selectFrom('study_session').select(['id', 'title']).where('tutorId', '=', p.tutorId).where('status', '=', sql.lit('approved')).orderBy('createdAt'),
);

const withSession = (db: Kysely<Database>) =>
  db
    .selectFrom('material as m')
    .innerJoin('study_session as s', 's.id', 'm.sessionId')
    .selectAll('m')
    .select(['s.title as sessionTitle', 's.tutorName as tutorName']);

const materialById = prepare((db, p: { id: string }) => withSession(db).where('m.id', '=', p.id));

/**
 * A list's shape: whose materials, whether of one session, whether after a cursor. Each shape is
 * one prepared query (decision 030), made at its first use: 3 × 2 × 2 at most.
 */
type ListShape = {
  scope: 'tutor' | 'student' | 'all';
  ofSession: boolean;
  after: boolean;
};
/** The values of a list; a shape reads only its own. */
type ListValues = {
  tutorId: string;
  studentId: string;
  sessionId: string;
  createdAt: string;
  id: string;
  limit: number;
};
const listQueryOf = perShape((shape: ListShape) =>
  prepare((db, p: ListValues) => {
    let q = withSession(db);
    if (shape.scope === 'tutor') q = q.where('m.tutorId', '=', p.tutorId);
    if (shape.scope === 'student') {
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('booking as b')
            .select('b.id')
            .whereRef('b.sessionId', '=', 'm.sessionId')
            .where('b.studentId', '=', p.studentId)
            .where('b.status', '=', sql.lit('confirmed')),
        ),
      );
    }
    if (shape.ofSession) q = q.where('m.sessionId', '=', p.sessionId);
    // Newest first, by (createdAt, id).
    if (shape.after) q = q.where((eb) => afterKey(eb, ['m.createdAt', 'm.id'], [p.createdAt, p.id], 'desc'));
    return q.orderBy('m.createdAt', 'desc').orderBy('m.id', 'desc').limit(p.limit);
  }),
);

const insertMaterial = prepare((db, p: Selectable<NewMaterial>) =>
  db.insertInto('material').values({
    id: p.id,
    sessionId: p.sessionId,
    tutorId: p.tutorId,
    title: p.title,
    fileKey: p.fileKey,
    fileName: p.fileName,
    mimeType: p.mimeType,
    fileSize: p.fileSize,
    link: p.link,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  }),
);
/** A new title only, or a new title with new content (a link, or a file). */
const renameMaterial = prepare((db, p: { id: string; title: string; updatedAt: string }) =>
  db.updateTable('material').set({ title: p.title, updatedAt: p.updatedAt }).where('id', '=', p.id),
);
const replaceMaterial = prepare((db, p: MaterialContentPatch & { id: string; title: string; updatedAt: string }) =>
  db
    .updateTable('material')
    .set({ title: p.title, updatedAt: p.updatedAt, fileKey: p.fileKey, fileName: p.fileName, mimeType: p.mimeType, fileSize: p.fileSize, link: p.link })
    .where('id', '=', p.id),
);
const deleteMaterial = prepare((db, p: { id: string }) => db.deleteFrom('material').where('id', '=', p.id).returning('fileKey'));
const deleteMaterialsOfSession = prepare((db, p: { sessionId: string }) => db.deleteFrom('material').where('sessionId', '=', p.sessionId).returning('fileKey'));

export function materialRepository(db: Kysely<Database>) {
  return {
    async findSession(id: string) {
      return (await sessionById(db, { id })).rows[0];
    },

    async approvedSessionsOf(tutorId: string) {
      return (await approvedSessionsOfTutor(db, { tutorId })).rows;
    },

    async hasConfirmedBooking(sessionId: string, studentId: string): Promise<boolean> {
      return (await confirmedBookingOf(db, { sessionId, studentId })).rows.length > 0;
    },

    async findById(id: string) {
      return (await materialById(db, { id })).rows[0];
    },

    async list(scope: MaterialScope, opts: { sessionId?: string; cursor?: string; limit: number }) {
      const after = decodeCursor(opts.cursor, ['string', 'string']);
      const shape: ListShape = {
        scope: scope === 'all' ? 'all' : 'tutorId' in scope ? 'tutor' : 'student',
        ofSession: Boolean(opts.sessionId),
        after: after !== undefined,
      };
      const values = {
        ...(scope !== 'all' && 'tutorId' in scope ? { tutorId: scope.tutorId } : {}),
        ...(scope !== 'all' && 'studentId' in scope ? { studentId: scope.studentId } : {}),
        ...(opts.sessionId ? { sessionId: opts.sessionId } : {}),
        ...(after ? { createdAt: after[0], id: after[1] } : {}),
        limit: opts.limit + 1,
      };
      // A shape reads only the values it has (prepare checks each one it reads became a parameter).
      const { rows } = await listQueryOf(shape)(db, values as ListValues);
      return pageFrom(rows, opts.limit, (row) => [row.createdAt, row.id]);
    },

    async insert(row: NewMaterial) {
      await insertMaterial(db, row);
    },

    /** A new title, and with `link` given, new content (all of its columns). */
    async update(id: string, patch: { title: string; updatedAt: string } | ({ title: string; updatedAt: string } & MaterialContentPatch)) {
      if ('link' in patch) await replaceMaterial(db, { ...patch, id });
      else await renameMaterial(db, { id, title: patch.title, updatedAt: patch.updatedAt });
    },

    /** Deletes the row; returns the stored file it pointed to (to remove from disk), if any. */
    async delete(id: string): Promise<{ fileKey: string | null } | undefined> {
      return (await deleteMaterial(db, { id })).rows[0];
    },

    async deleteOfSession(sessionId: string): Promise<Array<{ fileKey: string | null }>> {
      return (await deleteMaterialsOfSession(db, { sessionId })).rows;
    },
  };
}

export type MaterialRow = NonNullable<Awaited<ReturnType<ReturnType<typeof materialRepository>['findById']>>>;
