import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { sessionKeys } from '#web/features/sessions/public.ts';
import { bookingKeys } from './booking-query-keys.ts';

/**
 * After any booking change: the caller's bookings, rosters and every session's seat count;
 * `except` a query whose new data the caller has already set.
 */
export function invalidateBookings(queryClient: QueryClient, options: { except?: QueryKey } = {}): Promise<unknown> {
  const except = options.except ? hashKey(options.except) : null;
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: bookingKeys.all, predicate: (query) => query.queryHash !== except }),
    queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  ]);
}
