import { MaterialsList } from '#web/features/materials/components/materials-list.tsx';
import { useTitle } from '#web/lib/use-title.ts';

/** Student: the materials of the sessions they booked, grouped by session. */
export function StudyMaterialsPage() {
  useTitle('Study Materials');
  return (
    <section aria-labelledby="study-materials-heading" className="flex flex-col gap-4">
      <h1 id="study-materials-heading" className="text-3xl font-bold">
        Study Materials
      </h1>
      <MaterialsList empty="No materials yet. The materials of the sessions you book appear here." showTutor />
    </section>
  );
}
