import { queryOptions, useQuery } from '@tanstack/react-query';
import { seriesSchema, type Series } from '#contract/sessions.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { sessionKeys } from './session-query-keys.ts';

/** GET /api/series/{id}: a weekly series and the classes of it the caller may see, in class order. */
export async function getSeries(id: string): Promise<Series> {
  return seriesSchema.parse(await apiRequest<unknown>(`/series/${encodeURIComponent(id)}`));
}

export const seriesQuery = (id: string) => queryOptions({ queryKey: sessionKeys.series(id), queryFn: () => getSeries(id) });

export function useSeries(id: string) {
  return useQuery(seriesQuery(id));
}
