import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Me, meSchema } from '#contract/users.ts';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';
import { viewerQueryKey } from '#web/lib/dates.ts';

/** Where the page's query cache keeps the signed-in user: lib/dates.ts reads the zone they chose there. */
export const meQueryKey = viewerQueryKey;

/** GET /api/me: the signed-in user, or null when signed out (the server answers 401). */
export async function getMe(): Promise<Me | null> {
  try {
    return meSchema.parse(await apiRequest<unknown>('/me', { redirectOnUnauthorized: false }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * The one source of the signed-in user and role (auth is "loading" until this
 * resolves). `user` is undefined while loading, null when signed out.
 */
export const meQuery = queryOptions({ queryKey: meQueryKey, queryFn: getMe, staleTime: 60_000 });

export function useMe() {
  const query = useQuery(meQuery);
  return { ...query, user: query.data };
}
