import { queryOptions, useQuery } from '@tanstack/react-query';
import { calendarFeedSchema, type CalendarFeed } from '#contract/calendar-feed.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/me/calendar-feed: the caller's private feed link, or nulls until one is made. */
export const calendarFeedQuery = queryOptions({
  queryKey: ['me', 'calendar-feed'],
  queryFn: async () => calendarFeedSchema.parse(await apiRequest<unknown>('/me/calendar-feed')),
});

/** POST /api/me/calendar-feed: a new link; the old one stops working. */
export async function renewCalendarFeed(): Promise<CalendarFeed> {
  return calendarFeedSchema.parse(await apiRequest<unknown>('/me/calendar-feed', { method: 'POST' }));
}

export function useCalendarFeed() {
  return useQuery(calendarFeedQuery);
}
