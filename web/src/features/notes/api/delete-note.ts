import { apiRequest } from '#web/lib/api-client.ts';

/** DELETE /api/note/{email}/{id}. */
export async function deleteNote(email: string, id: string): Promise<void> {
  await apiRequest<void>(`/note/${encodeURIComponent(email)}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
