import { bookSeriesResultSchema, type BookSeriesResult } from '#contract/bookings.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/**
 * POST /api/series/{id}/book: books the signed-in student in every class of the series from
 * `fromSessionId` on: a seat where there is one, the waitlist where the class is full.
 */
export async function bookSeries(seriesId: string, fromSessionId: string): Promise<BookSeriesResult> {
  return bookSeriesResultSchema.parse(await apiRequest<unknown>(`/series/${encodeURIComponent(seriesId)}/book`, { method: 'POST', body: { fromSessionId } }));
}
