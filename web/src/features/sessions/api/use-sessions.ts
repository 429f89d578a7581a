import { publicSessionPageSchema } from '#contract/sessions.ts';
import { pagedListQuery, usePagedListQuery } from '#web/lib/paged-list-query.ts';
import { sessionKeys } from './session-query-keys.ts';

export const SESSIONS_PAGE_SIZE = 12;

/**
 * All Sessions (GET /api/sessions: approved sessions, searched by title or tutor, optionally only
 * open ones): pages appended with "Load more" (keyset cursors), from the first page or, when
 * the address says `?after=<cursor>` (Load more followed as a link, without the app), from there.
 */
export function useSessions(q: string, open: boolean, after: string | null = null) {
  return usePagedListQuery(sessionsList(q, open, after));
}

/** For All Sessions' loader (`ensureInfiniteQueryData`): the list the hook reads. */
export const sessionsQuery = (q: string, open: boolean, after: string | null = null) => pagedListQuery(sessionsList(q, open, after));

const sessionsList = (q: string, open: boolean, after: string | null) => ({
  queryKey: sessionKeys.list(q, open, after),
  path: '/sessions',
  params: { q, open: open ? 'true' : null },
  firstCursor: after,
  limit: SESSIONS_PAGE_SIZE,
  schema: publicSessionPageSchema,
});
