import { notePage } from '#contract/notes.ts';
import { usePagedListQuery } from '#web/lib/paged-list-query.ts';
import { noteKeys } from './note-query-keys.ts';

/** GET /api/notes/{email}: own notes, most recently updated first. */
export function useNotes(email: string) {
  return usePagedListQuery({ queryKey: noteKeys.mine(email), path: `/notes/${encodeURIComponent(email)}`, limit: 20, schema: notePage, enabled: email !== '' });
}
