import { useInfiniteQuery } from '@tanstack/react-query';
import { bookedSessionPage, type BookedSessionPage } from '#contract/bookings.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { bookingKeys } from './booking-query-keys.ts';

/** GET /api/booked-sessions/{email}: the student's bookings and waitlist entries, newest first. */
export async function getBookedSessions(email: string, cursor: string | null): Promise<BookedSessionPage> {
  const search = new URLSearchParams({ limit: '20' });
  if (cursor) search.set('cursor', cursor);
  return bookedSessionPage.parse(await apiRequest<unknown>(`/booked-sessions/${encodeURIComponent(email)}?${search}`));
}

export function useBookedSessions(email: string) {
  return useInfiniteQuery({
    queryKey: bookingKeys.mine(email),
    queryFn: ({ pageParam }) => getBookedSessions(email, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: email !== '',
  });
}
