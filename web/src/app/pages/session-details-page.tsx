import { type ActionFunctionArgs, Link, type LoaderFunctionArgs, useParams } from 'react-router';
import type { SessionDetails as SessionDetailsDto } from '#contract/sessions.ts';
import { authConfigQuery, meQuery } from '#web/features/auth/public.ts';
import { bookedSessionQuery, bookingPanelAction, BookingPanel, useSessionBookability } from '#web/features/bookings/public.ts';
import { SessionReviews, sessionReviewsQuery } from '#web/features/reviews/public.ts';
import { OpenBadge, SessionBody, SessionHeading, sessionQuery, StatusBadge, useSession, useSessionText } from '#web/features/sessions/public.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { orNotFound, pageQueryClient } from '#web/lib/page-data.ts';
import { shortText } from '#web/lib/page-meta.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { useTitle } from '#web/lib/use-title.ts';

/**
 * Everything the page shows: the session (or the 404 page: unknown, or not published and not
 * the visitor's to see), its reviews, the config and, for a student, their own place.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const queryClient = pageQueryClient();
  const id = params.id ?? '';
  // The session first: a missing one is the 404 page, whatever its reviews' address answers.
  await orNotFound(() => queryClient.ensureQueryData(sessionQuery(id)));
  // The rest is prefetched: a part that cannot be read is drawn as its part of the page draws a failure.
  const [me] = await Promise.all([queryClient.ensureQueryData(meQuery), queryClient.prefetchQuery(authConfigQuery), queryClient.prefetchInfiniteQuery(sessionReviewsQuery(id))]);
  if (me?.role === 'student') await queryClient.prefetchQuery(bookedSessionQuery(id));
  return null;
}

/** The booking panel's forms: book, pay for a held seat, join or leave the waitlist. */
export async function action({ request, params }: ActionFunctionArgs) {
  return bookingPanelAction(request, params.id ?? '');
}

/**
 * Session details: every field, the booking panel and the reviews. Public and read-only for a
 * signed-out visitor (a shared link, a calendar entry), who is asked to log in to book.
 */
export function SessionDetailsPage() {
  const { t } = useTranslator();
  const { id = '' } = useParams();
  // Read by the loader: here at once.
  const loaded = useSession(id).data;
  // An approved session's own summary for search results and link previews (lib/page-meta.ts).
  useTitle(loaded?.title ?? t('sessionDetails.title'), loaded?.status === 'approved' ? shortText(t('sessionDetails.summary', { title: loaded.title, tutor: loaded.tutorName, description: loaded.description }), 200) : undefined);
  return loaded ? <SessionDetails s={loaded} /> : null;
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
              ...(s.seriesId !== null
                ? [{ label: t('sessionDetails.series'), value: <Link to={`/series/${encodeURIComponent(s.seriesId)}`} className="link">{t('sessionDetails.seriesLink')}</Link> }]
                : []),
            ]}
          />
          <BookingPanel session={s} bookability={bookability} />
        </div>
      </div>
      <SessionReviews sessionId={s.id} />
    </article>
  );
}
