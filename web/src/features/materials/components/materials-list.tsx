import { PagedListState, pagedItems } from '#web/components/paged-list-state.tsx';
import { useTranslator } from '#web/lib/i18n.ts';
import { useMaterials } from '#web/features/materials/api/use-materials.ts';
import { MaterialGroups, type MaterialGroupsProps } from '#web/features/materials/components/material-groups.tsx';

/**
 * The materials the signed-in user may see (a student's booked sessions', a tutor's own, every one
 * for an admin), grouped by session, paged; `empty` when there is none.
 */
export function MaterialsList({ empty, ...groups }: Omit<MaterialGroupsProps, 'items'> & { empty: string }) {
  const { t } = useTranslator();
  const materials = useMaterials();
  return (
    <PagedListState query={materials} loadingLabel={t('materials.loading')} empty={empty}>
      <MaterialGroups items={pagedItems(materials)} {...groups} />
    </PagedListState>
  );
}
