import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { noteKeys } from './note-query-keys.ts';

/** DELETE /api/note/{email}/{id}. */
export async function deleteNote(email: string, id: string): Promise<void> {
  await apiRequest<void>(`/note/${encodeURIComponent(email)}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; id: string }) => deleteNote(input.email, input.id),
    onSuccess: (_void, input) => {
      queryClient.removeQueries({ queryKey: noteKeys.one(input.id) });
      return queryClient.invalidateQueries({ queryKey: noteKeys.mine(input.email) });
    },
  });
}
