// Placeholder until the students feature lands: the Book now / waitlist / paid panel shown
// on /session/:id. The sessions feature renders it; the bookings feature owns it.
import type { Session } from '#contract/sessions.ts';

export function BookingPanel(_props: { session: Session }) {
  return null;
}
