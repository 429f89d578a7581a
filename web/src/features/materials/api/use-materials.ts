import { materialPage } from '#contract/materials.ts';
import { usePagedListQuery } from '#web/lib/paged-list-query.ts';
import { materialKeys } from './material-query-keys.ts';

/**
 * GET /api/materials: the server picks what the caller may see (a tutor's own, a student's
 * booked sessions', every material for admins), newest first.
 */
export function useMaterials(sessionId: string | null = null) {
  return usePagedListQuery({ queryKey: materialKeys.list(sessionId), path: '/materials', params: { sessionId }, limit: 100, schema: materialPage });
}
