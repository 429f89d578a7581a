// Reviews: only a student who booked the session, once class has started (never
// for a class called off, nor on a booking cancelled before class: its row is gone);
// one per student and session, editable; rating an integer 1–5 (the contract and a CHECK).
import type { MyReview, Review, ReviewBody, ReviewPage, UpdateReviewBody } from '#contract/reviews.ts';
import type { CoreDeps } from '#server/core-deps.ts';
import type { CurrentUser } from '#server/auth/current-user.ts';
import { isUniqueViolation } from '#server/db/constraint-errors.ts';
import { decodeCursor, pageFrom } from '#server/db/keyset-cursor.ts';
import { conflict, forbidden, notFound } from '#server/errors.ts';
import { newId } from '#server/ids.ts';
import { reviewsRepository, type ReviewRow, type SaveReviewInput } from './reviews-repository.ts';

const toReview = (row: ReviewRow): Review => ({
  id: row.id,
  sessionId: row.sessionId,
  studentName: row.studentName,
  rating: row.rating,
  review: row.review,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** One decimal, as shown on the details page; null when nobody rated yet. */
export const averageRating = (sum: number, count: number): number | null => (count > 0 ? Math.round((sum / count) * 10) / 10 : null);

export function reviewsService(deps: CoreDeps) {
  const reviews = reviewsRepository(deps.db.kysely);
  /** One try; 'retry' when a concurrent first review of the same student won the unique constraint. */
  const saveOnce = async (input: SaveReviewInput) => {
    try {
      return await deps.db.unitOfWork((work) => reviews.save(work, input));
    } catch (error) {
      if (isUniqueViolation(error)) return 'retry' as const;
      throw error;
    }
  };

  async function save(me: CurrentUser, sessionId: string, body: UpdateReviewBody): Promise<{ review: Review; created: boolean }> {
    if (me.role !== 'student') throw forbidden('errors.reviews.bookedOnly');
    const session = await reviews.findSession(sessionId);
    if (!session) throw notFound('errors.sessions.notFound');
    // A class called off never took place: its bookings stay for history, but give no review.
    if (session.status === 'cancelled') throw conflict('errors.reviews.sessionCancelled');
    const booking = await reviews.confirmedBooking(sessionId, me.id);
    if (!booking) throw forbidden('errors.reviews.bookedOnly');
    // Reviews come from those who came: a student the tutor marked absent cannot review.
    if (booking.attendance === 'absent') throw forbidden('errors.reviews.absent');
    if (deps.now().getTime() < Date.parse(session.classStartDate)) throw conflict('errors.reviews.notStarted');
    const now = deps.now();
    const input = { id: newId(now.getTime()), sessionId, studentId: me.id, studentName: me.name, rating: body.rating, review: body.review, now: now.toISOString() };
    let result = await saveOnce(input);
    if (result === 'retry') result = await saveOnce(input);
    if (result === 'retry') throw conflict('errors.reviews.saving');
    return { review: toReview(result.row), created: result.created };
  }

  return {
    /** POST /api/review: a second POST by the same student updates their review. */
    create: (me: CurrentUser, body: ReviewBody) => save(me, body.sessionId, body),

    async update(me: CurrentUser, reviewId: string, body: UpdateReviewBody): Promise<Review> {
      const existing = await reviews.findById(reviewId);
      if (!existing) throw notFound('errors.reviews.notFound');
      if (existing.studentId !== me.id) throw forbidden('errors.reviews.changeOwn');
      return (await save(me, existing.sessionId, body)).review;
    },

    async list(sessionId: string, page: { limit: number; cursor?: string }): Promise<ReviewPage> {
      const after = decodeCursor(page.cursor, ['string', 'string'] as const);
      const found = await reviews.pageOfSession(sessionId, page.limit + 1, after);
      // A cancelled session's page still shows its (empty) reviews.
      if (!found || (found.session.status !== 'approved' && found.session.status !== 'cancelled')) throw notFound('errors.sessions.notFound');
      const { session } = found;
      const { items, nextCursor } = pageFrom(found.reviews, page.limit, (r) => [r.createdAt, r.id]);
      return { items: items.map(toReview), nextCursor, average: averageRating(session.ratingSum, session.ratingCount), count: session.ratingCount };
    },

    async mine(me: CurrentUser, sessionId: string): Promise<MyReview> {
      const row = await reviews.findByStudent(sessionId, me.id);
      return { review: row ? toReview(row) : null };
    },
  };
}
