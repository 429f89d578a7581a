import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionSchema, type CreateSessionBody, type Session } from '#contract/sessions.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { sessionKeys } from './session-query-keys.ts';

/** POST /api/create-session/{email}: the signed-in tutor creates a session (pending). */
export async function createSession(email: string, body: CreateSessionBody): Promise<Session> {
  return sessionSchema.parse(
    await apiRequest<unknown>(`/create-session/${encodeURIComponent(email)}`, { method: 'POST', body }),
  );
}

export function useCreateSession(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSessionBody) => createSession(email, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
