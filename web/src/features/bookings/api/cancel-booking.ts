import { apiRequest } from '#web/lib/api-client.ts';

/** DELETE /api/booked-sessions/{email}/{sessionId}: cancels before the cutoff (409 after it). */
export async function cancelBooking(email: string, sessionId: string): Promise<void> {
  await apiRequest<void>(`/booked-sessions/${encodeURIComponent(email)}/${encodeURIComponent(sessionId)}`, { method: 'DELETE' });
}
