import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '#web/lib/api-client.ts';

/**
 * Data-fetching defaults: 3 retries, exponential delay capped at 30 s, 5 min cache.
 * Data is fresh for 10 s: what a route's loader just read (on the server for the page it drew,
 * or in the browser before a navigation) is not fetched again by the components that mount with
 * it (docs/decisions/041-pages-loaders-actions.md). A change the app makes invalidates its
 * queries at once, whatever their age.
 */
export const FRESH_FOR_MS = 10_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => {
          // A 4xx will not change by asking again.
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 3;
        },
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        gcTime: 5 * 60 * 1000,
        staleTime: FRESH_FOR_MS,
      },
    },
  });
}
