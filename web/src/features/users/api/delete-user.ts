import { accountDeletedSchema, type AccountDeleted } from '#contract/my-data.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** DELETE /api/users/{id} (admins): deletes another user's account by the rules of "Delete my account". */
export async function deleteUser(id: string): Promise<AccountDeleted> {
  return accountDeletedSchema.parse(await apiRequest<unknown>(`/users/${encodeURIComponent(id)}`, { method: 'DELETE' }));
}
