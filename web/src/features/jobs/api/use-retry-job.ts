import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminJobSchema, type AdminJob } from '#contract/admin-jobs.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { jobKeys } from './job-query-keys.ts';

/** POST /api/admin/jobs/{id}/retry (admins): a failed or dead job runs again now. */
export async function retryJob(id: string): Promise<AdminJob> {
  return adminJobSchema.parse(await apiRequest<unknown>(`/admin/jobs/${encodeURIComponent(id)}/retry`, { method: 'POST' }));
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    // Found or not (it may have finished meanwhile), the lists are out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
