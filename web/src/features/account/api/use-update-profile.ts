import { meSchema, type UpdateMeBody } from '#contract/users.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { meQueryKey } from '#web/features/auth/public.ts';
import { useSaveAndKeep } from './use-save-and-keep.ts';

/** PUT /api/user: the caller's own name and photo. */
export function useUpdateProfile() {
  return useSaveAndKeep(meQueryKey, async (input: UpdateMeBody) => meSchema.parse(await apiRequest<unknown>('/user', { method: 'PUT', body: input })));
}
