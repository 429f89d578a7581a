import type { SessionListSort, SessionListWhen } from '#contract/sessions.ts';

/** All Sessions' search, filter, view and order, as its address says them. */
export interface SessionsFilter {
  q: string;
  open: boolean;
  when: SessionListWhen;
  sort: SessionListSort;
}

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
  series: (id: string) => ['sessions', 'series', id] as const,
  list: (filter: SessionsFilter, after: string | null = null) => ['sessions', 'list', { ...filter, after }] as const,
  detail: (id: string) => ['sessions', 'detail', id] as const,
  ofTutor: (email: string) => ['sessions', 'tutor', email.toLowerCase()] as const,
  tutorDetail: (email: string, id: string) => ['sessions', 'tutor', email.toLowerCase(), id] as const,
  admin: (status: string, q: string) => ['sessions', 'admin', { status, q }] as const,
};
