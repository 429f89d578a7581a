import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountDeletedSchema, type AccountDeleted } from '#contract/my-data.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { userKeys } from './user-query-keys.ts';

/** DELETE /api/users/{id} (admins): deletes another user's account by the rules of "Delete my account". */
export async function deleteUser(id: string): Promise<AccountDeleted> {
  return accountDeletedSchema.parse(await apiRequest<unknown>(`/users/${encodeURIComponent(id)}`, { method: 'DELETE' }));
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
