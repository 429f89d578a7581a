import { useInfiniteQuery } from '@tanstack/react-query';
import { materialPage, type MaterialPage } from '#contract/materials.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { materialKeys } from './material-query-keys.ts';

/**
 * GET /api/materials: the server picks what the caller may see (a tutor's own, a student's
 * booked sessions', every material for admins), newest first.
 */
export async function getMaterials(sessionId: string | null, cursor: string | null): Promise<MaterialPage> {
  const search = new URLSearchParams({ limit: '100' });
  if (sessionId) search.set('sessionId', sessionId);
  if (cursor) search.set('cursor', cursor);
  return materialPage.parse(await apiRequest<unknown>(`/materials?${search}`));
}

export function useMaterials(sessionId: string | null = null) {
  return useInfiniteQuery({
    queryKey: materialKeys.list(sessionId),
    queryFn: ({ pageParam }) => getMaterials(sessionId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
