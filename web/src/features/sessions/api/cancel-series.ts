import { cancelSeriesResultSchema, type CancelSeriesBody } from '#contract/sessions.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/series/{id}/cancel: its tutor (while nobody has paid) or an admin calls off a class of a series and every later one; how many were. */
export async function cancelSeries(seriesId: string, body: CancelSeriesBody): Promise<number> {
  return cancelSeriesResultSchema.parse(await apiRequest<unknown>(`/series/${encodeURIComponent(seriesId)}/cancel`, { method: 'POST', body })).cancelled;
}
