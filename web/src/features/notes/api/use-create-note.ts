import { useMutation, useQueryClient } from '@tanstack/react-query';
import { noteSchema, type Note, type NoteBody } from '#contract/notes.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { noteKeys } from './note-query-keys.ts';

/** POST /api/create-note: a note of the signed-in student. */
export async function createNote(input: NoteBody): Promise<Note> {
  return noteSchema.parse(await apiRequest<unknown>('/create-note', { method: 'POST', body: input }));
}

export function useCreateNote() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createNote, onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.all }) });
}
