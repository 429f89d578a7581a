import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { bookingKeys } from './booking-query-keys.ts';
import { invalidateBookings } from './invalidate-bookings.ts';

/** DELETE /api/booked-sessions/{email}/{sessionId}: cancels before the cutoff (409 after it). */
export async function cancelBooking(email: string, sessionId: string): Promise<void> {
  await apiRequest<void>(`/booked-sessions/${encodeURIComponent(email)}/${encodeURIComponent(sessionId)}`, { method: 'DELETE' });
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; sessionId: string }) => cancelBooking(input.email, input.sessionId),
    // Cancelled: this session's booking is known to be gone (no request that would only answer 404).
    onSuccess: (_result, input) => queryClient.setQueryData(bookingKeys.one(input.sessionId), null),
    onSettled: (_result, _error, input) => invalidateBookings(queryClient, { except: bookingKeys.one(input.sessionId) }),
  });
}
