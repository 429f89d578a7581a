import { auditPage } from '#contract/audit-log.ts';
import { pagedListQuery, usePagedListQuery } from '#web/lib/paged-list-query.ts';

export const auditLogKeys = {
  all: ['audit-log'] as const,
  list: (action: string, q: string) => ['audit-log', 'list', { action, q }] as const,
};

/** GET /api/audit-log (admins): newest first, filtered by action (or family) and searched. */
const auditLogList = (action: string, q: string) => ({ queryKey: auditLogKeys.list(action, q), path: '/audit-log', params: { action, q }, limit: 50, schema: auditPage });

/** For the page's loader (`prefetchInfiniteQuery`): the list the hook reads. */
export const auditLogQuery = (action: string, q: string) => pagedListQuery(auditLogList(action, q));

export function useAuditLog(action: string, q: string) {
  return usePagedListQuery(auditLogList(action, q));
}
