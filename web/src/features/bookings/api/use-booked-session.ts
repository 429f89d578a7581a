import { queryOptions, useQuery } from '@tanstack/react-query';
import { bookedSessionSchema, type BookedSession } from '#contract/bookings.ts';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';
import { bookingKeys } from './booking-query-keys.ts';

/** GET /api/view-booked-session/{sessionId}: the caller's booking or waitlist place; null when they have neither. */
export async function getBookedSession(sessionId: string): Promise<BookedSession | null> {
  try {
    return bookedSessionSchema.parse(await apiRequest<unknown>(`/view-booked-session/${encodeURIComponent(sessionId)}`));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const bookedSessionQuery = (sessionId: string) => queryOptions({ queryKey: bookingKeys.one(sessionId), queryFn: () => getBookedSession(sessionId) });

export function useBookedSession(sessionId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...bookedSessionQuery(sessionId), enabled: options.enabled ?? true });
}
