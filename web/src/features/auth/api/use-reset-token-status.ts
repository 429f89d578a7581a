import { useQuery } from '@tanstack/react-query';
import { resetTokenStatusSchema } from '#contract/auth.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/password-reset/{token}: whether the link's token can still set a password. */
export function useResetTokenStatus(token: string | null) {
  return useQuery({
    queryKey: ['password-reset', token],
    queryFn: async () => resetTokenStatusSchema.parse(await apiRequest<unknown>(`/password-reset/${encodeURIComponent(token ?? '')}`)),
    enabled: Boolean(token),
    staleTime: Infinity,
  });
}
