/**
 * GET /api/booked-sessions/{email}/{sessionId}/calendar.ics, downloaded by the browser itself
 * through a plain link (the cookie goes with it), so no fetch and no hook.
 */
export function calendarFileUrl(email: string, sessionId: string): string {
  return `/api/booked-sessions/${encodeURIComponent(email)}/${encodeURIComponent(sessionId)}/calendar.ics`;
}
