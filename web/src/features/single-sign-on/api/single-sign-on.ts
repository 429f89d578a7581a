import { queryOptions, useQuery } from '@tanstack/react-query';
import { singleSignOnSettingsSchema, type SingleSignOnSettings, type UpdateSingleSignOnInput } from '#contract/single-sign-on.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/admin/single-sign-on: the school's provider as it is set, and where from (never its secret). */
export const singleSignOnQuery = queryOptions({
  queryKey: ['admin', 'single-sign-on'],
  queryFn: async () => singleSignOnSettingsSchema.parse(await apiRequest<unknown>('/admin/single-sign-on')),
});

export function useSingleSignOn() {
  return useQuery(singleSignOnQuery);
}

/** PUT /api/admin/single-sign-on: in effect at the next sign-in. */
export async function saveSingleSignOn(input: UpdateSingleSignOnInput): Promise<SingleSignOnSettings> {
  return singleSignOnSettingsSchema.parse(await apiRequest<unknown>('/admin/single-sign-on', { method: 'PUT', body: input }));
}

/** DELETE /api/admin/single-sign-on: the dashboard's single sign-on turned off. */
export async function removeSingleSignOn(): Promise<void> {
  await apiRequest<void>('/admin/single-sign-on', { method: 'DELETE' });
}
