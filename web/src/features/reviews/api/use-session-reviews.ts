import { useInfiniteQuery } from '@tanstack/react-query';
import { reviewPage, type ReviewPage } from '#contract/reviews.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { reviewKeys } from './review-query-keys.ts';

/** GET /api/sessions/{id}/reviews: newest first, with the average and count of all reviews. */
export async function getSessionReviews(sessionId: string, cursor: string | null): Promise<ReviewPage> {
  const search = new URLSearchParams({ limit: '10' });
  if (cursor) search.set('cursor', cursor);
  return reviewPage.parse(await apiRequest<unknown>(`/sessions/${encodeURIComponent(sessionId)}/reviews?${search}`));
}

export function useSessionReviews(sessionId: string) {
  return useInfiniteQuery({
    queryKey: reviewKeys.ofSession(sessionId),
    queryFn: ({ pageParam }) => getSessionReviews(sessionId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
