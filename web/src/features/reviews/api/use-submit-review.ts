import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewSchema, type Review, type ReviewBody } from '#contract/reviews.ts';
import { sessionKeys } from '#web/features/sessions/public.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { reviewKeys } from './review-query-keys.ts';

/** POST /api/review: creates the caller's review of the session, or updates it. */
export async function submitReview(input: ReviewBody): Promise<Review> {
  return reviewSchema.parse(await apiRequest<unknown>('/review', { method: 'POST', body: input }));
}

export function useSubmitReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitReview,
    // The session's average rating changes with it.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: reviewKeys.all }), queryClient.invalidateQueries({ queryKey: sessionKeys.all })]),
  });
}
