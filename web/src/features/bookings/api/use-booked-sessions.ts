import { bookedSessionPage, type BookedSessionsWhen } from '#contract/bookings.ts';
import { usePagedListQuery } from '#web/lib/paged-list-query.ts';
import { bookingKeys } from './booking-query-keys.ts';

/**
 * GET /api/booked-sessions/{email}?when=…: one of Booked Sessions' sections, the student's
 * bookings and waitlist entries whose class is upcoming (soonest first) or past (latest first).
 */
export function useBookedSessions(email: string, when: BookedSessionsWhen) {
  return usePagedListQuery({ queryKey: [...bookingKeys.mine(email), when], path: `/booked-sessions/${encodeURIComponent(email)}`, params: { when }, limit: 20, schema: bookedSessionPage, enabled: email !== '' });
}
