import { noteSchema, type Note, type NoteBody } from '#contract/notes.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** PUT /api/note/{email}/{id} (Edit note's action). */
export async function updateNote(email: string, id: string, input: NoteBody): Promise<Note> {
  return noteSchema.parse(await apiRequest<unknown>(`/note/${encodeURIComponent(email)}/${encodeURIComponent(id)}`, { method: 'PUT', body: input }));
}
