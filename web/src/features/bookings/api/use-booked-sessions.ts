import { bookedSessionPage, type BookedSessionsWhen } from '#contract/bookings.ts';
import { pagedListQuery, usePagedListQuery } from '#web/lib/paged-list-query.ts';
import { bookingKeys } from './booking-query-keys.ts';

/**
 * GET /api/booked-sessions/{email}?when=…: one of Booked Sessions' sections, the student's
 * bookings and waitlist entries whose class is upcoming (soonest first) or past (latest first).
 */
export function useBookedSessions(email: string, when: BookedSessionsWhen) {
  return usePagedListQuery(bookedSessionsList(email, when));
}

/** For Booked Sessions' loader (`ensureInfiniteQueryData`): the section the hook reads. */
export const bookedSessionsQuery = (email: string, when: BookedSessionsWhen) => pagedListQuery(bookedSessionsList(email, when));

const bookedSessionsList = (email: string, when: BookedSessionsWhen) => ({ queryKey: [...bookingKeys.mine(email), when], path: `/booked-sessions/${encodeURIComponent(email)}`, params: { when }, limit: 20, schema: bookedSessionPage, enabled: email !== '' });
