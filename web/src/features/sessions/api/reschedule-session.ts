import { sessionSchema, type RescheduleSessionBody, type Session } from '#contract/sessions.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/sessions/{id}/reschedule: an approved class moved before it starts, its students told. Reschedule's route action. */
export async function rescheduleSession(id: string, body: RescheduleSessionBody): Promise<Session> {
  return sessionSchema.parse(await apiRequest<unknown>(`/sessions/${encodeURIComponent(id)}/reschedule`, { method: 'POST', body }));
}
