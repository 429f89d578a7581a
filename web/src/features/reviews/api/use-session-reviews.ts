import { reviewPage } from '#contract/reviews.ts';
import { pagedListQuery, usePagedListQuery } from '#web/lib/paged-list-query.ts';
import { reviewKeys } from './review-query-keys.ts';

/** GET /api/sessions/{id}/reviews: newest first, with the average and count of all reviews. */
const sessionReviewsOptions = (sessionId: string) => ({ queryKey: reviewKeys.ofSession(sessionId), path: `/sessions/${encodeURIComponent(sessionId)}/reviews`, limit: 10, schema: reviewPage });

export const sessionReviewsQuery = (sessionId: string) => pagedListQuery(sessionReviewsOptions(sessionId));

export function useSessionReviews(sessionId: string) {
  return usePagedListQuery(sessionReviewsOptions(sessionId));
}
