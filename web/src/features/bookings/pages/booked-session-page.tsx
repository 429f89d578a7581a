import { Link, useNavigate, useParams } from 'react-router';
import { WAITLIST_OFFER_HOURS, type BookedSession } from '#contract/bookings.ts';
import { AlertWithLink } from '#web/components/alert-with-link.tsx';
import { LoadError } from '#web/components/load-error.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useMe } from '#web/features/auth/public.ts';
import { calendarFileUrl } from '#web/features/bookings/api/calendar-file.ts';
import { useBookedSession } from '#web/features/bookings/api/use-booked-session.ts';
import { useCancelBooking } from '#web/features/bookings/api/use-cancel-booking.ts';
import { useLeaveWaitlist } from '#web/features/bookings/api/use-leave-waitlist.ts';
import { ReviewForm, useMyReview } from '#web/features/reviews/public.ts';
import { FactList } from '#web/components/fact-list.tsx';
import { CancelledNote, PlaceText, SessionHeading, useSessionText } from '#web/features/sessions/public.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { confirmAction, runWithDialogs, showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { useTitle } from '#web/lib/use-title.ts';

/** Student: one booked (or waitlisted) session: details, status, Cancel, Add to calendar, review form. */
export function BookedSessionPage() {
  const { t } = useTranslator();
  const { id = '' } = useParams();
  const booked = useBookedSession(id);
  useTitle(t('bookedSession.title'));

  if (booked.isPending) return <Spinner label={t('bookedSession.loading')} />;
  if (booked.isError) return <LoadError message={errorMessage(booked.error)} onRetry={() => void booked.refetch()} />;
  if (!booked.data) {
    return <AlertWithLink text={t('bookedSession.notBooked')} to="/dashboard/view-booked-session" linkText={t('bookedSession.back')} className="alert flex flex-wrap" />;
  }
  return <BookedSessionDetails booked={booked.data} />;
}

function BookedSessionDetails({ booked }: { booked: BookedSession }) {
  const { t } = useTranslator();
  const { formatClassTime, formatInstant } = useDateFormatters();
  const { feeText, ratingText, durationText } = useSessionText();
  const { user } = useMe();
  const cancel = useCancelBooking();
  const leave = useLeaveWaitlist();
  const navigate = useNavigate();
  const s = booked.session;
  const classStarted = Date.parse(s.classStartDate) <= Date.now();
  const paid = s.registrationFee > 0;

  async function handleCancel() {
    const confirmed = await confirmAction({
      title: t('bookedSession.cancelTitle'),
      text: paid ? t('bookedSession.cancelTextPaid') : t('bookedSession.cancelTextFree'),
      confirmButtonText: t('bookedSession.cancelConfirm'),
      cancelButtonText: t('bookedSession.keep'),
    });
    if (!confirmed) return;
    try {
      await cancel.mutateAsync({ email: user!.email, sessionId: s.id });
    } catch (error) {
      await showErrorDialog(t('bookedSession.cancelFailed'), errorMessage(error));
      return;
    }
    // Back to the list of what is still booked, which no longer shows this one.
    await navigate('/dashboard/view-booked-session');
    await showSuccessToast(t('bookedSession.cancelled'), paid ? t('bookedSession.refunding', { title: s.title }) : s.title);
  }

  function handleLeave() {
    return runWithDialogs(() => leave.mutateAsync(s.id), { success: t('booking.left'), failure: t('booking.leaveFailed') });
  }

  return (
    <article aria-labelledby="booked-session-title" className="flex max-w-4xl flex-col gap-6">
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
                  <button type="button" className="btn btn-error btn-outline" disabled={cancel.isPending} onClick={() => void handleCancel()}>
                    {t('bookedSession.cancel')}
                  </button>
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
                <button type="button" className="btn btn-outline" disabled={leave.isPending} onClick={() => void handleLeave()}>
                  {t('booking.leave')}
                </button>
              </div>
            </div>
          )}
        </div>
      </div>
      {booked.status === 'booked' && (
        <div className="card bg-base-100 shadow-sm">
          <div className="card-body">
            {classStarted ? <MyReviewForm sessionId={s.id} /> : <p className="text-base-content/70">{t('bookedSession.reviewLater')}</p>}
          </div>
        </div>
      )}
    </article>
  );
}

function MyReviewForm({ sessionId }: { sessionId: string }) {
  const { t } = useTranslator();
  const mine = useMyReview(sessionId);
  if (mine.isPending) return <Spinner label={t('bookedSession.loadingReview')} />;
  if (mine.isError) return <LoadError message={errorMessage(mine.error)} onRetry={() => void mine.refetch()} />;
  // Mounted once the own review is known; stays mounted after saving so its message stays.
  return <ReviewForm sessionId={sessionId} existing={mine.data} />;
}
