import { useDeleteMaterial } from '#web/features/materials/api/use-delete-material.ts';
import { materialsQuery } from '#web/features/materials/api/use-materials.ts';
import { pageQueryClient } from '#web/lib/page-data.ts';
import { MaterialsList } from '#web/features/materials/components/materials-list.tsx';
import { deleteAfterConfirm } from '#web/lib/dialogs.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { PageSection } from '#web/components/page-section.tsx';
import { useTranslator } from '#web/lib/i18n.ts';

/** The first page of materials the server lets this user see (the list's own query). */
export async function loader() {
  await pageQueryClient().prefetchInfiniteQuery(materialsQuery());
  return null;
}

/** Admin: every material with its session and tutor, and Remove. */
export function AllMaterialsPage() {
  const { t } = useTranslator();
  useTitle(t('materials.allTitle'));
  const remove = useDeleteMaterial();
  return (
    <PageSection title={t('materials.allTitle')} headingId="all-materials-heading">
      <MaterialsList
        empty={t('materials.allNone')}
        showTutor
        actions={(material) => (
          <button
            type="button"
            className="btn btn-sm btn-error btn-outline"
            aria-label={t('materials.removeLabel', { title: material.title })}
            disabled={remove.isPending}
            onClick={() => void deleteAfterConfirm(() => remove.mutateAsync(material.id), t('materials.removed'))}
          >
            {t('materials.remove')}
          </button>
        )}
      />
    </PageSection>
  );
}
