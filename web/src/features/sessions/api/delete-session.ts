import { apiRequest } from '#web/lib/api-client.ts';

/** DELETE /api/session/{email}/{id}: refused (409) for a tutor when the session has bookings. */
export async function deleteSession(email: string, id: string): Promise<void> {
  await apiRequest<void>(`/session/${encodeURIComponent(email)}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
