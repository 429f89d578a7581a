import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionSchema, type ApproveSessionBody, type Session } from '#contract/sessions.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { sessionKeys } from './session-query-keys.ts';

/** POST /api/sessions/{id}/approve (admin): the fee in dollars (0 = free) and an optional capacity. */
export async function approveSession(id: string, body: ApproveSessionBody): Promise<Session> {
  return sessionSchema.parse(
    await apiRequest<unknown>(`/sessions/${encodeURIComponent(id)}/approve`, { method: 'POST', body }),
  );
}

export function useApproveSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; body: ApproveSessionBody }) => approveSession(input.id, input.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
