import { apiRequest } from '#web/lib/api-client.ts';

/** DELETE /api/sessions/{id}/waitlist. */
export async function leaveWaitlist(sessionId: string): Promise<void> {
  await apiRequest<void>(`/sessions/${encodeURIComponent(sessionId)}/waitlist`, { method: 'DELETE' });
}
