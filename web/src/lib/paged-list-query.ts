// The one way the web app reads a paged list (README, "page a list"): GET `path?limit=…&cursor=…`
// pages of `{ items, nextCursor }` (keyset cursors), parsed by the contract's schema, appended by
// "Load more" (components/paged-list-state.tsx).
import { infiniteQueryOptions, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

export interface PagedListOptions<Page> {
  queryKey: QueryKey;
  /** The list's API path under /api, without a query string. */
  path: string;
  limit: number;
  /** The contract's page schema (its `parse`). */
  schema: { parse(data: unknown): Page };
  /** Further query parameters, e.g. `{ when: 'upcoming' }`; an empty or missing one is left out (no filter). */
  params?: Record<string, string | null | undefined>;
  /** The cursor of the first page: a list opened part-way (All Sessions' `?after=`); the start when null. */
  firstCursor?: string | null;
  /** False until what the path needs is known (the signed-in email). */
  enabled?: boolean;
  /** Looks again this often (ms), for a list that changes by itself (background jobs). */
  refetchInterval?: number;
}

/** The list's query options: for the component's hook and for its route's loader (`ensureInfiniteQueryData`), one definition. */
export function pagedListQuery<Page extends { nextCursor: string | null }>({ queryKey, path, limit, schema, params = {}, firstCursor = null, enabled = true, refetchInterval }: PagedListOptions<Page>) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: async ({ pageParam }: { pageParam: string | null }) => {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
      search.set('limit', String(limit));
      if (pageParam) search.set('cursor', pageParam);
      return schema.parse(await apiRequest<unknown>(`${path}?${search}`));
    },
    initialPageParam: firstCursor,
    getNextPageParam: (last: Page) => last.nextCursor,
    enabled,
    refetchInterval,
  });
}

export function usePagedListQuery<Page extends { nextCursor: string | null }>(options: PagedListOptions<Page>) {
  return useInfiniteQuery(pagedListQuery(options));
}
