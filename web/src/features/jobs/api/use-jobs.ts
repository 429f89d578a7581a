import { adminJobPage, type JobState } from '#contract/admin-jobs.ts';
import { usePagedListQuery } from '#web/lib/paged-list-query.ts';
import { jobKeys } from './job-query-keys.ts';

/** Jobs move on by themselves (a worker runs them): the dashboard looks again this often. */
const REFRESH_MS = 10_000;

/** GET /api/admin/jobs (admins): jobs in `state` (every state when ''), next to run first, and the count of each state. */
export function useJobs(state: JobState | '') {
  return usePagedListQuery({ queryKey: jobKeys.list(state), path: '/admin/jobs', params: { state }, limit: 20, schema: adminJobPage, refetchInterval: REFRESH_MS });
}
