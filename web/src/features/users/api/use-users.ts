import { adminUserPage } from '#contract/admin-users.ts';
import type { Role } from '#contract/common.ts';
import { pagedListQuery, usePagedListQuery } from '#web/lib/paged-list-query.ts';
import { userKeys } from './user-query-keys.ts';

/** GET /api/users (admins): alphabetical, searched by name or email, filtered by role. */
const usersList = (q: string, role: Role | '') => ({ queryKey: userKeys.list(q, role), path: '/users', params: { q, role }, limit: 20, schema: adminUserPage });

/** For the page's loader (`prefetchInfiniteQuery`): the list the hook reads. */
export const usersQuery = (q: string, role: Role | '') => pagedListQuery(usersList(q, role));

export function useUsers(q: string, role: Role | '') {
  return usePagedListQuery(usersList(q, role));
}
