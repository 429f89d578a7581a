// The Book now / waitlist / paid panel on /session/:id (spec §2, §8; PRODUCT.md §4). The
// server decides every refusal; this panel only picks the button and shows the answers.
// Each button sends a real form to the page's own address (docs/decisions/018): pressed before
// the app is live, or without JavaScript, the server books, pays, joins or leaves
// (server/http/page-forms.ts); once the app is live it takes the form over.
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { HOLD_LENGTH_TEXT } from '#contract/bookings.ts';
import type { PublicSession } from '#contract/sessions.ts';
import { TEST_PAYMENT_NOTICE } from '#contract/payments.ts';
import { useAuthConfig, useMe } from '#web/features/auth/public.ts';
import { useBookSession } from '#web/features/bookings/api/use-book-session.ts';
import { useJoinWaitlist } from '#web/features/bookings/api/use-join-waitlist.ts';
import { useLeaveWaitlist } from '#web/features/bookings/api/use-leave-waitlist.ts';
import { feeText, type BookabilityView } from '#web/features/sessions/public.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { NoScriptField } from '#web/components/no-script-field.tsx';

export function BookingPanel({ session, bookability }: { session: PublicSession; bookability: BookabilityView & { checking: boolean } }) {
  const { user } = useMe();
  const config = useAuthConfig();
  const isStudent = user?.role === 'student';
  const book = useBookSession();
  const join = useJoinWaitlist();
  const leave = useLeaveWaitlist();
  const paid = session.registrationFee > 0;

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

  if (bookability.checking) return <p className="text-sm text-base-content/70">Checking your booking…</p>;

  const { state, detail } = bookability;
  if (state.kind === 'booked') {
    return (
      <div role="status" className="alert alert-success alert-soft flex flex-wrap justify-between gap-2">
        <span>{detail}</span>
        <Link to={`/dashboard/view-booked-session/${session.id}`} className="btn btn-sm">
          View booking
        </Link>
      </div>
    );
  }
  if (state.kind === 'holding') {
    return (
      <div role="status" className="alert alert-warning alert-soft flex flex-wrap justify-between gap-2">
        <span>
          {detail} Fee: {feeText(session.registrationFee)}.
        </span>
        <ActionForm intent="book" onSubmit={onSubmit(handleBook)}>
          <button type="submit" className="btn btn-sm btn-primary" disabled={book.isPending}>
            {book.isPending ? 'Opening payment…' : 'Pay now'}
          </button>
        </ActionForm>
      </div>
    );
  }
  if (state.kind === 'waitlisted') {
    return (
      <div role="status" className="alert alert-info alert-soft flex flex-wrap justify-between gap-2">
        <span>
          {detail}{' '}
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
  // The page's CancelledNote says it, with the reason (issue 19).
  if (state.kind === 'cancelled') return null;
  // Every state but open and full: its sentence, and no button (the badge says Closed).
  if (state.kind !== 'open' && state.kind !== 'full') return <p className="text-sm text-base-content/70">{detail}</p>;
  // Signed out (a shared link): reading is public, booking needs an account.
  if (user === null) {
    return (
      <div className="flex flex-col gap-2">
        <p className="text-sm">{detail}</p>
        <div className="flex flex-wrap items-center gap-3">
          <Link to={`/login?from=${encodeURIComponent(`/session/${session.id}`)}`} className="btn btn-primary w-full sm:w-auto">
            Log in to book
          </Link>
          <span className="text-sm text-base-content/70">
            No account yet? <Link to="/register" className="link">Register</Link>
          </span>
        </div>
      </div>
    );
  }
  // Booking is for students (spec §2): tutors and admins see no Book now (the server refuses them too).
  if (!isStudent) {
    return (
      <div className="flex flex-col gap-1 text-sm">
        <p>{detail}</p>
        <p className="text-base-content/70">Only students can book sessions.</p>
      </div>
    );
  }
  if (state.kind === 'full') {
    return (
      <div className="flex flex-col gap-2">
        <p className="font-medium">{detail}</p>
        <ActionForm intent="join" onSubmit={onSubmit(handleJoin)}>
          <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={join.isPending}>
            {join.isPending ? 'Joining…' : 'Join waitlist'}
          </button>
        </ActionForm>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm">{detail}</p>
      <ActionForm intent="book" onSubmit={onSubmit(handleBook)}>
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={book.isPending}>
          {book.isPending ? 'Booking…' : 'Book now'}
        </button>
      </ActionForm>
      {paid && (
        <p className="text-sm text-base-content/70">
          Registration fee {feeText(session.registrationFee)}, paid on {config.data?.testPayments ? `a test payment page (${TEST_PAYMENT_NOTICE.toLowerCase()})` : "Stripe's secure page"}. Your seat is held for {HOLD_LENGTH_TEXT.payment} while you pay.
        </p>
      )}
    </div>
  );
}

/** One of the panel's actions as a form to the page's own address; `intent` tells the server which. */
function ActionForm({ intent, onSubmit, children }: { intent: 'book' | 'join' | 'leave'; onSubmit: (event: FormEvent<HTMLFormElement>) => void; children: ReactNode }) {
  return (
    <form method="post" onSubmit={onSubmit}>
      <NoScriptField />
      <input type="hidden" name="intent" value={intent} />
      {children}
    </form>
  );
}
