import { sessionSchema, type Session } from '#contract/sessions.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/sessions/{id}/resubmit: the tutor sends a rejected session back for review. */
export async function resubmitSession(id: string): Promise<Session> {
  return sessionSchema.parse(await apiRequest<unknown>(`/sessions/${encodeURIComponent(id)}/resubmit`, { method: 'POST' }));
}
