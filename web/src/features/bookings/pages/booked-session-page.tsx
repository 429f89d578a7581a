import { type ActionFunctionArgs, data, Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { WAITLIST_OFFER_HOURS, type BookedSession } from '#contract/bookings.ts';
import { reviewBody } from '#contract/reviews.ts';
import { authConfigQuery, meQuery, useMe } from '#web/features/auth/public.ts';
import { calendarFileUrl } from '#web/features/bookings/api/calendar-file.ts';
import { invalidateBookings } from '#web/features/bookings/api/invalidate-bookings.ts';
import { bookingKeys } from '#web/features/bookings/api/booking-query-keys.ts';
import { bookedSessionQuery, useBookedSession } from '#web/features/bookings/api/use-booked-session.ts';
import { cancelBooking } from '#web/features/bookings/api/cancel-booking.ts';
import { leaveWaitlist } from '#web/features/bookings/api/leave-waitlist.ts';
import { invalidateReviews, myReviewQuery, REVIEW_INTENT, ReviewForm, submitReview, useMyReview } from '#web/features/reviews/public.ts';
import { FactList } from '#web/components/fact-list.tsx';
import { RefusalMessage } from '#web/components/form-messages.tsx';
import { IntentButton } from '#web/components/intent-button.tsx';
import { LoadError } from '#web/components/load-error.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { CancelledNote, PlaceText, SessionHeading, useSessionText } from '#web/features/sessions/public.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { confirmAction } from '#web/lib/dialogs.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { formBody, formText, orNotFound, pageQueryClient, refused, sentOn } from '#web/lib/page-data.ts';
import { useTitle } from '#web/lib/use-title.ts';

const CANCEL = 'cancel';
const LEAVE = 'leave';
/** Where a cancelled booking, or a waitlist place given up, leaves the student: what is still booked. */
const BOOKED_SESSIONS = '/dashboard/view-booked-session';

/** A booking whose class has started can be reviewed. */
const reviewable = (booked: BookedSession) => booked.status === 'booked' && Date.parse(booked.session.classStartDate) <= Date.now();

/** The student's booking (none: the 404 page, as for a session that is not there), the config its fee is written with and, once reviewable, their own review. */
export async function loader({ params }: LoaderFunctionArgs) {
  const queryClient = pageQueryClient();
  const id = params.id ?? '';
  const booked = await orNotFound(() => queryClient.ensureQueryData(bookedSessionQuery(id)));
  if (!booked) throw data(null, { status: 404 });
  await Promise.all([queryClient.ensureQueryData(meQuery), queryClient.prefetchQuery(authConfigQuery), reviewable(booked) ? queryClient.prefetchQuery(myReviewQuery(id)) : null]);
  return null;
}

/**
 * The page's forms. The review: saved, the page again, which says "Review submitted successfully"
 * (or updated) and shows the session's new rating; refused, the page again saying why, under its
 * fields. Cancel booking and Leave waitlist: Booked Sessions, which no longer lists it and says so
 * (a cancelled paid booking, that it is being refunded); refused (the cutoff passed, no such
 * booking of this student), the page again saying why.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? '';
  const fields = formText(await request.formData());
  const queryClient = pageQueryClient();
  switch (fields.intent) {
    case REVIEW_INTENT:
      try {
        const before = await queryClient.ensureQueryData(myReviewQuery(id));
        await submitReview(formBody(reviewBody, { sessionId: id, review: (fields.review ?? '').trim(), rating: Number(fields.rating ?? '') }));
        // The session's average rating is shown by the booking (this page, Booked Sessions' cards) and by the session's own pages.
        await Promise.all([invalidateReviews(queryClient), invalidateBookings(queryClient)]);
        return sentOn(`/dashboard/view-booked-session/${encodeURIComponent(id)}`, before ? 'reviews.updated' : 'reviews.submitted');
      } catch (error) {
        return refused(error, REVIEW_INTENT);
      }
    case CANCEL:
    case LEAVE:
      try {
        const booked = await queryClient.ensureQueryData(bookedSessionQuery(id));
        const me = await queryClient.ensureQueryData(meQuery);
        if (fields.intent === CANCEL) await cancelBooking(me?.email ?? '', id);
        else await leaveWaitlist(id);
        // Gone: known without asking (a request for it would only answer 404), the rest read again.
        queryClient.setQueryData(bookingKeys.one(id), null);
        await invalidateBookings(queryClient, { except: bookingKeys.one(id) });
        if (fields.intent === LEAVE) return sentOn(BOOKED_SESSIONS, 'booking.left');
        const title = booked?.session.title ?? '';
        return booked && booked.session.registrationFee > 0 ? sentOn(BOOKED_SESSIONS, 'booking.cancelledPaid', title) : sentOn(BOOKED_SESSIONS, 'booking.cancelled', title);
      } catch (error) {
        await invalidateBookings(queryClient);
        return refused(error, fields.intent);
      }
    default:
      return data(null, { status: 400 });
  }
}

/** Student: one booked (or waitlisted) session: details, status, Cancel, Add to calendar, review form. */
export function BookedSessionPage() {
  const { t } = useTranslator();
  const { id = '' } = useParams();
  // Read by the loader: here at once.
  const booked = useBookedSession(id).data;
  useTitle(t('bookedSession.title'));
  return booked ? <BookedSessionDetails booked={booked} /> : null;
}

function BookedSessionDetails({ booked }: { booked: BookedSession }) {
  const { t } = useTranslator();
  const { formatClassTime, formatInstant } = useDateFormatters();
  const { feeText, ratingText, durationText } = useSessionText();
  const { user } = useMe();
  const s = booked.session;
  const paid = s.registrationFee > 0;

  const confirmCancel = () =>
    confirmAction({
      title: t('bookedSession.cancelTitle'),
      text: paid ? t('bookedSession.cancelTextPaid') : t('bookedSession.cancelTextFree'),
      confirmButtonText: t('bookedSession.cancelConfirm'),
      cancelButtonText: t('bookedSession.keep'),
    });

  return (
    <article aria-labelledby="booked-session-title" className="flex max-w-4xl flex-col gap-6">
      <RefusalMessage title={t('bookedSession.cancelFailed')} intent={CANCEL} />
      <RefusalMessage title={t('booking.leaveFailed')} intent={LEAVE} />
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body gap-5">
          <SessionHeading id="booked-session-title" session={s}>
            {s.status === 'cancelled' ? (
              <span className="badge badge-neutral" data-testid="booking-status">{t('bookedSession.statusCancelled')}</span>
            ) : booked.status === 'booked' ? (
              <span className="badge badge-success" data-testid="booking-status">{t('bookedSession.statusBooked')}</span>
            ) : booked.status === 'awaiting_payment' ? (
              <span className="badge badge-warning" data-testid="booking-status">{t('bookedSession.statusAwaitingPayment')}</span>
            ) : (
              <span className="badge badge-info" data-testid="booking-status">{t('bookedSession.statusWaitlisted', { place: booked.placeInLine })}</span>
            )}
          </SessionHeading>
          <CancelledNote session={s} />
          <p className="whitespace-pre-line break-words">{s.description}</p>
          <FactList
            facts={[
              { label: t('bookedSession.instructorEmail'), value: booked.tutorEmail ? <span className="break-all">{booked.tutorEmail}</span> : t('bookedSession.emailHidden') },
              ...(s.locationKind ? [{ label: t('sessionDetails.where'), value: <PlaceText session={s} meetingUrl={booked.meetingUrl} /> }] : []),
              // A group booking: the seats by the names given (docs/decisions/061-group-bookings.md).
              ...(booked.attendees.length > 0 ? [{ label: t('bookedSession.attendees'), value: <span className="break-words">{booked.attendees.map((a) => a.name).join(', ')}</span> }] : []),
              ...(booked.attendance ? [{ label: t('attendance.label'), value: booked.attendance === 'present' ? t('attendance.present') : t('attendance.absent') }] : []),
              { label: t('sessionDetails.rating'), value: ratingText(s) },
              { label: t('sessionDetails.classTime'), value: formatClassTime(s.classStartDate, s.classEndDate, s.tutorTimeZone) },
              { label: t('sessionDetails.duration'), value: durationText(s) },
              { label: t('sessionDetails.fee'), value: t('sessionDetails.feeValue', { fee: feeText(s.registrationFee) }) },
            ]}
          />
          {booked.status === 'booked' ? (
            <div className="flex flex-col gap-2">
              <div className="flex flex-wrap gap-2">
                <a href={calendarFileUrl(user?.email ?? booked.studentEmail, s.id)} download className="btn btn-outline">
                  {t('bookedSession.addToCalendar')}
                </a>
                {booked.canCancel && (
                  <IntentButton intent={CANCEL} confirm={confirmCancel} className="btn btn-error btn-outline">
                    {t('bookedSession.cancel')}
                  </IntentButton>
                )}
              </div>
              <p className="text-sm text-base-content/70">
                {s.status === 'cancelled'
                  ? paid
                    ? t('bookedSession.calledOffPaid')
                    : t('bookedSession.calledOffFree')
                  : booked.canCancel
                  ? t('bookedSession.canCancel', { until: formatInstant(booked.cancelUntil), hours: s.cancellationCutoffHours })
                  : t('bookedSession.cancelClosed', { hours: s.cancellationCutoffHours })}
              </p>
            </div>
          ) : booked.status === 'awaiting_payment' ? (
            <div className="flex flex-col gap-2">
              <p>{booked.paymentDueBy ? t('bookedSession.heldUntil', { until: formatInstant(booked.paymentDueBy) }) : t('bookedSession.held')}</p>
              <div>
                <Link to={`/session/${s.id}`} className="btn btn-primary">
                  {t('booking.payNow')}
                </Link>
              </div>
            </div>
          ) : (
            <div className="flex flex-col gap-2">
              <p>
                {paid ? t('bookedSession.offerPaid', { hours: WAITLIST_OFFER_HOURS }) : t('bookedSession.offerFree')}
              </p>
              <div>
                <IntentButton intent={LEAVE} className="btn btn-outline">
                  {t('booking.leave')}
                </IntentButton>
              </div>
            </div>
          )}
        </div>
      </div>
      {booked.status === 'booked' && (
        <div className="card bg-base-100 shadow-sm">
          <div className="card-body">
            {reviewable(booked) ? <MyReviewForm sessionId={s.id} /> : <p className="text-base-content/70">{t('bookedSession.reviewLater')}</p>}
          </div>
        </div>
      )}
    </article>
  );
}

function MyReviewForm({ sessionId }: { sessionId: string }) {
  const { t } = useTranslator();
  // Read by the loader: here at once, unless it could not be read then.
  const mine = useMyReview(sessionId);
  if (mine.isPending) return <Spinner label={t('bookedSession.loadingReview')} />;
  if (mine.isError) return <LoadError message={errorMessage(mine.error)} onRetry={() => void mine.refetch()} />;
  return <ReviewForm existing={mine.data} />;
}
