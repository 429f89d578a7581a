import { noteSchema, type Note, type NoteBody } from '#contract/notes.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/create-note: a note of the signed-in student (Take a note's action). */
export async function createNote(input: NoteBody): Promise<Note> {
  return noteSchema.parse(await apiRequest<unknown>('/create-note', { method: 'POST', body: input }));
}
