import { useQuery } from '@tanstack/react-query';
import { publicSessionPageSchema, type PublicSessionPage } from '#contract/sessions.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { sessionKeys } from './session-query-keys.ts';

const HOME_SESSIONS = 6;

/**
 * Home's Sessions section, a small page: the newest sessions open for registration now first
 * (GET /api/sessions?open=true), then, if fewer, the newest other approved ones
 * (GET /api/approved-sessions). Both lists are the server's cached public lists.
 */
export async function getApprovedSessions(): Promise<PublicSessionPage> {
  const [open, newest] = await Promise.all([
    apiRequest<unknown>(`/sessions?open=true&limit=${HOME_SESSIONS}`).then((page) => publicSessionPageSchema.parse(page)),
    apiRequest<unknown>(`/approved-sessions?limit=${HOME_SESSIONS}`).then((page) => publicSessionPageSchema.parse(page)),
  ]);
  const shown = new Set(open.items.map((session) => session.id));
  const items = [...open.items, ...newest.items.filter((session) => !shown.has(session.id))].slice(0, HOME_SESSIONS);
  return { items, nextCursor: null };
}

export function useApprovedSessions() {
  return useQuery({ queryKey: sessionKeys.approved(), queryFn: getApprovedSessions });
}
