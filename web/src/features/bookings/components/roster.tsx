// Placeholder until the students feature lands: booked students and waitlist, shown on the
// tutor's session page.
export function Roster(_props: { sessionId: string }) {
  return null;
}
