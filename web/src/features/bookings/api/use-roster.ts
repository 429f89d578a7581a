import { rosterSchema } from '#contract/bookings.ts';
import { usePagedListQuery } from '#web/lib/paged-list-query.ts';
import { bookingKeys } from './booking-query-keys.ts';

/** GET /api/sessions/{id}/roster: booked students, then the waitlist in order (owning tutor, admins). */
export function useRoster(sessionId: string) {
  return usePagedListQuery({ queryKey: bookingKeys.roster(sessionId), path: `/sessions/${encodeURIComponent(sessionId)}/roster`, limit: 50, schema: rosterSchema });
}
