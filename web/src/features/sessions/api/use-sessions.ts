import { publicSessionPageSchema } from '#contract/sessions.ts';
import { pagedListQuery, usePagedListQuery } from '#web/lib/paged-list-query.ts';
import { sessionKeys, type SessionsFilter } from './session-query-keys.ts';

export const SESSIONS_PAGE_SIZE = 12;

/**
 * All Sessions (GET /api/sessions: approved sessions, upcoming or past, in class order or newest
 * first, searched by title or tutor, optionally only open ones): pages appended with "Load more"
 * (keyset cursors), from the first page or, when the address says `?after=<cursor>` (Load more
 * followed as a link, without the app), from there.
 */
export function useSessions(filter: SessionsFilter, after: string | null = null) {
  return usePagedListQuery(sessionsList(filter, after));
}

/** For All Sessions' loader (`ensureInfiniteQueryData`): the list the hook reads. */
export const sessionsQuery = (filter: SessionsFilter, after: string | null = null) => pagedListQuery(sessionsList(filter, after));

const sessionsList = (filter: SessionsFilter, after: string | null) => ({
  queryKey: sessionKeys.list(filter, after),
  path: '/sessions',
  // The defaults (upcoming, class order) are left out of the API's address as of the page's.
  params: { q: filter.q, open: filter.open ? 'true' : null, when: filter.when === 'past' ? 'past' : null, sort: filter.sort === 'newest' ? 'newest' : null },
  firstCursor: after,
  limit: SESSIONS_PAGE_SIZE,
  schema: publicSessionPageSchema,
});

/** The filter an address (All Sessions' `?q=&open=&when=&sort=`) asks for; anything unknown is the default. */
export function sessionsFilterOf(params: URLSearchParams): SessionsFilter {
  return {
    q: params.get('q') ?? '',
    open: params.get('open') === 'true',
    when: params.get('when') === 'past' ? 'past' : 'upcoming',
    sort: params.get('sort') === 'newest' ? 'newest' : 'class',
  };
}

/** The address of `filter` (and a page's cursor), defaults left out. */
export function sessionsSearch(filter: SessionsFilter, after?: string | null): URLSearchParams {
  const search = new URLSearchParams();
  if (filter.q) search.set('q', filter.q);
  if (filter.open) search.set('open', 'true');
  if (filter.when === 'past') search.set('when', 'past');
  if (filter.sort === 'newest') search.set('sort', 'newest');
  if (after) search.set('after', after);
  return search;
}
