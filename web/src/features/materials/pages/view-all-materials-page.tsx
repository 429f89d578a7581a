import { useState } from 'react';
import { Link } from 'react-router';
import type { Material } from '#contract/materials.ts';
import { useDeleteMaterial } from '#web/features/materials/api/use-delete-material.ts';
import { useMaterials } from '#web/features/materials/api/use-materials.ts';
import { EditMaterialForm } from '#web/features/materials/components/edit-material-form.tsx';
import { MaterialGroups } from '#web/features/materials/components/material-groups.tsx';
import { PagedListState } from '#web/components/paged-list-state.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { confirmDelete, showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { useTitle } from '#web/lib/use-title.ts';

/** Tutor: their materials grouped by session, with Edit and Delete. */
export function ViewAllMaterialsPage() {
  useTitle('View All Materials');
  const materials = useMaterials();
  const remove = useDeleteMaterial();
  const [editing, setEditing] = useState<string | null>(null);
  const items = materials.data?.pages.flatMap((page) => page.items) ?? [];

  async function handleDelete(material: Material) {
    if (!(await confirmDelete())) return;
    try {
      await remove.mutateAsync(material.id);
    } catch (error) {
      await showErrorDialog('Error', errorMessage(error));
      return;
    }
    await showSuccessToast('Material deleted successfully');
  }

  return (
    <section aria-labelledby="view-materials-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="view-materials-heading" className="text-3xl font-bold">
          View All Materials
        </h1>
        <Link to="/dashboard/upload-materials" className="btn btn-primary btn-sm">
          Upload Materials
        </Link>
      </div>
      <PagedListState query={materials} loadingLabel="Loading materials" empty="You have not uploaded any material yet.">
        <MaterialGroups
          items={items}
          renderBody={(material) => (editing === material.id ? <EditMaterialForm material={material} onDone={() => setEditing(null)} /> : null)}
          actions={(material) => (
            <>
              <button type="button" className="btn btn-sm" aria-label={`Edit ${material.title}`} onClick={() => setEditing(material.id)}>
                Edit
              </button>
              <button type="button" className="btn btn-sm btn-error" aria-label={`Delete ${material.title}`} disabled={remove.isPending} onClick={() => void handleDelete(material)}>
                Delete
              </button>
            </>
          )}
        />
      </PagedListState>
    </section>
  );
}
