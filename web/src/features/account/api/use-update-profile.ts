import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type Me, meQueryKey } from '../../auth/api/use-me';

export type UpdateProfileInput = { name: string; image: string | null };

/** PUT /api/user — the caller's own name and photo. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) =>
      apiRequest<Me>('/user', { method: 'PUT', body: input }),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
