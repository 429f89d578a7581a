// The .ics of a booked session: downloaded from the booked-session page and attached to the
// confirmation email.
import type { AppDeps } from '#server/app-deps.ts';
import type { StudySessionRow } from '#server/db/schema.ts';
import { buildIcs } from './ics.ts';

export function sessionCalendar(deps: Pick<AppDeps, 'config' | 'now'>, session: StudySessionRow, studentId: string): { filename: string; body: string } {
  const host = new URL(deps.config.baseUrl).hostname;
  const slug = session.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'session';
  return {
    filename: `studynest-${slug}.ics`,
    body: buildIcs({
      // One UID per student and session: downloading again updates the same calendar entry.
      uid: `${session.id}.${studentId}@${host}`,
      start: new Date(session.classStartDate),
      end: new Date(session.classEndDate),
      stamp: deps.now(),
      summary: session.title,
      description: `${session.description}\n\nTutor: ${session.tutorName} (${session.tutorEmail})\n${deps.config.baseUrl}/session/${session.id}`,
      url: `${deps.config.baseUrl}/session/${session.id}`,
      organizer: { name: session.tutorName, email: session.tutorEmail },
    }),
  };
}
