import { useMutation, useQueryClient } from '@tanstack/react-query';
import { noteSchema, type Note, type NoteBody } from '#contract/notes.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { noteKeys } from './note-query-keys.ts';

/** PUT /api/note/{email}/{id}. */
export async function updateNote(email: string, id: string, input: NoteBody): Promise<Note> {
  return noteSchema.parse(await apiRequest<unknown>(`/note/${encodeURIComponent(email)}/${encodeURIComponent(id)}`, { method: 'PUT', body: input }));
}

export function useUpdateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; id: string; note: NoteBody }) => updateNote(input.email, input.id, input.note),
    onSuccess: (note) => {
      queryClient.setQueryData(noteKeys.one(note.id), note);
      return queryClient.invalidateQueries({ queryKey: noteKeys.all });
    },
  });
}
