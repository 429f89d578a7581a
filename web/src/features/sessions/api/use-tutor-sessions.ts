import { useInfiniteQuery } from '@tanstack/react-query';
import { sessionPageSchema, type SessionPage } from '#contract/sessions.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { sessionKeys } from './session-query-keys.ts';

/** GET /api/view-sessions/{email}: the tutor's own sessions, every status, newest first. */
export async function getTutorSessions(email: string, cursor: string | null): Promise<SessionPage> {
  const search = new URLSearchParams({ limit: '20' });
  if (cursor) search.set('cursor', cursor);
  return sessionPageSchema.parse(await apiRequest<unknown>(`/view-sessions/${encodeURIComponent(email)}?${search}`));
}

export function useTutorSessions(email: string) {
  return useInfiniteQuery({
    queryKey: sessionKeys.ofTutor(email),
    queryFn: ({ pageParam }) => getTutorSessions(email, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
