import type { ReactNode } from 'react';
import type { Material } from '#contract/materials.ts';
import { groupBySession } from './group-by-session.ts';
import { MaterialContent } from './material-content.tsx';
import { useTranslator } from '#web/lib/i18n.ts';

export type MaterialGroupsProps = {
  items: readonly Material[];
  /** Show the tutor's name under each session title (student and admin pages). */
  showTutor?: boolean;
  /** Buttons of one material (Edit, Delete, Remove). */
  actions?: (material: Material) => ReactNode;
  /** Replaces the material's card body, e.g. by an edit form. */
  renderBody?: (material: Material) => ReactNode | null;
};

/** Materials grouped by session: one section per session, one card per material. */
export function MaterialGroups({ items, showTutor = false, actions, renderBody }: MaterialGroupsProps) {
  const { t } = useTranslator();
  return (
    <div className="flex flex-col gap-6">
      {groupBySession(items).map((group) => (
        <section key={group.sessionId} aria-labelledby={`session-${group.sessionId}`} className="flex flex-col gap-3" data-testid="material-group">
          <div>
            <h2 id={`session-${group.sessionId}`} className="text-xl font-semibold break-words">
              {group.sessionTitle}
            </h2>
            {showTutor && <p className="text-sm text-base-content/70">{t('materials.tutor', { name: group.tutorName })}</p>}
          </div>
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {group.items.map((material) => (
              <li key={material.id} className="card bg-base-100 shadow-sm" data-testid="material-card">
                <div className="card-body gap-3 p-4">
                  {renderBody?.(material) ?? (
                    <>
                      <h3 className="text-lg font-semibold break-words">{material.title}</h3>
                      <MaterialContent material={material} />
                      {actions && <div className="flex flex-wrap gap-2">{actions(material)}</div>}
                    </>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
