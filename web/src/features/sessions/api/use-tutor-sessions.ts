import { sessionPageSchema } from '#contract/sessions.ts';
import { usePagedListQuery } from '#web/lib/paged-list-query.ts';
import { sessionKeys } from './session-query-keys.ts';

/** GET /api/view-sessions/{email}: the tutor's own sessions, every status, newest first. */
export function useTutorSessions(email: string) {
  return usePagedListQuery({ queryKey: sessionKeys.ofTutor(email), path: `/view-sessions/${encodeURIComponent(email)}`, limit: 20, schema: sessionPageSchema });
}
