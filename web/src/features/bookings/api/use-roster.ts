import { rosterSchema } from '#contract/bookings.ts';
import { pagedListQuery, usePagedListQuery } from '#web/lib/paged-list-query.ts';
import { bookingKeys } from './booking-query-keys.ts';

/** GET /api/sessions/{id}/roster: booked students, then the waitlist in order (owning tutor, admins). */
const rosterList = (sessionId: string) => ({ queryKey: bookingKeys.roster(sessionId), path: `/sessions/${encodeURIComponent(sessionId)}/roster`, limit: 50, schema: rosterSchema });

/** For the session's page's loader (`prefetchInfiniteQuery`): the list the hook reads. */
export const rosterQuery = (sessionId: string) => pagedListQuery(rosterList(sessionId));

export function useRoster(sessionId: string) {
  return usePagedListQuery(rosterList(sessionId));
}
