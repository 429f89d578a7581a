import { useQuery } from '@tanstack/react-query';
import { publicSessionPageSchema, type PublicSessionPage } from '#contract/sessions.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { sessionKeys } from './session-query-keys.ts';

/** GET /api/approved-sessions: Home's Sessions section (newest approved, a small page). */
export async function getApprovedSessions(): Promise<PublicSessionPage> {
  return publicSessionPageSchema.parse(await apiRequest<unknown>('/approved-sessions?limit=6'));
}

export function useApprovedSessions() {
  return useQuery({ queryKey: sessionKeys.approved(), queryFn: getApprovedSessions });
}
