import type { PublicSession } from '#contract/sessions.ts';
import type { ViewerPlace } from '#contract/viewer-place.ts';
import { SessionCard } from './session-card.tsx';

/** 1 column on small screens, 2 from sm, 3 from md. */
/** `headingLevel`: the cards' title level, one below the heading above the grid. */
export function SessionGrid({ sessions, headingLevel = 2 }: { sessions: Array<PublicSession & { mine?: ViewerPlace | null }>; headingLevel?: 2 | 3 }) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 md:grid-cols-3" data-testid="session-grid">
      {sessions.map((session) => (
        <li key={session.id}>
          <SessionCard session={session} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
