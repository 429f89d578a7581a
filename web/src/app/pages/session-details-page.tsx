import { useParams } from 'react-router';
import { LoadError } from '#web/components/load-error.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import type { SessionDetails as SessionDetailsDto } from '#contract/sessions.ts';
import { BookingPanel, useSessionBookability } from '#web/features/bookings/public.ts';
import { SessionReviews } from '#web/features/reviews/public.ts';
import { OpenBadge, SessionBody, SessionHeading, StatusBadge, useSession, useSessionText } from '#web/features/sessions/public.ts';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { shortText } from '#web/lib/page-meta.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { useTitle } from '#web/lib/use-title.ts';

/**
 * Session details: every field, the booking panel and the reviews. Public and read-only for a
 * signed-out visitor (a shared link, a calendar entry), who is asked to log in to book.
 */
export function SessionDetailsPage() {
  const { t } = useTranslator();
  const { id = '' } = useParams();
  const session = useSession(id);
  const loaded = session.data;
  // An approved session's own summary for search results and link previews (lib/page-meta.ts).
  useTitle(loaded?.title ?? t('sessionDetails.title'), loaded?.status === 'approved' ? shortText(t('sessionDetails.summary', { title: loaded.title, tutor: loaded.tutorName, description: loaded.description }), 200) : undefined);

  if (session.isPending) return <Spinner label={t('sessionDetails.loading')} />;
  if (session.isError) {
    if (session.error instanceof ApiError && session.error.status === 404) {
      return (
        <div role="alert" className="alert">
          {t('sessionDetails.notFound')}
        </div>
      );
    }
    return <LoadError message={errorMessage(session.error)} onRetry={() => void session.refetch()} />;
  }
  return <SessionDetails s={session.data} />;
}

function SessionDetails({ s }: { s: SessionDetailsDto }) {
  const { t } = useTranslator();
  const { feeText, ratingText, seatsText, durationText } = useSessionText();
  const { formatClassTime, formatInstant } = useDateFormatters();
  const bookability = useSessionBookability(s);
  return (
    <article aria-labelledby="session-title" className="mx-auto flex max-w-4xl flex-col gap-6">
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body gap-5">
          <SessionHeading id="session-title" session={s}>
            <div className="flex items-center gap-2">
              {/* A pending or rejected session is only that: no Closed beside it. */}
              {s.status !== 'approved' ? <StatusBadge status={s.status} /> : <OpenBadge ongoing={bookability.ongoing} />}
            </div>
          </SessionHeading>
          <SessionBody session={s} meetingUrl={s.meetingUrl} facts={[
              { label: t('sessionDetails.rating'), value: ratingText(s) },
              { label: t('sessionDetails.classTime'), value: formatClassTime(s.classStartDate, s.classEndDate, s.tutorTimeZone) },
              { label: t('sessionDetails.registrationStart'), value: formatInstant(s.registrationStartDate) },
              { label: t('sessionDetails.registrationEnd'), value: formatInstant(s.registrationEndDate) },
              { label: t('sessionDetails.duration'), value: durationText(s) },
              { label: t('sessionDetails.seats'), value: seatsText(s) },
              { label: t('sessionDetails.fee'), value: t('sessionDetails.feeValue', { fee: feeText(s.registrationFee) }) },
            ]}
          />
          <BookingPanel session={s} bookability={bookability} />
        </div>
      </div>
      <SessionReviews sessionId={s.id} />
    </article>
  );
}
