import { useState } from 'react';
import { Link } from 'react-router';
import { useDeleteMaterial } from '#web/features/materials/api/use-delete-material.ts';
import { EditMaterialForm } from '#web/features/materials/components/edit-material-form.tsx';
import { MaterialsList } from '#web/features/materials/components/materials-list.tsx';
import { deleteAfterConfirm } from '#web/lib/dialogs.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { PageSection } from '#web/components/page-section.tsx';

/** Tutor: their materials grouped by session, with Edit and Delete. */
export function ViewAllMaterialsPage() {
  useTitle('View All Materials');
  const remove = useDeleteMaterial();
  const [editing, setEditing] = useState<string | null>(null);

  return (
    <PageSection
      title="View All Materials"
      headingId="view-materials-heading"
      action={
        <Link to="/dashboard/upload-materials" className="btn btn-primary btn-sm">
          Upload Materials
        </Link>
      }
    >
      <MaterialsList
        empty="You have not uploaded any material yet."
        renderBody={(material) => (editing === material.id ? <EditMaterialForm material={material} onDone={() => setEditing(null)} /> : null)}
        actions={(material) => (
          <>
            <button type="button" className="btn btn-sm" aria-label={`Edit ${material.title}`} onClick={() => setEditing(material.id)}>
              Edit
            </button>
            <button
              type="button"
              className="btn btn-sm btn-error btn-outline"
              aria-label={`Delete ${material.title}`}
              disabled={remove.isPending}
              onClick={() => void deleteAfterConfirm(() => remove.mutateAsync(material.id), 'Material deleted successfully')}
            >
              Delete
            </button>
          </>
        )}
      />
    </PageSection>
  );
}
