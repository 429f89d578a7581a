import { approveSeriesResultSchema, type ApproveSessionBody } from '#contract/sessions.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/series/{id}/approve: an admin approves every pending class of a series at once, each at this fee. */
export async function approveSeries(seriesId: string, body: ApproveSessionBody): Promise<number> {
  return approveSeriesResultSchema.parse(await apiRequest<unknown>(`/series/${encodeURIComponent(seriesId)}/approve`, { method: 'POST', body })).approved;
}
