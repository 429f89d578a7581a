import type { Material } from '#contract/materials.ts';

export type MaterialGroup = { sessionId: string; sessionTitle: string; tutorName: string; items: Material[] };

/** Materials grouped by their session, sessions in the order their first material appears. */
export function groupBySession(items: readonly Material[]): MaterialGroup[] {
  const groups = new Map<string, MaterialGroup>();
  for (const item of items) {
    let group = groups.get(item.sessionId);
    if (!group) {
      group = { sessionId: item.sessionId, sessionTitle: item.sessionTitle, tutorName: item.tutorName, items: [] };
      groups.set(item.sessionId, group);
    }
    group.items.push(item);
  }
  return [...groups.values()];
}
