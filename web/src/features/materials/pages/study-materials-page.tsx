import { materialsQuery } from '#web/features/materials/api/use-materials.ts';
import { MaterialsList } from '#web/features/materials/components/materials-list.tsx';
import { pageQueryClient } from '#web/lib/page-data.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { PageSection } from '#web/components/page-section.tsx';
import { useTranslator } from '#web/lib/i18n.ts';

/** The materials the list shows (the server picks the student's booked sessions'). */
export async function loader() {
  await pageQueryClient().ensureInfiniteQueryData(materialsQuery());
  return null;
}

/** Student: the materials of the sessions they booked, grouped by session. */
export function StudyMaterialsPage() {
  const { t } = useTranslator();
  useTitle(t('materials.studyTitle'));
  return (
    <PageSection title={t('materials.studyTitle')} headingId="study-materials-heading">
      <MaterialsList empty={t('materials.studyNone')} showTutor />
    </PageSection>
  );
}
