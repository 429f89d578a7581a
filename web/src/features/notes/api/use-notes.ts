import { notePage } from '#contract/notes.ts';
import { pagedListQuery, usePagedListQuery } from '#web/lib/paged-list-query.ts';
import { noteKeys } from './note-query-keys.ts';

const options = (email: string) => ({ queryKey: noteKeys.mine(email), path: `/notes/${encodeURIComponent(email)}`, limit: 20, schema: notePage, enabled: email !== '' });

/** GET /api/notes/{email}: own notes, most recently updated first (its route's loader reads it first). */
export const notesQuery = (email: string) => pagedListQuery(options(email));

export function useNotes(email: string) {
  return usePagedListQuery(options(email));
}
