import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { materialKeys } from './material-query-keys.ts';

/** DELETE /api/materials/{id}: the owning tutor, or an admin. */
export async function deleteMaterial(id: string): Promise<void> {
  await apiRequest<void>(`/materials/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMaterial,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: materialKeys.all }),
  });
}
