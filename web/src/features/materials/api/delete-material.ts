import { apiRequest } from '#web/lib/api-client.ts';

/** DELETE /api/materials/{id}: the owning tutor, or an admin. */
export async function deleteMaterial(id: string): Promise<void> {
  await apiRequest<void>(`/materials/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
