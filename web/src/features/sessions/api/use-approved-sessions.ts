import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicSessionPageSchema, type PublicSessionPage } from '#contract/sessions.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { sessionKeys } from './session-query-keys.ts';

const HOME_SESSIONS = 6;

/**
 * Home's Sessions section, a small page of the upcoming list in class order: classes not ended,
 * soonest first, a class going on now before them (GET /api/approved-sessions, the server's
 * cached public list). Whether registration is open is said on each card, not by the order.
 */
export async function getApprovedSessions(): Promise<PublicSessionPage> {
  const page = publicSessionPageSchema.parse(await apiRequest<unknown>(`/approved-sessions?limit=${HOME_SESSIONS}`));
  return { items: page.items, nextCursor: null };
}

/** Home's sessions, for its loader and its components alike. */
export const approvedSessionsQuery = queryOptions({ queryKey: sessionKeys.approved(), queryFn: getApprovedSessions });

export function useApprovedSessions() {
  return useQuery(approvedSessionsQuery);
}
