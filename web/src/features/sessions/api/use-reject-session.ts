import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionSchema, type RejectSessionBody, type Session } from '#contract/sessions.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { sessionKeys } from './session-query-keys.ts';

/** POST /api/sessions/{id}/reject (admin): a reason and feedback, both required. */
export async function rejectSession(id: string, body: RejectSessionBody): Promise<Session> {
  return sessionSchema.parse(
    await apiRequest<unknown>(`/sessions/${encodeURIComponent(id)}/reject`, { method: 'POST', body }),
  );
}

export function useRejectSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; body: RejectSessionBody }) => rejectSession(input.id, input.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
