import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionSchema, type Session, type UpdateSessionBody } from '#contract/sessions.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { sessionKeys } from './session-query-keys.ts';

/** PUT /api/session/{email}/{id}: title and description; dates while pending or rejected. */
export async function updateSession(email: string, id: string, body: UpdateSessionBody): Promise<Session> {
  return sessionSchema.parse(
    await apiRequest<unknown>(`/session/${encodeURIComponent(email)}/${encodeURIComponent(id)}`, { method: 'PUT', body }),
  );
}

export function useUpdateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; id: string; body: UpdateSessionBody }) => updateSession(input.email, input.id, input.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
