import type { QueryClient } from '@tanstack/react-query';
import { reviewSchema, type Review, type ReviewBody } from '#contract/reviews.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { reviewKeys } from './review-query-keys.ts';

/** POST /api/review: creates the caller's review of the session, or updates it. */
export async function submitReview(input: ReviewBody): Promise<Review> {
  return reviewSchema.parse(await apiRequest<unknown>('/review', { method: 'POST', body: input }));
}

/** A review saved: the session's reviews and the student's own are out of date (the session's rating too: its owner invalidates that). */
export function invalidateReviews(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: reviewKeys.all });
}
