import { Link } from 'react-router';
import type { Session } from '#contract/sessions.ts';
import { StatusBadge } from '#web/features/sessions/components/status-badge.tsx';

/** The first line of a session in a dashboard list: its title, a link to its details, and its status. */
export function SessionRowTitle({ session, detailsPath }: { session: Pick<Session, 'title' | 'status'>; detailsPath: string }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-2">
      <Link to={detailsPath} className="link link-hover min-w-0 text-lg font-semibold break-words">
        {session.title}
      </Link>
      <StatusBadge status={session.status} />
    </div>
  );
}
