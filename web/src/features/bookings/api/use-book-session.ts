import { bookSessionResultSchema, type BookSessionBody, type BookSessionResult } from '#contract/bookings.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/**
 * POST /api/book-session: books the signed-in student (409 with a message when full, closed or
 * already booked). A paid session answers with its seat held and `checkoutUrl` to pay on.
 */
export async function bookSession(sessionId: string, group: Omit<BookSessionBody, 'sessionId'> = {}): Promise<BookSessionResult> {
  return bookSessionResultSchema.parse(await apiRequest<unknown>('/book-session', { method: 'POST', body: { sessionId, ...group } }));
}
