// The only SQL of the materials feature.
import { sql, type Kysely } from 'kysely';
import { prepare } from '#server/db/prepared.ts';
import type { Database, MaterialTable } from '#server/db/schema.ts';
import { keysetPage } from '#server/db/keyset.ts';

/** Whose materials a list shows: the tutor's own, those a student booked, or all (admin). */
export type MaterialScope = { tutorId: string } | { studentId: string } | 'all';

export type NewMaterial = MaterialTable;
export type MaterialContentPatch = Pick<MaterialTable, 'fileKey' | 'fileName' | 'mimeType' | 'fileSize' | 'link'>;

/** Whether the student holds a confirmed booking of the session (decision 030: prepared). */
const confirmedBookingOf = prepare((db, p: { sessionId: string; studentId: string }) =>
  db.selectFrom('booking').select('id').where('sessionId', '=', p.sessionId).where('studentId', '=', p.studentId).where('status', '=', sql.lit('confirmed')),
);

export function materialRepository(db: Kysely<Database>) {
  const withSession = () =>
    db
      .selectFrom('material as m')
      .innerJoin('study_session as s', 's.id', 'm.sessionId')
      .selectAll('m')
      .select(['s.title as sessionTitle', 's.tutorName as tutorName']);

  return {
    findSession(id: string) {
      return db.selectFrom('study_session').select(['id', 'tutorId', 'status', 'title']).where('id', '=', id).executeTakeFirst();
    },

    approvedSessionsOf(tutorId: string) {
      return db.selectFrom('study_session').select(['id', 'title']).where('tutorId', '=', tutorId).where('status', '=', 'approved').orderBy('createdAt').execute();
    },

    async hasConfirmedBooking(sessionId: string, studentId: string): Promise<boolean> {
      return (await confirmedBookingOf(db, { sessionId, studentId })).rows.length > 0;
    },

    findById(id: string) {
      return withSession().where('m.id', '=', id).executeTakeFirst();
    },

    async list(scope: MaterialScope, opts: { sessionId?: string; cursor?: string; limit: number }) {
      let q = withSession();
      if (scope !== 'all' && 'tutorId' in scope) q = q.where('m.tutorId', '=', scope.tutorId);
      if (scope !== 'all' && 'studentId' in scope) {
        const studentId = scope.studentId;
        q = q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('booking as b')
              .select('b.id')
              .whereRef('b.sessionId', '=', 'm.sessionId')
              .where('b.studentId', '=', studentId)
              .where('b.status', '=', 'confirmed'),
          ),
        );
      }
      if (opts.sessionId) q = q.where('m.sessionId', '=', opts.sessionId);
      // Newest first, by (createdAt, id).
      return keysetPage(q, { columns: ['m.createdAt', 'm.id'], order: 'desc', keyOf: (row) => [row.createdAt, row.id] }, opts);
    },

    async insert(row: NewMaterial) {
      await db.insertInto('material').values(row).execute();
    },

    async update(id: string, patch: Partial<MaterialContentPatch> & { title: string; updatedAt: string }) {
      await db.updateTable('material').set(patch).where('id', '=', id).execute();
    },

    /** Deletes the row; returns the stored file it pointed to (to remove from disk), if any. */
    async delete(id: string): Promise<{ fileKey: string | null } | undefined> {
      return db.deleteFrom('material').where('id', '=', id).returning('fileKey').executeTakeFirst();
    },

    async deleteOfSession(sessionId: string): Promise<Array<{ fileKey: string | null }>> {
      return db.deleteFrom('material').where('sessionId', '=', sessionId).returning('fileKey').execute();
    },
  };
}

export type MaterialRow = NonNullable<Awaited<ReturnType<ReturnType<typeof materialRepository>['findById']>>>;
