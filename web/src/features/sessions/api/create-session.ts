import { sessionSchema, type CreateSessionBody, type Session } from '#contract/sessions.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/create-session/{email}: the signed-in tutor creates a session (pending). Create Session's route action. */
export async function createSession(email: string, body: CreateSessionBody): Promise<Session> {
  return sessionSchema.parse(await apiRequest<unknown>(`/create-session/${encodeURIComponent(email)}`, { method: 'POST', body }));
}
