/**
 * Query keys of the sessions feature. Everything starts with `sessions`, so a change to any
 * session (create, edit, approve, book…) can refresh every list and page at once with
 * `invalidateQueries({ queryKey: sessionKeys.all })`.
 */
export const sessionKeys = {
  all: ['sessions'] as const,
  approved: () => ['sessions', 'approved'] as const,
  tutors: () => ['sessions', 'tutors'] as const,
  tutorProfile: (id: string) => ['sessions', 'tutor-profile', id] as const,
  list: (q: string, open: boolean, after: string | null = null) => ['sessions', 'list', { q, open, after }] as const,
  detail: (id: string) => ['sessions', 'detail', id] as const,
  ofTutor: (email: string) => ['sessions', 'tutor', email.toLowerCase()] as const,
  tutorDetail: (email: string, id: string) => ['sessions', 'tutor', email.toLowerCase(), id] as const,
  admin: (status: string, q: string) => ['sessions', 'admin', { status, q }] as const,
};
