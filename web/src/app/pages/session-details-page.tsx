import { useParams } from 'react-router';
import { LoadError } from '#web/components/load-error.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import type { SessionDetails as SessionDetailsDto } from '#contract/sessions.ts';
import { BookingPanel, useSessionBookability } from '#web/features/bookings/public.ts';
import { SessionReviews } from '#web/features/reviews/public.ts';
import { CancelledNote, feeText, OpenBadge, PlaceText, ratingText, seatsText, SessionHeading, StatusBadge, useSession } from '#web/features/sessions/public.ts';
import { FactList } from '#web/components/fact-list.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { shortText } from '#web/lib/page-meta.ts';
import { useTitle } from '#web/lib/use-title.ts';

/**
 * Session details: every field, the booking panel and the reviews. Public and read-only for a
 * signed-out visitor (a shared link, a calendar entry: issue 22), who is asked to log in to book.
 */
export function SessionDetailsPage() {
  const { id = '' } = useParams();
  const session = useSession(id);
  const loaded = session.data;
  // An approved session's own summary for search results and link previews (lib/page-meta.ts).
  useTitle(loaded?.title ?? 'Session Details', loaded?.status === 'approved' ? shortText(`${loaded.title} with ${loaded.tutorName}: ${loaded.description}`, 200) : undefined);

  if (session.isPending) return <Spinner label="Loading the session" />;
  if (session.isError) {
    if (session.error instanceof ApiError && session.error.status === 404) {
      return (
        <div role="alert" className="alert">
          This session does not exist or is not published.
        </div>
      );
    }
    return <LoadError message={errorMessage(session.error)} onRetry={() => void session.refetch()} />;
  }
  return <SessionDetails s={session.data} />;
}

function SessionDetails({ s }: { s: SessionDetailsDto }) {
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
          {s.status === 'rejected' && s.rejectionReason && (
            <div role="note" className="alert alert-error alert-soft flex-col items-start">
              <p><strong>Reason:</strong> {s.rejectionReason}</p>
              <p><strong>Feedback:</strong> {s.rejectionFeedback}</p>
            </div>
          )}
          <CancelledNote session={s} />
          <p className="whitespace-pre-line break-words">{s.description}</p>
          <FactList
            facts={[
              { label: 'Tutor', value: s.tutorName },
              ...(s.locationKind ? [{ label: 'Where', value: <PlaceText session={s} meetingUrl={s.meetingUrl} /> }] : []),
              { label: 'Rating', value: ratingText(s) },
              { label: 'Class time', value: formatClassTime(s.classStartDate, s.classEndDate, s.tutorTimeZone) },
              { label: 'Registration Start Date', value: formatInstant(s.registrationStartDate) },
              { label: 'Registration End Date', value: formatInstant(s.registrationEndDate) },
              { label: 'Session duration', value: s.sessionDuration },
              { label: 'Seats', value: seatsText(s) },
              { label: 'Fee', value: `Registration fee: ${feeText(s.registrationFee)}` },
            ]}
          />
          <BookingPanel session={s} bookability={bookability} />
        </div>
      </div>
      <SessionReviews sessionId={s.id} />
    </article>
  );
}
