import { seriesSchema, type CreateSeriesBody, type Series } from '#contract/sessions.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/create-series/{email}: the signed-in tutor creates a weekly series, one pending session per class. Create Series' route action. */
export async function createSeries(email: string, body: CreateSeriesBody): Promise<Series> {
  return seriesSchema.parse(await apiRequest<unknown>(`/create-series/${encodeURIComponent(email)}`, { method: 'POST', body }));
}
