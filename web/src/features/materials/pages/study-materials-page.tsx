import { useMaterials } from '#web/features/materials/api/use-materials.ts';
import { MaterialGroups } from '#web/features/materials/components/material-groups.tsx';
import { PagedListState } from '#web/components/paged-list-state.tsx';
import { useTitle } from '#web/lib/use-title.ts';

/** Student: the materials of the sessions they booked, grouped by session. */
export function StudyMaterialsPage() {
  useTitle('Study Materials');
  const materials = useMaterials();
  const items = materials.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="study-materials-heading" className="flex flex-col gap-4">
      <h1 id="study-materials-heading" className="text-3xl font-bold">
        Study Materials
      </h1>
      <PagedListState query={materials} loadingLabel="Loading materials" empty="No materials yet. The materials of the sessions you book appear here.">
        <MaterialGroups items={items} showTutor />
      </PagedListState>
    </section>
  );
}
