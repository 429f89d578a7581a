import { Link } from 'react-router';
import type { PublicSession } from '#contract/sessions.ts';
import { OpenBadge } from './open-badge.tsx';

/** Spec §2 card: title, description, the Ongoing/Closed button and Read More. */
export function SessionCard({ session, headingLevel = 2 }: { session: PublicSession; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card h-full bg-base-100 shadow-sm" aria-labelledby={`session-${session.id}-title`}>
      <div className="card-body gap-3">
        <Heading id={`session-${session.id}-title`} className="card-title break-words">
          {session.title}
        </Heading>
        <p className="text-sm text-base-content/70">by {session.tutorName}</p>
        <p className="line-clamp-3 break-words text-base-content/80">{session.description}</p>
        <div className="card-actions mt-auto items-center justify-between pt-2">
          <OpenBadge session={session} as="button" />
          <Link to={`/session/${session.id}`} className="btn btn-primary btn-sm" aria-label={`Read More about ${session.title}`}>
            Read More
          </Link>
        </div>
      </div>
    </article>
  );
}
