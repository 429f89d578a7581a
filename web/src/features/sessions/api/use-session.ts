import { useQuery } from '@tanstack/react-query';
import { sessionSchema, type Session } from '#contract/sessions.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { sessionKeys } from './session-query-keys.ts';

/** GET /api/session/{id}: one session (signed in; pending/rejected only for its tutor and admins). */
export async function getSession(id: string): Promise<Session> {
  return sessionSchema.parse(await apiRequest<unknown>(`/session/${encodeURIComponent(id)}`));
}

export function useSession(id: string) {
  return useQuery({ queryKey: sessionKeys.detail(id), queryFn: () => getSession(id) });
}
