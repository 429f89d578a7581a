import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/config — which sign-in methods this server offers. */
export type AuthConfig = { googleSignIn: boolean };

export function useAuthConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: () => apiRequest<AuthConfig>('/config'),
    staleTime: Infinity,
  });
}
