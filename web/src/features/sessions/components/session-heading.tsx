import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PublicSession } from '#contract/sessions.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { usePersonName } from '#web/lib/person-name.ts';

type SessionHeadingProps = {
  /** The h1's id, which names the page's article. */
  id: string;
  session: Pick<PublicSession, 'title' | 'tutorName' | 'tutorId'>;
  /** Badges on the right (status, open, booking). */
  children: ReactNode;
};

/** A session page's h1: the title, by whom, and its badges. */
export function SessionHeading({ id, session, children }: SessionHeadingProps) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h1 id={id} className="text-3xl font-bold break-words">
          {session.title}
        </h1>
        <TutorByline session={session} className="mt-1 text-base-content/70" />
      </div>
      {children}
    </div>
  );
}

/** "by <tutor>", the name linking to the tutor's page: a session's heading and its card. */
export function TutorByline({ session, className }: { session: Pick<PublicSession, 'tutorName' | 'tutorId'>; className: string }) {
  const { t } = useTranslator();
  const personName = usePersonName();
  return (
    <p className={className}>
      {t('sessionCard.by')}{' '}
      <Link to={`/tutors/${session.tutorId}`} className="link">
        {personName(session.tutorName)}
      </Link>
    </p>
  );
}
