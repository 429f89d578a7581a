import { useInfiniteQuery } from '@tanstack/react-query';
import { sessionPageSchema, type SessionPage, type SessionStatus } from '#contract/sessions.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { sessionKeys } from './session-query-keys.ts';

/** GET /api/admin/sessions: every session, pending first; status filter and search. */
export async function getAdminSessions(params: { status: SessionStatus | ''; q: string; cursor: string | null }): Promise<SessionPage> {
  const search = new URLSearchParams({ limit: '20' });
  if (params.status) search.set('status', params.status);
  if (params.q) search.set('q', params.q);
  if (params.cursor) search.set('cursor', params.cursor);
  return sessionPageSchema.parse(await apiRequest<unknown>(`/admin/sessions?${search}`));
}

export function useAdminSessions(status: SessionStatus | '', q: string) {
  return useInfiniteQuery({
    queryKey: sessionKeys.admin(status, q),
    queryFn: ({ pageParam }) => getAdminSessions({ status, q, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
