import { sql, type Kysely, type Selectable } from 'kysely';
import { prepare } from '#server/db/prepared.ts';
import { locking } from '#server/db/row-lock.ts';
import type { Work } from '#server/db/unit-of-work.ts';
import type { Database, ReviewTable } from '#server/db/schema.ts';
import { afterKey } from '#server/db/keyset.ts';

/** A review as stored: the table's row (schema.ts), not a second list of its fields. */
export type ReviewRow = Selectable<ReviewTable>;

/** A review to write: its row but the times, which `now` gives. */
export type SaveReviewInput = Omit<ReviewRow, 'createdAt' | 'updatedAt'> & { now: string };

/** The student's confirmed booking of the session, with their attendance. */
const confirmedBookingQuery = prepare((db, p: { sessionId: string; studentId: string }) =>
  db.selectFrom('booking').select('attendance').where('sessionId', '=', p.sessionId).where('studentId', '=', p.studentId).where('status', '=', sql.lit('confirmed')),
);
const sessionById = prepare((db, p: { id: string }) =>
  db.selectFrom('study_session').select(['id', 'status', 'classStartDate', 'ratingSum', 'ratingCount']).where('id', '=', p.id),
);
const reviewById = prepare((db, p: { id: string }) => db.selectFrom('review').selectAll().where('id', '=', p.id));
const reviewOfStudent = prepare((db, p: { sessionId: string; studentId: string }) =>
  db.selectFrom('review').selectAll().where('sessionId', '=', p.sessionId).where('studentId', '=', p.studentId),
);
/** The same, locked until the unit of work ends (server/db/row-lock.ts). */
const lockedReviewOfStudent = prepare((db, p: { sessionId: string; studentId: string }) =>
  locking(db, db.selectFrom('review').selectAll().where('sessionId', '=', p.sessionId).where('studentId', '=', p.studentId)),
);
/**
 * A session's reviews, newest first (the first page, or a page after (createdAt, id)), with the
 * session's status and rating beside them in one read: one row per review, or one row with no
 * review when there is none (left join), none when there is no such session.
 */
const sessionReviewsQuery = (paged: boolean) =>
  prepare((db, p: { sessionId: string; limit: number; createdAt: string; id: string }) => {
    const reviews = db
      .selectFrom('review')
      .selectAll()
      .where('sessionId', '=', p.sessionId)
      .$if(paged, (q) => q.where((eb) => afterKey(eb, ['createdAt', 'id'], [p.createdAt, p.id], 'desc')))
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(p.limit);
    return db
      .selectFrom('study_session as s')
      .leftJoin(reviews.as('r'), (join) => join.onTrue())
      .select(['s.status as sessionStatus', 's.ratingSum as sessionRatingSum', 's.ratingCount as sessionRatingCount'])
      .selectAll('r')
      .where('s.id', '=', p.sessionId)
      .orderBy('r.createdAt', 'desc')
      .orderBy('r.id', 'desc');
  });
const sessionReviewsFirst = sessionReviewsQuery(false);
const sessionReviewsAfter = sessionReviewsQuery(true);
const updateReview = prepare((db, p: { id: string; rating: number; review: string; studentName: string; now: string }) =>
  db.updateTable('review').set({ rating: p.rating, review: p.review, studentName: p.studentName, updatedAt: p.now }).where('id', '=', p.id),
);
const insertReview = prepare((db, p: ReviewRow) =>
  db.insertInto('review').values({
    id: p.id,
    sessionId: p.sessionId,
    studentId: p.studentId,
    studentName: p.studentName,
    rating: p.rating,
    review: p.review,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  }),
);
/** A replaced review moves the session's rating sum by the difference; a new one adds a rating. */
const moveRatingSum = prepare((db, p: { sessionId: string; difference: number }) =>
  db.updateTable('study_session').set((eb) => ({ ratingSum: eb('ratingSum', '+', p.difference) })).where('id', '=', p.sessionId),
);
const addRating = prepare((db, p: { sessionId: string; rating: number }) =>
  db
    .updateTable('study_session')
    .set((eb) => ({ ratingSum: eb('ratingSum', '+', p.rating), ratingCount: eb('ratingCount', '+', eb.lit(1)) }))
    .where('id', '=', p.sessionId),
);

export function reviewsRepository(db: Kysely<Database>) {
  return {
    async findSession(id: string) {
      return (await sessionById(db, { id })).rows[0];
    },

    /** The student's confirmed booking of the session, with their attendance (null = not marked); undefined when none. */
    async confirmedBooking(sessionId: string, studentId: string): Promise<{ attendance: 'present' | 'absent' | null } | undefined> {
      return (await confirmedBookingQuery(db, { sessionId, studentId })).rows[0];
    },

    async findById(id: string): Promise<ReviewRow | undefined> {
      return (await reviewById(db, { id })).rows[0];
    },

    async findByStudent(sessionId: string, studentId: string): Promise<ReviewRow | undefined> {
      return (await reviewOfStudent(db, { sessionId, studentId })).rows[0];
    },

    /**
     * A page of the session's reviews, newest first (`after`: the previous page's last (createdAt,
     * id)), and the session's status and rating; undefined when there is no such session.
     */
    async pageOfSession(sessionId: string, limit: number, after?: readonly [string, string]) {
      const { rows } = after
        ? await sessionReviewsAfter(db, { sessionId, limit, createdAt: after[0], id: after[1] })
        : await sessionReviewsFirst(db, { sessionId, limit, createdAt: '', id: '' });
      const first = rows[0];
      if (!first) return undefined;
      const session = { status: first.sessionStatus, ratingSum: Number(first.sessionRatingSum), ratingCount: Number(first.sessionRatingCount) };
      const reviews = rows.filter((row) => row.id !== null).map(({ sessionStatus: _s, sessionRatingSum: _r, sessionRatingCount: _c, ...review }) => review as ReviewRow);
      return { session, reviews };
    },

    /**
     * Creates the student's review of the session or replaces it, and moves the session's
     * rating sum and count by the difference in the same transaction, so the average never
     * disagrees with the reviews, in the caller's unit of work. A concurrent first review of the
     * same student that won the unique constraint makes it throw (isUniqueViolation): the caller
     * saves again in a new unit, which then updates.
     */
    async save(work: Work, input: SaveReviewInput): Promise<{ row: ReviewRow; created: boolean }> {
      const trx = await work.db();
      const existing = (await lockedReviewOfStudent(trx, { sessionId: input.sessionId, studentId: input.studentId })).rows[0];
      if (existing) {
        await updateReview(trx, { id: existing.id, rating: input.rating, review: input.review, studentName: input.studentName, now: input.now });
        await moveRatingSum(trx, { sessionId: input.sessionId, difference: input.rating - existing.rating });
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
      await insertReview(trx, row);
      await addRating(trx, { sessionId: input.sessionId, rating: input.rating });
      return { row, created: true };
    },
  };
}
