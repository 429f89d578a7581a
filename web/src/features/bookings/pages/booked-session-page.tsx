import { Link, useNavigate, useParams } from 'react-router';
import { HOLD_LENGTH_TEXT, type BookedSession } from '#contract/bookings.ts';
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
import { useTitle } from '#web/lib/use-title.ts';

/** Student: one booked (or waitlisted) session: details, status, Cancel, Add to calendar, review form. */
export function BookedSessionPage() {
  const { id = '' } = useParams();
  const booked = useBookedSession(id);
  useTitle('Booked Session');

  if (booked.isPending) return <Spinner label="Loading your booking" />;
  if (booked.isError) return <LoadError message={errorMessage(booked.error)} onRetry={() => void booked.refetch()} />;
  if (!booked.data) {
    return (
      <div role="alert" className="alert flex flex-wrap">
        <span>You have not booked this session.</span>
        <Link to="/dashboard/view-booked-session" className="btn btn-sm">
          Back to booked sessions
        </Link>
      </div>
    );
  }
  return <BookedSessionDetails booked={booked.data} />;
}

function BookedSessionDetails({ booked }: { booked: BookedSession }) {
  const { formatClassTime, formatInstant } = useDateFormatters();
  const { feeText, ratingText } = useSessionText();
  const { user } = useMe();
  const cancel = useCancelBooking();
  const leave = useLeaveWaitlist();
  const navigate = useNavigate();
  const s = booked.session;
  const classStarted = Date.parse(s.classStartDate) <= Date.now();

  async function handleCancel() {
    const confirmed = await confirmAction({
      title: 'Cancel this booking?',
      text: `${s.registrationFee > 0 ? 'Your payment is refunded in full and your' : 'Your'} seat is given up: if students are waiting for one, the first in line gets it.`,
      confirmButtonText: 'Yes, cancel it',
      cancelButtonText: 'Keep my booking',
    });
    if (!confirmed) return;
    try {
      await cancel.mutateAsync({ email: user!.email, sessionId: s.id });
    } catch (error) {
      await showErrorDialog('Could not cancel', errorMessage(error));
      return;
    }
    // Back to the list of what is still booked, which no longer shows this one.
    await navigate('/dashboard/view-booked-session');
    await showSuccessToast('Booking cancelled', s.registrationFee > 0 ? `${s.title}: your payment is being refunded.` : s.title);
  }

  function handleLeave() {
    return runWithDialogs(() => leave.mutateAsync(s.id), { success: 'You left the waitlist', failure: 'Could not leave the waitlist' });
  }

  return (
    <article aria-labelledby="booked-session-title" className="flex max-w-4xl flex-col gap-6">
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body gap-5">
          <SessionHeading id="booked-session-title" session={s}>
            {s.status === 'cancelled' ? (
              <span className="badge badge-neutral" data-testid="booking-status">Cancelled</span>
            ) : booked.status === 'booked' ? (
              <span className="badge badge-success" data-testid="booking-status">Booked</span>
            ) : booked.status === 'awaiting_payment' ? (
              <span className="badge badge-warning" data-testid="booking-status">Awaiting payment</span>
            ) : (
              <span className="badge badge-info" data-testid="booking-status">Waitlisted: #{booked.placeInLine} in line</span>
            )}
          </SessionHeading>
          <CancelledNote session={s} />
          <p className="whitespace-pre-line break-words">{s.description}</p>
          <FactList
            facts={[
              { label: 'Instructor email', value: booked.tutorEmail ? <span className="break-all">{booked.tutorEmail}</span> : 'Shown once you have a seat' },
              ...(s.locationKind ? [{ label: 'Where', value: <PlaceText session={s} meetingUrl={booked.meetingUrl} /> }] : []),
              ...(booked.attendance ? [{ label: 'Attendance', value: booked.attendance === 'present' ? 'Present' : 'Absent' }] : []),
              { label: 'Rating', value: ratingText(s) },
              { label: 'Class time', value: formatClassTime(s.classStartDate, s.classEndDate, s.tutorTimeZone) },
              { label: 'Session duration', value: s.sessionDuration },
              { label: 'Fee', value: `Registration fee: ${feeText(s.registrationFee)}` },
            ]}
          />
          {booked.status === 'booked' ? (
            <div className="flex flex-col gap-2">
              <div className="flex flex-wrap gap-2">
                <a href={calendarFileUrl(user?.email ?? booked.studentEmail, s.id)} download className="btn btn-outline">
                  Add to calendar
                </a>
                {booked.canCancel && (
                  <button type="button" className="btn btn-error btn-outline" disabled={cancel.isPending} onClick={() => void handleCancel()}>
                    Cancel booking
                  </button>
                )}
              </div>
              <p className="text-sm text-base-content/70">
                {s.status === 'cancelled'
                  ? `This class was called off${s.registrationFee > 0 ? ': your payment was refunded in full' : ''}.`
                  : booked.canCancel
                  ? `You can cancel until ${formatInstant(booked.cancelUntil)} (${s.cancellationCutoffHours} hours before class starts).`
                  : `Cancellation closed ${s.cancellationCutoffHours} hours before class start.`}
              </p>
            </div>
          ) : booked.status === 'awaiting_payment' ? (
            <div className="flex flex-col gap-2">
              <p>A seat is held for you{booked.paymentDueBy ? ` until ${formatInstant(booked.paymentDueBy)}` : ''}: pay the registration fee to book it.</p>
              <div>
                <Link to={`/session/${s.id}`} className="btn btn-primary">
                  Pay now
                </Link>
              </div>
            </div>
          ) : (
            <div className="flex flex-col gap-2">
              <p>
                {s.registrationFee > 0
                  ? `When a seat opens up it is held for you for ${HOLD_LENGTH_TEXT.waitlistOffer} and you are emailed a link to pay for it.`
                  : 'You will be booked and emailed automatically when a seat opens up.'}
              </p>
              <div>
                <button type="button" className="btn btn-outline" disabled={leave.isPending} onClick={() => void handleLeave()}>
                  Leave waitlist
                </button>
              </div>
            </div>
          )}
        </div>
      </div>
      {booked.status === 'booked' && (
        <div className="card bg-base-100 shadow-sm">
          <div className="card-body">
            {classStarted ? <MyReviewForm sessionId={s.id} /> : <p className="text-base-content/70">You can review this session once class has started.</p>}
          </div>
        </div>
      )}
    </article>
  );
}

function MyReviewForm({ sessionId }: { sessionId: string }) {
  const mine = useMyReview(sessionId);
  if (mine.isPending) return <Spinner label="Loading your review" />;
  if (mine.isError) return <LoadError message={errorMessage(mine.error)} onRetry={() => void mine.refetch()} />;
  // Mounted once the own review is known; stays mounted after saving so its message stays.
  return <ReviewForm sessionId={sessionId} existing={mine.data} />;
}
