import { adminSessionPageSchema, type SessionStatus } from '#contract/sessions.ts';
import { pagedListQuery, usePagedListQuery } from '#web/lib/paged-list-query.ts';
import { sessionKeys } from './session-query-keys.ts';

/** GET /api/admin/sessions: every session, pending first; status filter and search; each as All Sessions' row shows it. */
const adminSessionsList = (status: SessionStatus | '', q: string) => ({ queryKey: sessionKeys.admin(status, q), path: '/admin/sessions', params: { status, q }, limit: 20, schema: adminSessionPageSchema });

/** For the page's loader (`prefetchInfiniteQuery`): the list the hook reads. */
export const adminSessionsQuery = (status: SessionStatus | '', q: string) => pagedListQuery(adminSessionsList(status, q));

export function useAdminSessions(status: SessionStatus | '', q: string) {
  return usePagedListQuery(adminSessionsList(status, q));
}
