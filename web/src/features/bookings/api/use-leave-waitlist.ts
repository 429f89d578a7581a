import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { invalidateBookings } from './invalidate-bookings.ts';

/** DELETE /api/sessions/{id}/waitlist. */
export async function leaveWaitlist(sessionId: string): Promise<void> {
  await apiRequest<void>(`/sessions/${encodeURIComponent(sessionId)}/waitlist`, { method: 'DELETE' });
}

export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: leaveWaitlist, onSettled: () => invalidateBookings(queryClient) });
}
