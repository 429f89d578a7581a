import { adminUserSchema, type AdminUser, type UpdateUserBody } from '#contract/admin-users.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** PATCH /api/users/{id} (admins): change the role, or block / unblock. */
export async function updateUser(id: string, body: UpdateUserBody): Promise<AdminUser> {
  return adminUserSchema.parse(await apiRequest<unknown>(`/users/${encodeURIComponent(id)}`, { method: 'PATCH', body }));
}
