import { tutorSessionPageSchema } from '#contract/sessions.ts';
import { pagedListQuery, usePagedListQuery } from '#web/lib/paged-list-query.ts';
import { sessionKeys } from './session-query-keys.ts';

/** GET /api/view-sessions/{email}: the tutor's own sessions, every status, newest first, each as a row shows it (the whole session: useTutorSession). */
const tutorSessionsList = (email: string) => ({ queryKey: sessionKeys.ofTutor(email), path: `/view-sessions/${encodeURIComponent(email)}`, limit: 20, schema: tutorSessionPageSchema });

/** For the page's loader (`prefetchInfiniteQuery`): the list the hook reads. */
export const tutorSessionsQuery = (email: string) => pagedListQuery(tutorSessionsList(email));

export function useTutorSessions(email: string) {
  return usePagedListQuery(tutorSessionsList(email));
}
