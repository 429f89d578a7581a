import { useInfiniteQuery } from '@tanstack/react-query';
import { publicSessionPageSchema, type PublicSessionPage } from '#contract/sessions.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { sessionKeys } from './session-query-keys.ts';

export const SESSIONS_PAGE_SIZE = 12;

/** GET /api/sessions: approved sessions, searched by title or tutor, optionally only open ones. */
export async function getSessions(params: { q: string; open: boolean; cursor?: string | null }): Promise<PublicSessionPage> {
  const search = new URLSearchParams({ limit: String(SESSIONS_PAGE_SIZE) });
  if (params.q) search.set('q', params.q);
  if (params.open) search.set('open', 'true');
  if (params.cursor) search.set('cursor', params.cursor);
  return publicSessionPageSchema.parse(await apiRequest<unknown>(`/sessions?${search}`));
}

/**
 * All Sessions: pages appended with "Load more" (keyset cursors), from the first page or, when
 * the address says `?after=<cursor>` (Load more followed as a link, without the app), from there.
 */
export function useSessions(q: string, open: boolean, after: string | null = null) {
  return useInfiniteQuery({
    queryKey: sessionKeys.list(q, open, after),
    queryFn: ({ pageParam }) => getSessions({ q, open, cursor: pageParam }),
    initialPageParam: after,
    getNextPageParam: (last) => last.nextCursor,
  });
}
