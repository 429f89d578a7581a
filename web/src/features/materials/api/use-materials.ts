import { materialPage } from '#contract/materials.ts';
import { pagedListQuery, usePagedListQuery } from '#web/lib/paged-list-query.ts';
import { materialKeys } from './material-query-keys.ts';

/**
 * GET /api/materials: the server picks what the caller may see (a tutor's own, a student's
 * booked sessions', every material for admins), newest first.
 */
const materialsList = (sessionId: string | null) => ({ queryKey: materialKeys.list(sessionId), path: '/materials', params: { sessionId }, limit: 100, schema: materialPage });

/** For a page's loader (`prefetchInfiniteQuery`): the list the hook reads. */
export const materialsQuery = (sessionId: string | null = null) => pagedListQuery(materialsList(sessionId));

export function useMaterials(sessionId: string | null = null) {
  return usePagedListQuery(materialsList(sessionId));
}
