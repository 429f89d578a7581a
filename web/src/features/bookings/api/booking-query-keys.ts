/**
 * Query keys of the bookings feature. A booking changes a session's seats too, so mutations
 * invalidate `bookingKeys.all` and the sessions feature's `sessionKeys.all`.
 */
export const bookingKeys = {
  all: ['bookings'] as const,
  mine: (email: string) => ['bookings', 'mine', email.toLowerCase()] as const,
  one: (sessionId: string) => ['bookings', 'one', sessionId] as const,
  roster: (sessionId: string) => ['bookings', 'roster', sessionId] as const,
};
