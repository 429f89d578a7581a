import { reviewPage } from '#contract/reviews.ts';
import { usePagedListQuery } from '#web/lib/paged-list-query.ts';
import { reviewKeys } from './review-query-keys.ts';

/** GET /api/sessions/{id}/reviews: newest first, with the average and count of all reviews. */
export function useSessionReviews(sessionId: string) {
  return usePagedListQuery({ queryKey: reviewKeys.ofSession(sessionId), path: `/sessions/${encodeURIComponent(sessionId)}/reviews`, limit: 10, schema: reviewPage });
}
