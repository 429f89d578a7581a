import { useInfiniteQuery } from '@tanstack/react-query';
import { notePage, type NotePage } from '#contract/notes.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { noteKeys } from './note-query-keys.ts';

/** GET /api/notes/{email}: own notes, most recently updated first. */
export async function getNotes(email: string, cursor: string | null): Promise<NotePage> {
  const search = new URLSearchParams({ limit: '20' });
  if (cursor) search.set('cursor', cursor);
  return notePage.parse(await apiRequest<unknown>(`/notes/${encodeURIComponent(email)}?${search}`));
}

export function useNotes(email: string) {
  return useInfiniteQuery({
    queryKey: noteKeys.mine(email),
    queryFn: ({ pageParam }) => getNotes(email, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: email !== '',
  });
}
