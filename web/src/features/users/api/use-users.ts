import { useInfiniteQuery } from '@tanstack/react-query';
import { adminUserPage, type AdminUserPage } from '#contract/admin-users.ts';
import type { Role } from '#contract/common.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { userKeys } from './user-query-keys.ts';

/** GET /api/users (admins): alphabetical, searched by name or email, filtered by role. */
export async function getUsers(q: string, role: Role | '', cursor: string | null): Promise<AdminUserPage> {
  const search = new URLSearchParams({ limit: '20' });
  if (q) search.set('q', q);
  if (role) search.set('role', role);
  if (cursor) search.set('cursor', cursor);
  return adminUserPage.parse(await apiRequest<unknown>(`/users?${search}`));
}

export function useUsers(q: string, role: Role | '') {
  return useInfiniteQuery({
    queryKey: userKeys.list(q, role),
    queryFn: ({ pageParam }) => getUsers(q, role, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
