import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionSchema, type Session } from '#contract/sessions.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { sessionKeys } from './session-query-keys.ts';

/** GET /api/session/{email}/{id}: one of the tutor's sessions (its tutor or an admin). */
export async function getTutorSession(email: string, id: string): Promise<Session> {
  return sessionSchema.parse(
    await apiRequest<unknown>(`/session/${encodeURIComponent(email)}/${encodeURIComponent(id)}`),
  );
}

/** The query options: for the hook and for the page's loader, one definition. */
export const tutorSessionQuery = (email: string, id: string) => queryOptions({ queryKey: sessionKeys.tutorDetail(email, id), queryFn: () => getTutorSession(email, id) });

export function useTutorSession(email: string, id: string) {
  return useQuery(tutorSessionQuery(email, id));
}
