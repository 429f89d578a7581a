import { MaterialsList } from '#web/features/materials/components/materials-list.tsx';
import { useTitle } from '#web/lib/use-title.ts';
import { PageSection } from '#web/components/page-section.tsx';

/** Student: the materials of the sessions they booked, grouped by session. */
export function StudyMaterialsPage() {
  useTitle('Study Materials');
  return (
    <PageSection title="Study Materials" headingId="study-materials-heading">
      <MaterialsList empty="No materials yet. The materials of the sessions you book appear here." showTutor />
    </PageSection>
  );
}
