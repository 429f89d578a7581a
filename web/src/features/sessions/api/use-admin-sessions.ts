import { sessionPageSchema, type SessionStatus } from '#contract/sessions.ts';
import { usePagedListQuery } from '#web/lib/paged-list-query.ts';
import { sessionKeys } from './session-query-keys.ts';

/** GET /api/admin/sessions: every session, pending first; status filter and search. */
export function useAdminSessions(status: SessionStatus | '', q: string) {
  return usePagedListQuery({ queryKey: sessionKeys.admin(status, q), path: '/admin/sessions', params: { status, q }, limit: 20, schema: sessionPageSchema });
}
