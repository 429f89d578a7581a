import { useState } from 'react';
import { useDeleteMaterial } from '#web/features/materials/api/use-delete-material.ts';
import { materialsQuery } from '#web/features/materials/api/use-materials.ts';
import { pageQueryClient } from '#web/lib/page-data.ts';
import { EditMaterialForm } from '#web/features/materials/components/edit-material-form.tsx';
import { MaterialsList } from '#web/features/materials/components/materials-list.tsx';
import { DeleteButton, ListPage } from '#web/components/list-page.tsx';
import { useTranslator } from '#web/lib/i18n.ts';

/** The first page of materials the server lets this user see (the list's own query). */
export async function loader() {
  await pageQueryClient().prefetchInfiniteQuery(materialsQuery());
  return null;
}

/** Tutor: their materials grouped by session, with Edit and Delete. */
export function ViewAllMaterialsPage() {
  const { t } = useTranslator();
  const remove = useDeleteMaterial();
  const [editing, setEditing] = useState<string | null>(null);

  return (
    <ListPage title={t('materials.viewAllTitle')} headingId="view-materials-heading" create={{ to: '/dashboard/upload-materials', label: t('materials.uploadTitle') }}>
      <MaterialsList
        empty={t('materials.viewAllNone')}
        renderBody={(material) => (editing === material.id ? <EditMaterialForm material={material} onDone={() => setEditing(null)} /> : null)}
        actions={(material) => (
          <>
            <button type="button" className="btn btn-sm" aria-label={t('dashboardShell.editLabel', { name: material.title })} onClick={() => setEditing(material.id)}>
              {t('dashboardShell.edit')}
            </button>
            <DeleteButton name={material.title} pending={remove.isPending} remove={() => remove.mutateAsync(material.id)} deleted={t('materials.deleted')} />
          </>
        )}
      />
    </ListPage>
  );
}
