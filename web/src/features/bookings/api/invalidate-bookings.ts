import type { QueryClient } from '@tanstack/react-query';
import { sessionKeys } from '#web/features/sessions/api/session-query-keys.ts';
import { bookingKeys } from './booking-query-keys.ts';

/** After any booking change: the caller's bookings, rosters and every session's seat count. */
export function invalidateBookings(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
    queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  ]);
}
