import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookedSessionSchema, type BookedSession } from '#contract/bookings.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { invalidateBookings } from './invalidate-bookings.ts';

/** POST /api/book-session: books the signed-in student (409 with a message when full, closed or already booked). */
export async function bookSession(sessionId: string): Promise<BookedSession> {
  return bookedSessionSchema.parse(await apiRequest<unknown>('/book-session', { method: 'POST', body: { sessionId } }));
}

export function useBookSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: bookSession, onSettled: () => invalidateBookings(queryClient) });
}
