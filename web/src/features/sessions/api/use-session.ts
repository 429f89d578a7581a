import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionDetailsSchema, type SessionDetails } from '#contract/sessions.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { sessionKeys } from './session-query-keys.ts';

/** GET /api/session/{id}: one session (signed in; pending/rejected only for its tutor and admins). */
export async function getSession(id: string): Promise<SessionDetails> {
  return sessionDetailsSchema.parse(await apiRequest<unknown>(`/session/${encodeURIComponent(id)}`));
}

export const sessionQuery = (id: string) => queryOptions({ queryKey: sessionKeys.detail(id), queryFn: () => getSession(id) });

export function useSession(id: string) {
  return useQuery(sessionQuery(id));
}
