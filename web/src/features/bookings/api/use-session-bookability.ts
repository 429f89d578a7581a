import type { PublicSession } from '#contract/sessions.ts';
import { useMe } from '#web/features/auth/public.ts';
import { useBookability, type BookabilityView } from '#web/features/sessions/public.ts';
import { useBookedSession } from './use-booked-session.ts';

/**
 * A session's bookability for the signed-in viewer, with their own booking, waitlist place or
 * hold: the one state the session's page shows in its badge, its sentence and its button.
 * `checking` while a student's own place is still being read.
 */
export function useSessionBookability(session: PublicSession & { waitlistLength?: number }): BookabilityView & { checking: boolean } {
  const { user } = useMe();
  const isStudent = user?.role === 'student';
  const mine = useBookedSession(session.id, { enabled: isStudent });
  const place = isStudent ? (mine.data ?? null) : null;
  return { ...useBookability(session, place), checking: isStudent && mine.isPending };
}
