// The Book now / waitlist / paid panel on /session/:id. The
// server decides every refusal; this panel only picks the button and shows the answers.
// Each button sends a real form to the page's own address (docs/decisions/018): pressed before
// the app is live, or without JavaScript, the server books, pays, joins or leaves
// (server/http/page-forms.ts); once the app is live it takes the form over.
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { PAYMENT_HOLD_MINUTES, WAITLIST_OFFER_HOURS } from '#contract/bookings.ts';
import type { PublicSession } from '#contract/sessions.ts';
import { useAuthConfig, useMe } from '#web/features/auth/public.ts';
import { useBookSession } from '#web/features/bookings/api/use-book-session.ts';
import { useJoinWaitlist } from '#web/features/bookings/api/use-join-waitlist.ts';
import { useLeaveWaitlist } from '#web/features/bookings/api/use-leave-waitlist.ts';
import { useSessionText, type BookabilityView } from '#web/features/sessions/public.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { NoScriptField } from '#web/components/no-script-field.tsx';

export function BookingPanel({ session, bookability }: { session: PublicSession; bookability: BookabilityView & { checking: boolean } }) {
  const { t } = useTranslator();
  const { feeText } = useSessionText();
  const { user } = useMe();
  const config = useAuthConfig();
  const isStudent = user?.role === 'student';
  const book = useBookSession();
  const join = useJoinWaitlist();
  const leave = useLeaveWaitlist();
  const paid = session.registrationFee > 0;
  const fee = feeText(session.registrationFee);

  async function handleBook() {
    let checkoutUrl: string | null;
    try {
      ({ checkoutUrl } = await book.mutateAsync(session.id));
    } catch (error) {
      await showErrorDialog(t('booking.failed'), errorMessage(error));
      return;
    }
    // Paid session: the seat is held; the booking happens once the server sees the payment.
    if (checkoutUrl) {
      window.location.assign(checkoutUrl);
      return;
    }
    await showSuccessToast(t('booking.success'), t('booking.booked'));
  }

  async function handleJoin() {
    try {
      const entry = await join.mutateAsync(session.id);
      await showSuccessToast(t('booking.joined'), t('booking.joinedText', { place: entry.placeInLine ?? 1 }));
    } catch (error) {
      await showErrorDialog(t('booking.joinFailed'), errorMessage(error));
    }
  }

  async function handleLeave() {
    try {
      await leave.mutateAsync(session.id);
      await showSuccessToast(t('booking.left'));
    } catch (error) {
      await showErrorDialog(t('booking.leaveFailed'), errorMessage(error));
    }
  }

  const onSubmit = (action: () => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void action();
  };

  if (bookability.checking) return <p className="text-sm text-base-content/70">{t('booking.checking')}</p>;

  const { state, detail } = bookability;
  if (state.kind === 'booked') {
    return (
      <PlaceAlert tone="alert-success" text={detail}>
        <Link to={`/dashboard/view-booked-session/${session.id}`} className="btn btn-sm">
          {t('booking.viewBooking')}
        </Link>
      </PlaceAlert>
    );
  }
  if (state.kind === 'holding') {
    return (
      <PlaceAlert tone="alert-warning" text={`${detail} ${t('booking.feeNote', { fee })}`}>
        <ActionForm intent="book" onSubmit={onSubmit(handleBook)}>
          <button type="submit" className="btn btn-sm btn-primary" disabled={book.isPending}>
            {book.isPending ? t('booking.opening') : t('booking.payNow')}
          </button>
        </ActionForm>
      </PlaceAlert>
    );
  }
  if (state.kind === 'waitlisted') {
    return (
      <PlaceAlert tone="alert-info" text={`${detail} ${paid ? t('booking.offerPaid', { hours: WAITLIST_OFFER_HOURS }) : t('booking.offerFree')}`}>
        <ActionForm intent="leave" onSubmit={onSubmit(handleLeave)}>
          <button type="submit" className="btn btn-sm" disabled={leave.isPending}>
            {t('booking.leave')}
          </button>
        </ActionForm>
      </PlaceAlert>
    );
  }
  // The page's CancelledNote says it, with the reason.
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
            {t('booking.logInToBook')}
          </Link>
          <span className="text-sm text-base-content/70">
            {t('booking.noAccount')} <Link to="/register" className="link">{t('booking.register')}</Link>
          </span>
        </div>
      </div>
    );
  }
  // Booking is for students: tutors and admins see no Book now (the server refuses them too).
  if (!isStudent) {
    return (
      <div className="flex flex-col gap-1 text-sm">
        <p>{detail}</p>
        <p className="text-base-content/70">{t('booking.studentsOnly')}</p>
      </div>
    );
  }
  // Full: join the waitlist; open: book (a paid one says how it is paid).
  const full = state.kind === 'full';
  const pending = full ? join.isPending : book.isPending;
  return (
    <div className="flex flex-col gap-2">
      <p className={full ? 'font-medium' : 'text-sm'}>{detail}</p>
      <ActionForm intent={full ? 'join' : 'book'} onSubmit={onSubmit(full ? handleJoin : handleBook)}>
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={pending}>
          {full ? (pending ? t('booking.joining') : t('booking.join')) : pending ? t('booking.booking') : t('booking.bookNow')}
        </button>
      </ActionForm>
      {paid && !full && (
        <p className="text-sm text-base-content/70">
          {config.data?.testPayments ? t('booking.paidNoteTest', { fee, minutes: PAYMENT_HOLD_MINUTES }) : t('booking.paidNoteStripe', { fee, minutes: PAYMENT_HOLD_MINUTES })}
        </p>
      )}
    </div>
  );
}

/** The viewer's own place (booked, holding, waiting): its sentence and the one action it offers. */
function PlaceAlert({ tone, text, children }: { tone: 'alert-success' | 'alert-warning' | 'alert-info'; text: string; children: ReactNode }) {
  return (
    <div role="status" className={`alert ${tone} alert-soft flex flex-wrap justify-between gap-2`}>
      <span>{text}</span>
      {children}
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
