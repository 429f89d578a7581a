import { queryOptions, useQuery } from '@tanstack/react-query';
import { noteSchema, type Note } from '#contract/notes.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { noteKeys } from './note-query-keys.ts';

/** GET /api/note/{email}/{id}. */
export async function getNote(email: string, id: string): Promise<Note> {
  return noteSchema.parse(await apiRequest<unknown>(`/note/${encodeURIComponent(email)}/${encodeURIComponent(id)}`));
}

/** One note of the signed-in student `email` (its route's loader reads it first). */
export const noteQuery = (email: string, id: string) => queryOptions({ queryKey: noteKeys.one(id), queryFn: () => getNote(email, id), enabled: email !== '' });

export function useNote(email: string, id: string) {
  return useQuery(noteQuery(email, id));
}
