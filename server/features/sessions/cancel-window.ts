// Until when a student may cancel a booking: the session's cutoff before class start; and, when
// the tutor moved the class after the student booked it, at least 48 hours after the move (never
// past class start), with a full refund (docs/decisions/053-reschedule-and-class-order.md): a
// student who booked one time must not be held to another.
import type { StudySessionRow } from '#server/db/schema.ts';

const HOUR_MS = 3_600_000;
/** How long after a reschedule a student booked before it may cancel, whatever the cutoff. */
export const RESCHEDULE_GRACE_HOURS = 48;

type WindowSession = Pick<StudySessionRow, 'classStartDate' | 'cancellationCutoffHours'> & { rescheduledAt?: string | null };

/** The end of the free-cancel window a reschedule at `movedAt` opens for a class starting at `classStartDate`. */
export const graceAfterMove = (movedAt: string, classStartDate: string): Date =>
  new Date(Math.min(Date.parse(movedAt) + RESCHEDULE_GRACE_HOURS * HOUR_MS, Date.parse(classStartDate)));

/** The last instant a booking made at `bookedAt` can be cancelled (and a paid one refunded in full). */
export function cancelDeadline(session: WindowSession, bookedAt?: string): Date {
  const byCutoff = Date.parse(session.classStartDate) - session.cancellationCutoffHours * HOUR_MS;
  if (!session.rescheduledAt || !bookedAt || Date.parse(bookedAt) >= Date.parse(session.rescheduledAt)) return new Date(byCutoff);
  return new Date(Math.max(byCutoff, graceAfterMove(session.rescheduledAt, session.classStartDate).getTime()));
}
