import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookedSessionSchema, type BookedSession } from '#contract/bookings.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { invalidateBookings } from './invalidate-bookings.ts';

/** POST /api/sessions/{id}/waitlist: joins the line of a full session. */
export async function joinWaitlist(sessionId: string): Promise<BookedSession> {
  return bookedSessionSchema.parse(await apiRequest<unknown>(`/sessions/${encodeURIComponent(sessionId)}/waitlist`, { method: 'POST' }));
}

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: joinWaitlist, onSettled: () => invalidateBookings(queryClient) });
}
