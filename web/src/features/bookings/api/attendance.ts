import { markAllPresentResultSchema, type Attendance } from '#contract/bookings.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** PUT /api/sessions/{id}/attendance/{studentId} (the session's tutor, admins; once class has started). */
export async function markAttendance(sessionId: string, studentId: string, attendance: Attendance): Promise<void> {
  await apiRequest<unknown>(`/sessions/${encodeURIComponent(sessionId)}/attendance/${encodeURIComponent(studentId)}`, { method: 'PUT', body: { attendance } });
}

/** POST /api/sessions/{id}/attendance/all-present: every booked student not marked yet, present. */
export async function markAllPresent(sessionId: string): Promise<number> {
  return markAllPresentResultSchema.parse(await apiRequest<unknown>(`/sessions/${encodeURIComponent(sessionId)}/attendance/all-present`, { method: 'POST' })).marked;
}

/** The roster's download (a plain link: the browser saves the file). */
export const rosterCsvUrl = (sessionId: string) => `/api/sessions/${encodeURIComponent(sessionId)}/roster.csv`;
