import { Link } from 'react-router';
import type { PublicSession } from '#contract/sessions.ts';
import type { ViewerPlace } from '#contract/viewer-place.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { useSessionText } from '../session-text.ts';
import { useBookability } from '../use-bookability.ts';
import { OpenBadge } from './open-badge.tsx';
import { TutorByline } from './session-heading.tsx';

/**
 * The card: title, description, the Ongoing/Closed button with the state label the session's page
 * shows beside it, and Read More; and what a reader needs at a glance: when the class is, its fee.
 */
/** `session.mine`: a signed-in student's own place on it (the lists carry it), said on the card too. */
export function SessionCard({ session, headingLevel = 2 }: { session: PublicSession & { mine?: ViewerPlace | null }; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t } = useTranslator();
  const { feeText, minimumState } = useSessionText();
  // "Needs 3 more to run" until the class reaches its minimum; nothing once decided.
  const needsMore = session.minimumStatus === 'undecided' && session.studentsNeeded > 0 ? minimumState(session) : null;
  const { formatClassTime } = useDateFormatters();
  const bookability = useBookability(session, session.mine);
  return (
    <article className="card h-full bg-base-100 shadow-sm" aria-labelledby={`session-${session.id}-title`}>
      <div className="card-body gap-3">
        <Heading id={`session-${session.id}-title`} className="card-title break-words">
          {session.title}
        </Heading>
        <TutorByline session={session} className="text-sm text-base-content/70" />
        <dl className="flex flex-wrap gap-x-3 gap-y-1 text-sm" data-testid="session-card-facts">
          <div className="w-full">
            <dt className="sr-only">{t('sessionCard.classTime')}</dt>
            <dd className="font-medium">{formatClassTime(session.classStartDate, session.classEndDate, session.tutorTimeZone)}</dd>
          </div>
          <div>
            <dt className="sr-only">{t('sessionCard.fee')}</dt>
            <dd>{feeText(session.registrationFee)}</dd>
          </div>
          {needsMore && (
            <div className="w-full">
              <dt className="sr-only">{t('sessionCard.minimum')}</dt>
              <dd data-testid="session-card-minimum">
                <span className="badge badge-warning badge-sm h-auto py-0.5">{needsMore}</span>
              </dd>
            </div>
          )}
        </dl>
        <p className="line-clamp-3 break-words text-base-content/80">{session.description}</p>
        <div className="card-actions mt-auto items-center justify-between pt-2">
          {/* The spec's Ongoing/Closed and, beside it, what it means now (the session page's words):
              "Ongoing" alone was read as "happening now". Wraps under the badge on a narrow phone. */}
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            <OpenBadge ongoing={bookability.ongoing} as="button" />
            <p className="text-sm" data-testid="session-card-state">
              <span className="sr-only">{t('sessionCard.registration')}: </span>
              {bookability.label}
              {bookability.state.kind === 'holding' && (
                <>
                  {' '}
                  <Link to={`/dashboard/view-booked-session/${session.id}`} className="link link-primary">
                    {t('sessionCard.payNow')}
                  </Link>
                </>
              )}
            </p>
          </div>
          <Link to={`/session/${session.id}`} className="btn btn-primary btn-sm" aria-label={t('sessionCard.readMoreLabel', { title: session.title })}>
            {t('sessionCard.readMore')}
          </Link>
        </div>
      </div>
    </article>
  );
}
