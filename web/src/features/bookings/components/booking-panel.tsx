// The Book now / waitlist / paid panel on /session/:id (spec §2, §8; PRODUCT.md §4). The
// server decides every refusal; this panel only picks the button and shows the answers.
// Each button sends a real form to the page's own address (docs/decisions/018): pressed before
// the app is live, or without JavaScript, the server books, pays, joins or leaves
// (server/http/page-forms.ts); once the app is live it takes the form over.
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { HOLD_LENGTH_TEXT } from '#contract/bookings.ts';
import { PAYMENTS_NOT_CONFIGURED } from '#contract/payments.ts';
import type { PublicSession } from '#contract/sessions.ts';
import { useAuthConfig, useMe } from '#web/features/auth/public.ts';
import { useBookSession } from '#web/features/bookings/api/use-book-session.ts';
import { useBookedSession } from '#web/features/bookings/api/use-booked-session.ts';
import { useJoinWaitlist } from '#web/features/bookings/api/use-join-waitlist.ts';
import { useLeaveWaitlist } from '#web/features/bookings/api/use-leave-waitlist.ts';
import { feeText } from '#web/features/sessions/public.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';

export function BookingPanel({ session }: { session: PublicSession }) {
  const { formatDate, formatTime } = useDateFormatters();
  const { user } = useMe();
  const isStudent = user?.role === 'student';
  const mine = useBookedSession(session.id, { enabled: isStudent });
  const book = useBookSession();
  const join = useJoinWaitlist();
  const leave = useLeaveWaitlist();
  const full = session.maxParticipants !== null && session.seatsTaken >= session.maxParticipants;
  const paid = session.registrationFee > 0;
  const config = useAuthConfig();

  async function handleBook() {
    let checkoutUrl: string | null;
    try {
      ({ checkoutUrl } = await book.mutateAsync(session.id));
    } catch (error) {
      await showErrorDialog('Booking failed', errorMessage(error));
      return;
    }
    // Paid session: the seat is held; the booking happens once the server sees the payment.
    if (checkoutUrl) {
      window.location.assign(checkoutUrl);
      return;
    }
    await showSuccessToast('Success', 'Session booked successfully');
  }

  async function handleJoin() {
    try {
      const entry = await join.mutateAsync(session.id);
      await showSuccessToast('You joined the waitlist', `You are number ${entry.placeInLine ?? 1} in line. We will email you if a seat opens up.`);
    } catch (error) {
      await showErrorDialog('Could not join the waitlist', errorMessage(error));
    }
  }

  async function handleLeave() {
    try {
      await leave.mutateAsync(session.id);
      await showSuccessToast('You left the waitlist');
    } catch (error) {
      await showErrorDialog('Could not leave the waitlist', errorMessage(error));
    }
  }

  const onSubmit = (action: () => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void action();
  };

  if (isStudent && mine.isPending) return <p className="text-sm text-base-content/70">Checking your booking…</p>;

  const entry = isStudent ? mine.data : null;
  if (entry?.status === 'booked') {
    return (
      <div role="status" className="alert alert-success alert-soft flex flex-wrap justify-between gap-2">
        <span>You have booked this session.</span>
        <Link to={`/dashboard/view-booked-session/${session.id}`} className="btn btn-sm">
          View booking
        </Link>
      </div>
    );
  }
  if (entry?.status === 'awaiting_payment') {
    const due = entry.paymentDueBy ? new Date(entry.paymentDueBy) : null;
    return (
      <div role="status" className="alert alert-warning alert-soft flex flex-wrap justify-between gap-2">
        <span>
          A seat is held for you{due ? ` until ${formatDate(due)} ${formatTime(due)}` : ''}. Pay{' '}
          {feeText(session.registrationFee)} to book it.
        </span>
        <ActionForm intent="book" onSubmit={onSubmit(handleBook)}>
          <button type="submit" className="btn btn-sm btn-primary" disabled={book.isPending}>
            {book.isPending ? 'Opening payment…' : 'Pay now'}
          </button>
        </ActionForm>
      </div>
    );
  }
  if (entry?.status === 'waitlisted') {
    return (
      <div role="status" className="alert alert-info alert-soft flex flex-wrap justify-between gap-2">
        <span>
          You are on the waitlist: number {entry.placeInLine} in line.{' '}
          {paid ? `If a seat opens up, it is held for you for ${HOLD_LENGTH_TEXT.waitlistOffer} and you are emailed a link to pay.` : 'You will be booked and emailed automatically if a seat opens up.'}
        </span>
        <ActionForm intent="leave" onSubmit={onSubmit(handleLeave)}>
          <button type="submit" className="btn btn-sm" disabled={leave.isPending}>
            Leave waitlist
          </button>
        </ActionForm>
      </div>
    );
  }

  if (paid && config.data?.payments !== true) {
    return (
      <div className="flex flex-col gap-2">
        <button type="button" className="btn btn-disabled w-full sm:w-auto" aria-disabled="true" tabIndex={-1}>
          Paid session: {feeText(session.registrationFee)}
        </button>
        <p className="text-sm text-base-content/70">{config.isPending ? 'Checking whether online payment is available…' : PAYMENTS_NOT_CONFIGURED}</p>
      </div>
    );
  }
  if (!session.isOpen) {
    return <p className="text-sm text-base-content/70">Registration for this session is closed.</p>;
  }
  // Signed out (a shared link): reading is public, booking needs an account.
  if (user === null) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <Link to={`/login?from=${encodeURIComponent(`/session/${session.id}`)}`} className="btn btn-primary w-full sm:w-auto">
          Log in to book
        </Link>
        <span className="text-sm text-base-content/70">
          No account yet? <Link to="/register" className="link">Register</Link>
        </span>
      </div>
    );
  }
  // Booking is for students (spec §2): tutors and admins see no Book now (the server refuses them too).
  if (!isStudent) return <p className="text-sm text-base-content/70">Only students can book sessions.</p>;
  if (full) {
    return (
      <div className="flex flex-col gap-2">
        <p className="font-medium">This session is full.</p>
        <ActionForm intent="join" onSubmit={onSubmit(handleJoin)}>
          <button type="submit" className="btn btn-secondary w-full sm:w-auto" disabled={join.isPending}>
            {join.isPending ? 'Joining…' : 'Join waitlist'}
          </button>
        </ActionForm>
      </div>
    );
  }
  return (
    <div>
      <ActionForm intent="book" onSubmit={onSubmit(handleBook)}>
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={book.isPending}>
          {book.isPending ? 'Booking…' : 'Book now'}
        </button>
      </ActionForm>
      {paid && (
        <p className="mt-2 text-sm text-base-content/70">
          Registration fee {feeText(session.registrationFee)}, paid on Stripe's secure page. Your seat is held for {HOLD_LENGTH_TEXT.payment} while you pay.
        </p>
      )}
    </div>
  );
}

/** One of the panel's actions as a form to the page's own address; `intent` tells the server which. */
function ActionForm({ intent, onSubmit, children }: { intent: 'book' | 'join' | 'leave'; onSubmit: (event: FormEvent<HTMLFormElement>) => void; children: ReactNode }) {
  return (
    <form method="post" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </form>
  );
}
