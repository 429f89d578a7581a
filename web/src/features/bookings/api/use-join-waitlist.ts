import { bookedSessionSchema, type BookedSession } from '#contract/bookings.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/sessions/{id}/waitlist: joins the line of a full session. */
export async function joinWaitlist(sessionId: string): Promise<BookedSession> {
  return bookedSessionSchema.parse(await apiRequest<unknown>(`/sessions/${encodeURIComponent(sessionId)}/waitlist`, { method: 'POST' }));
}
