import { QueryClient } from '@tanstack/react-query';
import { refetchOnMount } from '#web/app/server-state.ts';
import { ApiError } from '#web/lib/api-client.ts';

/** Data-fetching defaults: 3 retries, exponential delay capped at 30 s, 5 min cache. */
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
        // Data that came with a server-rendered page is not fetched again as it mounts.
        refetchOnMount,
      },
    },
  });
}
