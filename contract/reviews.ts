// Reviews of a session by the students who booked it.
import { z } from 'zod';
import { pageOf, recordTimes } from './common.ts';

const reviewText = z.string().trim().min(1, 'errors.input.reviewRequired').max(2000, 'errors.input.reviewTooLong');
const rating = z
  .number({ error: 'errors.input.rating' })
  .int('errors.input.rating')
  .min(1, 'errors.input.rating')
  .max(5, 'errors.input.rating');

/** POST /api/review: creates the caller's review of the session, or updates it (one per student and session). userEmail is ignored. */
export const reviewBody = z.object({
  sessionId: z.string().min(1, 'errors.input.sessionRequired').max(64),
  review: reviewText,
  rating,
});
export type ReviewBody = z.infer<typeof reviewBody>;

/** PUT /api/review/{id}. */
export const updateReviewBody = z.object({ review: reviewText, rating });
export type UpdateReviewBody = z.infer<typeof updateReviewBody>;

/** Public: the reviewer's name, never their email. */
export const reviewSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  studentName: z.string(),
  rating: z.number().int(),
  review: z.string(),
  ...recordTimes,
});
export type Review = z.infer<typeof reviewSchema>;

/** GET /api/sessions/{id}/reviews: newest first, with the summary of all reviews. */
export const reviewPage = pageOf(reviewSchema).extend({
  average: z.number().nullable(),
  count: z.number().int(),
});
export type ReviewPage = z.infer<typeof reviewPage>;

/** GET /api/sessions/{id}/my-review: the caller's own review, to prefill the form. */
export const myReviewSchema = z.object({ review: reviewSchema.nullable() });
export type MyReview = z.infer<typeof myReviewSchema>;
