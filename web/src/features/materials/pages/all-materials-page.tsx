import { type ActionFunctionArgs, data } from 'react-router';
import { RefusalMessage } from '#web/components/form-messages.tsx';
import { IntentButton } from '#web/components/intent-button.tsx';
import { PageSection } from '#web/components/page-section.tsx';
import { deleteMaterial } from '#web/features/materials/api/delete-material.ts';
import { materialKeys } from '#web/features/materials/api/material-query-keys.ts';
import { materialsQuery } from '#web/features/materials/api/use-materials.ts';
import { MaterialsList } from '#web/features/materials/components/materials-list.tsx';
import { confirmDelete } from '#web/lib/dialogs.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { formText, pageQueryClient, refused, sentOn } from '#web/lib/page-data.ts';
import { useTitle } from '#web/lib/use-title.ts';

const REMOVE = 'remove';

/** The first page of materials the server lets this user see (the list's own query). */
export async function loader() {
  await pageQueryClient().prefetchInfiniteQuery(materialsQuery());
  return null;
}

/** A material's Remove: the list again, which says "Material removed successfully"; refused (gone already), the page again saying why. */
export async function action({ request }: ActionFunctionArgs) {
  const fields = formText(await request.formData());
  if (fields.intent !== REMOVE) return data(null, { status: 400 });
  const queryClient = pageQueryClient();
  try {
    await deleteMaterial(fields.id ?? '');
  } catch (error) {
    return refused(error, REMOVE);
  }
  await queryClient.invalidateQueries({ queryKey: materialKeys.all });
  return sentOn('/dashboard/all-materials', 'materials.removed');
}

/** Admin: every material with its session and tutor, and Remove. */
export function AllMaterialsPage() {
  const { t } = useTranslator();
  useTitle(t('materials.allTitle'));
  return (
    <PageSection title={t('materials.allTitle')} headingId="all-materials-heading">
      <RefusalMessage title={t('dashboardShell.error')} intent={REMOVE} />
      <MaterialsList
        empty={t('materials.allNone')}
        showTutor
        actions={(material) => (
          <IntentButton intent={REMOVE} fields={{ id: material.id }} confirm={confirmDelete} className="btn btn-sm btn-error btn-outline" label={t('materials.removeLabel', { title: material.title })}>
            {t('materials.remove')}
          </IntentButton>
        )}
      />
    </PageSection>
  );
}
