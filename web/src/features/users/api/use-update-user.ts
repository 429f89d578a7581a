import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserSchema, type AdminUser, type UpdateUserBody } from '#contract/admin-users.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { userKeys } from './user-query-keys.ts';

/** PATCH /api/users/{id} (admins): change the role, or block / unblock. */
export async function updateUser(id: string, body: UpdateUserBody): Promise<AdminUser> {
  return adminUserSchema.parse(await apiRequest<unknown>(`/users/${encodeURIComponent(id)}`, { method: 'PATCH', body }));
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string } & UpdateUserBody) => {
      const { id, ...body } = input;
      return updateUser(id, body);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
