import { auditPage } from '#contract/audit-log.ts';
import { usePagedListQuery } from '#web/lib/paged-list-query.ts';

export const auditLogKeys = {
  all: ['audit-log'] as const,
  list: (action: string, q: string) => ['audit-log', 'list', { action, q }] as const,
};

/** GET /api/audit-log (admins): newest first, filtered by action (or family) and searched. */
export function useAuditLog(action: string, q: string) {
  return usePagedListQuery({ queryKey: auditLogKeys.list(action, q), path: '/audit-log', params: { action, q }, limit: 50, schema: auditPage });
}
