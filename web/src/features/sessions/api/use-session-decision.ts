import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionSchema, type ApproveSessionBody, type CancelSessionBody, type RejectSessionBody, type Session } from '#contract/sessions.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { sessionKeys } from './session-query-keys.ts';

/** What each decision sends. */
export type Decisions = {
  /** Admin: the fee in dollars (0 = free) and an optional capacity. */
  approve: ApproveSessionBody;
  /** Admin: a reason and feedback, both required. */
  reject: RejectSessionBody;
  /** Its tutor while nobody has paid, or an admin: a reason its students are told. */
  cancel: CancelSessionBody;
};

/** POST /api/sessions/{id}/{approve|reject|cancel}: the session as it now is. */
export async function decideSession<K extends keyof Decisions>(decision: K, id: string, body: Decisions[K]): Promise<Session> {
  return sessionSchema.parse(await apiRequest<unknown>(`/sessions/${encodeURIComponent(id)}/${decision}`, { method: 'POST', body }));
}

export function useSessionDecision<K extends keyof Decisions>(decision: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; body: Decisions[K] }) => decideSession(decision, input.id, input.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
