import { useDeleteMaterial } from '#web/features/materials/api/use-delete-material.ts';
import { MaterialsList } from '#web/features/materials/components/materials-list.tsx';
import { deleteAfterConfirm } from '#web/lib/dialogs.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { PageSection } from '#web/components/page-section.tsx';

/** Admin: every material with its session and tutor, and Remove. */
export function AllMaterialsPage() {
  useTitle('All Materials');
  const remove = useDeleteMaterial();
  return (
    <PageSection title="All Materials" headingId="all-materials-heading">
      <MaterialsList
        empty="No tutor has uploaded a material yet."
        showTutor
        actions={(material) => (
          <button
            type="button"
            className="btn btn-sm btn-error btn-outline"
            aria-label={`Remove ${material.title}`}
            disabled={remove.isPending}
            onClick={() => void deleteAfterConfirm(() => remove.mutateAsync(material.id), 'Material removed successfully')}
          >
            Remove
          </button>
        )}
      />
    </PageSection>
  );
}
