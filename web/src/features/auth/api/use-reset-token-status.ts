import { queryOptions, useQuery } from '@tanstack/react-query';
import { resetTokenStatusSchema } from '#contract/auth.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/password-reset/{token}: whether the link's token can still set a password. */
export const resetTokenStatusQuery = (token: string) =>
  queryOptions({
    queryKey: ['password-reset', token],
    queryFn: async () => resetTokenStatusSchema.parse(await apiRequest<unknown>(`/password-reset/${encodeURIComponent(token)}`)),
    staleTime: Infinity,
  });

/** The link's token status; nothing is asked without a token. */
export function useResetTokenStatus(token: string | null) {
  return useQuery({ ...resetTokenStatusQuery(token ?? ''), enabled: Boolean(token) });
}
