import { useInfiniteQuery } from '@tanstack/react-query';
import { rosterSchema, type Roster } from '#contract/bookings.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { bookingKeys } from './booking-query-keys.ts';

/** GET /api/sessions/{id}/roster: booked students, then the waitlist in order (owning tutor, admins). */
export async function getRoster(sessionId: string, cursor: string | null): Promise<Roster> {
  const search = new URLSearchParams({ limit: '50' });
  if (cursor) search.set('cursor', cursor);
  return rosterSchema.parse(await apiRequest<unknown>(`/sessions/${encodeURIComponent(sessionId)}/roster?${search}`));
}

export function useRoster(sessionId: string) {
  return useInfiniteQuery({
    queryKey: bookingKeys.roster(sessionId),
    queryFn: ({ pageParam }) => getRoster(sessionId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
