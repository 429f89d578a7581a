// Placeholder until the students feature lands: the reviews list under a session's details.
export function SessionReviews(_props: { sessionId: string }) {
  return null;
}
