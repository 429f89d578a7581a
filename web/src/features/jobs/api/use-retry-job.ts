import { adminJobSchema, type AdminJob } from '#contract/admin-jobs.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/admin/jobs/{id}/retry (admins): a failed or dead job runs again now. */
export async function retryJob(id: string): Promise<AdminJob> {
  return adminJobSchema.parse(await apiRequest<unknown>(`/admin/jobs/${encodeURIComponent(id)}/retry`, { method: 'POST' }));
}
