import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meSchema, type UpdateMeBody } from '#contract/users.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { meQueryKey } from '#web/features/auth/public.ts';

/** PUT /api/user: the caller's own name and photo. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateMeBody) =>
      meSchema.parse(await apiRequest<unknown>('/user', { method: 'PUT', body: input })),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
