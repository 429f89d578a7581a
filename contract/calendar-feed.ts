// A person's private calendar feed (a "calendar subscription"): the sessions they booked
// or teach, upcoming and recent, as an iCalendar feed that calendar apps poll.
import { z } from 'zod';

/** GET /api/me/calendar-feed, POST (a new link; the old one stops working). null: no link yet. */
export const calendarFeedSchema = z.object({
  /** https://…/calendar/<token>.ics */
  url: z.string().nullable(),
  /** The same as webcal://…, which calendar apps open as a subscription. */
  webcalUrl: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** GET /calendar/{file}: `<token>.ics`; anything else is 404 like an unknown token. */
export const calendarFeedFileParams = z.object({ file: z.string().max(200) });
