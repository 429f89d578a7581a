import { queryOptions, useQuery } from '@tanstack/react-query';
import { appConfigSchema } from '#contract/users.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/config: which optional services (Google sign-in, payments) this server offers. */
export const authConfigQuery = queryOptions({
  queryKey: ['config'],
  queryFn: async () => appConfigSchema.parse(await apiRequest<unknown>('/config')),
  staleTime: Infinity,
});

export function useAuthConfig() {
  return useQuery(authConfigQuery);
}
