import { accountDeletedSchema, type AccountDeleted, type DeleteMyAccountBody } from '#contract/my-data.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** DELETE /api/me: deletes the caller's account; the password confirms it is them. */
export async function deleteMyAccount(body: DeleteMyAccountBody): Promise<AccountDeleted> {
  return accountDeletedSchema.parse(await apiRequest<unknown>('/me', { method: 'DELETE', body }));
}
