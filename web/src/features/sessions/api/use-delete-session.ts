import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { sessionKeys } from './session-query-keys.ts';

/** DELETE /api/session/{email}/{id}: refused (409) for a tutor when the session has bookings. */
export async function deleteSession(email: string, id: string): Promise<void> {
  await apiRequest<void>(`/session/${encodeURIComponent(email)}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; id: string }) => deleteSession(input.email, input.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
