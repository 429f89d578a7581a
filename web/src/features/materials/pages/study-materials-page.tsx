import { MaterialsList } from '#web/features/materials/components/materials-list.tsx';
import { useTitle } from '#web/lib/use-title.ts';
import { PageSection } from '#web/components/page-section.tsx';
import { useTranslator } from '#web/lib/i18n.ts';

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
