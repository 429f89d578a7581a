export const reviewKeys = {
  all: ['reviews'] as const,
  ofSession: (sessionId: string) => ['reviews', 'session', sessionId] as const,
  mine: (sessionId: string) => ['reviews', 'mine', sessionId] as const,
};
