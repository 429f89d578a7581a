import { queryOptions } from '@tanstack/react-query';
import { type Me, meSchema, type UpdateTimeZoneBody } from '#contract/users.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** PUT /api/me/time-zone: the zone the caller's pages and emails give times in (null: none chosen). */
export async function setTimeZone(body: UpdateTimeZoneBody): Promise<Me> {
  return meSchema.parse(await apiRequest<unknown>('/me/time-zone', { method: 'PUT', body }));
}

/**
 * The IANA zones Settings offers, as the runtime that draws the page knows them (Intl), UTC among
 * them. Read by the page's loader, so that the browser hydrates with the list the server drew
 * (Node's and the browser's ICU may know different zones).
 */
export const timeZonesQuery = queryOptions({
  queryKey: ['time-zones'],
  queryFn: async (): Promise<string[]> => {
    const zones = Intl.supportedValuesOf('timeZone');
    return zones.includes('UTC') ? zones : [...zones, 'UTC'].sort();
  },
  staleTime: Infinity,
});
