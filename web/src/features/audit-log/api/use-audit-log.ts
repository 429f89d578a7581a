import { useInfiniteQuery } from '@tanstack/react-query';
import { auditPage, type AuditPage } from '#contract/audit-log.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export const auditLogKeys = {
  all: ['audit-log'] as const,
  list: (action: string, q: string) => ['audit-log', 'list', { action, q }] as const,
};

/** GET /api/audit-log (admins): newest first, filtered by action (or family) and searched. */
export async function getAuditLog(action: string, q: string, cursor: string | null): Promise<AuditPage> {
  const search = new URLSearchParams({ limit: '50' });
  if (action) search.set('action', action);
  if (q) search.set('q', q);
  if (cursor) search.set('cursor', cursor);
  return auditPage.parse(await apiRequest<unknown>(`/audit-log?${search}`));
}

export function useAuditLog(action: string, q: string) {
  return useInfiniteQuery({
    queryKey: auditLogKeys.list(action, q),
    queryFn: ({ pageParam }) => getAuditLog(action, q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
