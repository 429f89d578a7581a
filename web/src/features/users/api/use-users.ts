import { adminUserPage } from '#contract/admin-users.ts';
import type { Role } from '#contract/common.ts';
import { usePagedListQuery } from '#web/lib/paged-list-query.ts';
import { userKeys } from './user-query-keys.ts';

/** GET /api/users (admins): alphabetical, searched by name or email, filtered by role. */
export function useUsers(q: string, role: Role | '') {
  return usePagedListQuery({ queryKey: userKeys.list(q, role), path: '/users', params: { q, role }, limit: 20, schema: adminUserPage });
}
