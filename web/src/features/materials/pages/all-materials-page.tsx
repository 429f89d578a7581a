import type { Material } from '#contract/materials.ts';
import { useDeleteMaterial } from '#web/features/materials/api/use-delete-material.ts';
import { useMaterials } from '#web/features/materials/api/use-materials.ts';
import { MaterialGroups } from '#web/features/materials/components/material-groups.tsx';
import { PagedListState } from '#web/components/paged-list-state.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { confirmDelete, showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { useTitle } from '#web/lib/use-title.ts';

/** Admin: every material with its session and tutor, and Remove. */
export function AllMaterialsPage() {
  useTitle('All Materials');
  const materials = useMaterials();
  const remove = useDeleteMaterial();
  const items = materials.data?.pages.flatMap((page) => page.items) ?? [];

  async function handleRemove(material: Material) {
    if (!(await confirmDelete())) return;
    try {
      await remove.mutateAsync(material.id);
    } catch (error) {
      await showErrorDialog('Error', errorMessage(error));
      return;
    }
    await showSuccessToast('Material removed successfully');
  }

  return (
    <section aria-labelledby="all-materials-heading" className="flex flex-col gap-4">
      <h1 id="all-materials-heading" className="text-3xl font-bold">
        All Materials
      </h1>
      <PagedListState query={materials} loadingLabel="Loading materials" empty="No tutor has uploaded a material yet.">
        <MaterialGroups
          items={items}
          showTutor
          actions={(material) => (
            <button type="button" className="btn btn-sm btn-error" aria-label={`Remove ${material.title}`} disabled={remove.isPending} onClick={() => void handleRemove(material)}>
              Remove
            </button>
          )}
        />
      </PagedListState>
    </section>
  );
}
