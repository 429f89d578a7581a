import { type ActionFunctionArgs, data, Form, useSearchParams } from 'react-router';
import { updateMaterialBody } from '#contract/materials.ts';
import { RefusalMessage } from '#web/components/form-messages.tsx';
import { IntentButton } from '#web/components/intent-button.tsx';
import { ListPage } from '#web/components/list-page.tsx';
import { deleteMaterial } from '#web/features/materials/api/delete-material.ts';
import { materialKeys, uploadProgressKey } from '#web/features/materials/api/material-query-keys.ts';
import { updateMaterial } from '#web/features/materials/api/update-material.ts';
import { materialsQuery } from '#web/features/materials/api/use-materials.ts';
import { EditMaterialForm, UPDATE_MATERIAL } from '#web/features/materials/components/edit-material-form.tsx';
import { MaterialsList } from '#web/features/materials/components/materials-list.tsx';
import { confirmDelete } from '#web/lib/dialogs.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { formBody, formText, pageQueryClient, refused, refusedBecause, sentOn } from '#web/lib/page-data.ts';

const DELETE = 'delete';
const PAGE = '/dashboard/view-all-materials';

/** The first page of materials the server lets this user see (the list's own query). */
export async function loader() {
  await pageQueryClient().prefetchInfiniteQuery(materialsQuery());
  return null;
}

/**
 * A material's edit form (a new title, and a new link, or a new file sent by the app) and its
 * Delete: the list again, which says "Material updated successfully" (or deleted). Refused (not
 * the tutor's, gone, a link that is no link, a file sent without the app), the page again saying
 * why, the edit form open with what was typed.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const fields = formText(form);
  const id = fields.id ?? '';
  const queryClient = pageQueryClient();
  try {
    switch (fields.intent) {
      case DELETE:
        await deleteMaterial(id);
        await queryClient.invalidateQueries({ queryKey: materialKeys.all });
        return sentOn(PAGE, 'materials.deleted');
      case UPDATE_MATERIAL: {
        const title = fields.title ?? '';
        const file = form.get('file');
        if (fields.source === 'file' && typeof file === 'string' && file !== '') return refusedBecause('materials.fileNeedsApp', UPDATE_MATERIAL);
        if (fields.source === 'file' && file instanceof File && (file.size > 0 || file.name !== '')) {
          try {
            await updateMaterial({ id, title, file }, (fraction) => queryClient.setQueryData(uploadProgressKey, fraction));
          } finally {
            queryClient.setQueryData(uploadProgressKey, null);
          }
        } else {
          const link = fields.source === 'link' ? (fields.link ?? '').trim() : '';
          await updateMaterial({ id, ...formBody(updateMaterialBody, link ? { title, link } : { title }) });
        }
        await queryClient.invalidateQueries({ queryKey: materialKeys.all });
        return sentOn(PAGE, 'materials.updated');
      }
      default:
        return data(null, { status: 400 });
    }
  } catch (error) {
    return refused(error, fields.intent);
  }
}

/**
 * Tutor: their materials grouped by session, with Edit and Delete. Edit opens the material's form
 * in place (`?edit=<id>`: a GET form, so that it opens without JavaScript too).
 */
export function ViewAllMaterialsPage() {
  const { t } = useTranslator();
  const [params] = useSearchParams();
  const editing = params.get('edit');

  return (
    <ListPage title={t('materials.viewAllTitle')} headingId="view-materials-heading" create={{ to: '/dashboard/upload-materials', label: t('materials.uploadTitle') }}>
      {/* A refused Delete, said once for the list. */}
      <RefusalMessage title={t('dashboardShell.error')} intent={DELETE} />
      <MaterialsList
        empty={t('materials.viewAllNone')}
        renderBody={(material) => (editing === material.id ? <EditMaterialForm material={material} closed={PAGE} /> : null)}
        actions={(material) => (
          <>
            <Form method="get" className="contents" preventScrollReset>
              <button type="submit" name="edit" value={material.id} className="btn btn-sm" aria-label={t('dashboardShell.editLabel', { name: material.title })}>
                {t('dashboardShell.edit')}
              </button>
            </Form>
            <IntentButton intent={DELETE} fields={{ id: material.id }} confirm={confirmDelete} className="btn btn-sm btn-error btn-outline" label={t('dashboardShell.deleteLabel', { name: material.title })}>
              {t('dashboardShell.delete')}
            </IntentButton>
          </>
        )}
      />
    </ListPage>
  );
}
