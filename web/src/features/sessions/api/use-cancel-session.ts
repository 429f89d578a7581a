import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionSchema, type CancelSessionBody, type Session } from '#contract/sessions.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { sessionKeys } from './session-query-keys.ts';

/** POST /api/sessions/{id}/cancel (its tutor while nobody has paid, or an admin): a reason its students are told. */
export async function cancelSession(id: string, body: CancelSessionBody): Promise<Session> {
  return sessionSchema.parse(await apiRequest<unknown>(`/sessions/${encodeURIComponent(id)}/cancel`, { method: 'POST', body }));
}

export function useCancelSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; body: CancelSessionBody }) => cancelSession(input.id, input.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
