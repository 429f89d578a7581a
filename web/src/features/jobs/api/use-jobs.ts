import { useInfiniteQuery } from '@tanstack/react-query';
import { adminJobPage, type AdminJobPage, type JobState } from '#contract/admin-jobs.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { jobKeys } from './job-query-keys.ts';

/** Jobs move on by themselves (a worker runs them): the dashboard looks again this often. */
const REFRESH_MS = 10_000;

/** GET /api/admin/jobs (admins): jobs in `state` (every state when ''), next to run first, and the count of each state. */
export async function getJobs(state: JobState | '', cursor: string | null): Promise<AdminJobPage> {
  const search = new URLSearchParams({ limit: '20' });
  if (state) search.set('state', state);
  if (cursor) search.set('cursor', cursor);
  return adminJobPage.parse(await apiRequest<unknown>(`/admin/jobs?${search}`));
}

export function useJobs(state: JobState | '') {
  return useInfiniteQuery({
    queryKey: jobKeys.list(state),
    queryFn: ({ pageParam }) => getJobs(state, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: REFRESH_MS,
  });
}
