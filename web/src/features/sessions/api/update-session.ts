import { sessionSchema, type Session, type UpdateSessionBody } from '#contract/sessions.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** PUT /api/session/{email}/{id}: title and description; dates while pending or rejected. Edit Session's route action. */
export async function updateSession(email: string, id: string, body: UpdateSessionBody): Promise<Session> {
  return sessionSchema.parse(await apiRequest<unknown>(`/session/${encodeURIComponent(email)}/${encodeURIComponent(id)}`, { method: 'PUT', body }));
}
