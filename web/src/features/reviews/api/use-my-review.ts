import { queryOptions, useQuery } from '@tanstack/react-query';
import { myReviewSchema, type Review } from '#contract/reviews.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { reviewKeys } from './review-query-keys.ts';

/** GET /api/sessions/{id}/my-review: the caller's own review (to prefill the form), or null. */
export async function getMyReview(sessionId: string): Promise<Review | null> {
  return myReviewSchema.parse(await apiRequest<unknown>(`/sessions/${encodeURIComponent(sessionId)}/my-review`)).review;
}

/** For the hook and the booked session page's loader. */
export const myReviewQuery = (sessionId: string) => queryOptions({ queryKey: reviewKeys.mine(sessionId), queryFn: () => getMyReview(sessionId) });

export function useMyReview(sessionId: string) {
  return useQuery(myReviewQuery(sessionId));
}
