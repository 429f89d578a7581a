import { type Me, meSchema, type UpdateMeBody } from '#contract/users.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** PUT /api/user: the caller's own name and photo. */
export async function updateProfile(body: UpdateMeBody): Promise<Me> {
  return meSchema.parse(await apiRequest<unknown>('/user', { method: 'PUT', body }));
}
