import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKeyListSchema, createdApiKeySchema, type CreateApiKeyInput, type CreatedApiKey } from '#contract/api-keys.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/me/api-keys: the signed-in user's keys not revoked, newest first (never their secrets). */
export const apiKeysQuery = queryOptions({
  queryKey: ['me', 'api-keys'],
  queryFn: async () => apiKeyListSchema.parse(await apiRequest<unknown>('/me/api-keys')),
});

export function useApiKeys() {
  return useQuery(apiKeysQuery);
}

/** POST /api/me/api-keys: a new key; its secret is in this answer only. */
export async function createApiKey(input: CreateApiKeyInput): Promise<CreatedApiKey> {
  return createdApiKeySchema.parse(await apiRequest<unknown>('/me/api-keys', { method: 'POST', body: input }));
}

/** DELETE /api/me/api-keys/{id}: the key stops working at once. */
export async function revokeApiKey(id: string): Promise<void> {
  await apiRequest<void>(`/me/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
