// The roster's attendance forms (a student marked present or absent, "Mark all present"), as the
// action of the page that shows the roster (app/pages/tutor-session-details-page.tsx), the same
// whether the app, the browser before it is live, or a browser without JavaScript sends them
// (docs/decisions/041-pages-loaders-actions.md).
import { data } from 'react-router';
import { markAttendanceBody } from '#contract/bookings.ts';
import { formBody, pageQueryClient, refused, sentOn } from '#web/lib/page-data.ts';
import { markAllPresent, markAttendance } from './api/attendance.ts';
import { bookingKeys } from './api/booking-query-keys.ts';

export const ROSTER_INTENTS = ['attendance', 'all-present'] as const;
export type RosterIntent = (typeof ROSTER_INTENTS)[number];
export const isRosterIntent = (value: string | undefined): value is RosterIntent => (ROSTER_INTENTS as readonly string[]).includes(value ?? '');

/**
 * `fields` (lib/page-data.ts formText) of the session `sessionId`'s roster: marked, 303 to `next`,
 * the roster read again (Mark all present says how many it marked); refused (class not started,
 * not this tutor's), the page again saying why.
 */
export async function rosterAction(fields: Record<string, string>, sessionId: string, next: string) {
  const intent = fields.intent;
  if (!isRosterIntent(intent)) return data(null, { status: 400 });
  const queryClient = pageQueryClient();
  try {
    if (intent === 'all-present') {
      const marked = await markAllPresent(sessionId);
      await queryClient.invalidateQueries({ queryKey: bookingKeys.roster(sessionId) });
      return sentOn(next, 'roster.markedPresent', String(marked));
    }
    await markAttendance(sessionId, fields.studentId ?? '', formBody(markAttendanceBody, { attendance: fields.attendance ?? '' }).attendance);
  } catch (error) {
    return refused(error, intent);
  }
  await queryClient.invalidateQueries({ queryKey: bookingKeys.roster(sessionId) });
  return sentOn(next);
}
