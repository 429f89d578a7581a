import { adminJobPage, type JobState } from '#contract/admin-jobs.ts';
import { pagedListQuery, usePagedListQuery } from '#web/lib/paged-list-query.ts';
import { jobKeys } from './job-query-keys.ts';

/** Jobs move on by themselves (a worker runs them): the dashboard looks again this often. */
const REFRESH_MS = 10_000;

const jobsList = (state: JobState | '') => ({ queryKey: jobKeys.list(state), path: '/admin/jobs', params: { state }, limit: 20, schema: adminJobPage, refetchInterval: REFRESH_MS });

/** For the page's loader (`prefetchInfiniteQuery`): the list the hook reads. */
export const jobsQuery = (state: JobState | '') => pagedListQuery(jobsList(state));

/** GET /api/admin/jobs (admins): jobs in `state` (every state when ''), next to run first, and the count of each state. */
export function useJobs(state: JobState | '') {
  return usePagedListQuery(jobsList(state));
}
