import { sql, type Kysely, type Selectable } from 'kysely';
import { isUniqueViolation } from '#server/db/constraint-errors.ts';
import type { Dialect } from '#server/db/database.ts';
import { prepare } from '#server/db/prepared.ts';
import type { Database, ReviewTable } from '#server/db/schema.ts';
import { afterKey } from '#server/db/keyset.ts';

/** A review as stored: the table's row (schema.ts), not a second list of its fields. */
export type ReviewRow = Selectable<ReviewTable>;

/** A review to write: its row but the times, which `now` gives. */
export type SaveReviewInput = Omit<ReviewRow, 'createdAt' | 'updatedAt'> & { now: string };

/** The student's confirmed booking of the session, with their attendance (decision 030: prepared). */
const confirmedBookingQuery = prepare((db, p: { sessionId: string; studentId: string }) =>
  db.selectFrom('booking').select('attendance').where('sessionId', '=', p.sessionId).where('studentId', '=', p.studentId).where('status', '=', sql.lit('confirmed')),
);

export function reviewsRepository(db: Kysely<Database>, dialect: Dialect) {
  return {
    findSession(id: string) {
      return db
        .selectFrom('study_session')
        .select(['id', 'status', 'classStartDate', 'ratingSum', 'ratingCount'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The student's confirmed booking of the session, with their attendance (null = not marked); undefined when none. */
    async confirmedBooking(sessionId: string, studentId: string): Promise<{ attendance: 'present' | 'absent' | null } | undefined> {
      return (await confirmedBookingQuery(db, { sessionId, studentId })).rows[0];
    },

    findById(id: string): Promise<ReviewRow | undefined> {
      return db.selectFrom('review').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByStudent(sessionId: string, studentId: string): Promise<ReviewRow | undefined> {
      return db.selectFrom('review').selectAll().where('sessionId', '=', sessionId).where('studentId', '=', studentId).executeTakeFirst();
    },

    /** Newest first; `after` is the (createdAt, id) of the previous page's last row. */
    listForSession(sessionId: string, limit: number, after?: readonly [string, string]): Promise<ReviewRow[]> {
      return db
        .selectFrom('review')
        .selectAll()
        .where('sessionId', '=', sessionId)
        .$if(after !== undefined, (q) => q.where((eb) => afterKey(eb, ['createdAt', 'id'], after!, 'desc')))
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /**
     * Creates the student's review of the session or replaces it, and moves the session's
     * rating sum and count by the difference in the same transaction, so the average never
     * disagrees with the reviews. 'retry' when a concurrent first review of the same student
     * won the unique constraint (the caller saves again, which then updates).
     */
    async save(input: SaveReviewInput): Promise<{ row: ReviewRow; created: boolean } | 'retry'> {
      try {
        return await db.transaction().execute(async (trx) => {
          const existing = await trx
            .selectFrom('review')
            .selectAll()
            .where('sessionId', '=', input.sessionId)
            .where('studentId', '=', input.studentId)
            .$if(dialect === 'postgres', (q) => q.forUpdate())
            .executeTakeFirst();
          if (existing) {
            await trx
              .updateTable('review')
              .set({ rating: input.rating, review: input.review, studentName: input.studentName, updatedAt: input.now })
              .where('id', '=', existing.id)
              .execute();
            await trx
              .updateTable('study_session')
              .set((eb) => ({ ratingSum: eb('ratingSum', '+', input.rating - existing.rating) }))
              .where('id', '=', input.sessionId)
              .execute();
            return { row: { ...existing, rating: input.rating, review: input.review, studentName: input.studentName, updatedAt: input.now }, created: false };
          }
          const row: ReviewRow = {
            id: input.id,
            sessionId: input.sessionId,
            studentId: input.studentId,
            studentName: input.studentName,
            rating: input.rating,
            review: input.review,
            createdAt: input.now,
            updatedAt: input.now,
          };
          await trx.insertInto('review').values(row).execute();
          await trx
            .updateTable('study_session')
            .set((eb) => ({ ratingSum: eb('ratingSum', '+', input.rating), ratingCount: eb('ratingCount', '+', 1) }))
            .where('id', '=', input.sessionId)
            .execute();
          return { row, created: true };
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'retry';
        throw error;
      }
    },
  };
}
