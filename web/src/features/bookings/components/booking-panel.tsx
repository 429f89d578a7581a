// The Book now / waitlist / paid panel on /session/:id. The server decides every refusal; this
// panel only picks the button and shows the answers. Each button is a form to the page's own
// address, taken by the page's route action (../booking-panel-action.ts): by the app once it is
// live, by the server when pressed before then or without JavaScript (docs/decisions/041).
import type { ReactNode } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { PAYMENT_HOLD_MINUTES, WAITLIST_OFFER_HOURS } from '#contract/bookings.ts';
import type { PublicSession } from '#contract/sessions.ts';
import { useAuthConfig, useMe } from '#web/features/auth/public.ts';
import { attendeeField, type BookingIntent } from '#web/features/bookings/booking-panel-action.ts';
import { useSessionText, type BookabilityView } from '#web/features/sessions/public.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { RefusalMessage, useFormRefusal } from '#web/components/form-messages.tsx';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { TextField } from '#web/components/text-field.tsx';

export function BookingPanel(props: { session: PublicSession; bookability: BookabilityView & { checking: boolean } }) {
  const { t } = useTranslator();
  // A refusal is said whichever button the panel shows once the page is drawn again.
  return (
    <>
      <RefusalMessage title={t('booking.failed')} intent="book" />
      <RefusalMessage title={t('booking.failed')} intent="group" withFields />
      <RefusalMessage title={t('booking.joinFailed')} intent="join" />
      <RefusalMessage title={t('booking.leaveFailed')} intent="leave" />
      <RefusalMessage title={t('booking.failed')} intent="series" />
      <PanelBody {...props} />
    </>
  );
}

function PanelBody({ session, bookability }: { session: PublicSession; bookability: BookabilityView & { checking: boolean } }) {
  const { t } = useTranslator();
  const { feeText } = useSessionText();
  const { user } = useMe();
  const config = useAuthConfig();
  const isStudent = user?.role === 'student';
  const navigation = useNavigation();
  const sending = (intent: BookingIntent) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const paid = session.registrationFee > 0;
  const fee = feeText(session.registrationFee);

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
        <ActionForm intent="book">
          <button type="submit" className="btn btn-sm btn-primary" disabled={sending('book')}>
            {sending('book') ? t('booking.opening') : t('booking.payNow')}
          </button>
        </ActionForm>
      </PlaceAlert>
    );
  }
  if (state.kind === 'waitlisted') {
    return (
      <PlaceAlert tone="alert-info" text={`${detail} ${paid ? t('booking.offerPaid', { hours: WAITLIST_OFFER_HOURS }) : t('booking.offerFree')}`}>
        <ActionForm intent="leave">
          <button type="submit" className="btn btn-sm" disabled={sending('leave')}>
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
            {t('booking.noAccount')} <Link to={`/register?from=${encodeURIComponent(`/session/${session.id}`)}`} className="link">{t('booking.register')}</Link>
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
  const pending = sending(full ? 'join' : 'book');
  return (
    <div className="flex flex-col gap-2">
      <p className={full ? 'font-medium' : 'text-sm'}>{detail}</p>
      <ActionForm intent={full ? 'join' : 'book'}>
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={pending}>
          {full ? (pending ? t('booking.joining') : t('booking.join')) : pending ? t('booking.booking') : t('booking.bookNow')}
        </button>
      </ActionForm>
      {paid && !full && (
        <p className="text-sm text-base-content/70">
          {config.data?.testPayments
            ? t('booking.paidNoteTest', { fee, minutes: PAYMENT_HOLD_MINUTES })
            : config.data?.paymentProvider && t('booking.paidNote', { fee, provider: config.data.paymentProvider, minutes: PAYMENT_HOLD_MINUTES })}
        </p>
      )}
      {session.maxSeatsPerBooking > 1 && <GroupForm session={session} pending={sending('group')} />}
      {session.seriesId !== null && <SeriesForm seriesId={session.seriesId} fee={paid ? fee : null} pending={sending('series')} />}
    </div>
  );
}

/**
 * Booking several seats at once, each for a named attendee (docs/decisions/061-group-bookings.md):
 * a row per seat the session allows (rows left empty are no seat), and what to do when not all the
 * seats are free. A disclosure that opens without scripts, and again when the form was refused.
 */
function GroupForm({ session, pending }: { session: PublicSession; pending: boolean }) {
  const { t } = useTranslator();
  const { feeText } = useSessionText();
  const refused = useFormRefusal('group') !== undefined;
  const max = session.maxSeatsPerBooking;
  return (
    <details className="rounded-box border border-base-300 p-3" open={refused || undefined}>
      <summary className="cursor-pointer font-medium">{t('booking.groupSummary', { max })}</summary>
      <ActionForm intent="group">
        <div className="mt-3 flex flex-col gap-3">
          <p className="text-sm text-base-content/70">
            {t('booking.groupLead')}
            {session.registrationFee > 0 && ` ${t('booking.groupFee', { fee: feeText(session.registrationFee) })}`}
          </p>
          {Array.from({ length: max }, (_, i) => (
            <fieldset key={i} className="grid gap-2 sm:grid-cols-2">
              <legend className="mb-1 text-sm font-semibold">{t('booking.attendee', { n: i + 1 })}</legend>
              <TextField label={t('booking.attendeeName')} name={attendeeField(i + 1, 'name')} maxLength={100} autoComplete="off" required={i === 0} />
              <TextField label={t('booking.attendeeEmail')} name={attendeeField(i + 1, 'email')} type="email" maxLength={254} autoComplete="off" />
            </fieldset>
          ))}
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-semibold">{t('booking.ifShort')}</legend>
            <label className="flex items-start gap-2 text-sm">
              <input type="radio" name="ifShort" value="wait" defaultChecked className="radio radio-sm mt-0.5" />
              <span>{t('booking.ifShortWait')}</span>
            </label>
            <label className="flex items-start gap-2 text-sm">
              <input type="radio" name="ifShort" value="takeFree" className="radio radio-sm mt-0.5" />
              <span>{t('booking.ifShortTakeFree')}</span>
            </label>
          </fieldset>
          <div>
            <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={pending}>
              {pending ? t('booking.booking') : t('booking.bookGroup')}
            </button>
          </div>
        </div>
      </ActionForm>
    </details>
  );
}

/**
 * A class of a weekly series (docs/decisions/064-series.md): this class and every later one in one
 * action, a seat where there is one and the waitlist where the class is full. Paid (`fee`): the
 * classes held are paid together, on the one page the action goes on to.
 */
function SeriesForm({ seriesId, fee, pending }: { seriesId: string; fee: string | null; pending: boolean }) {
  const { t } = useTranslator();
  return (
    <ActionForm intent="series">
      <input type="hidden" name="seriesId" value={seriesId} />
      <div className="flex flex-col gap-1">
        <p className="text-sm text-base-content/70">{t('booking.seriesLead')}</p>
        {fee !== null && <p className="text-sm text-base-content/70">{t('booking.seriesPaidNote', { fee })}</p>}
        <div>
          <button type="submit" className="btn btn-outline w-full sm:w-auto" disabled={pending}>
            {pending ? t('booking.booking') : t('booking.bookSeries')}
          </button>
        </div>
      </div>
    </ActionForm>
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

/** One of the panel's actions as a form to the page's own address; `intent` tells the action which. */
function ActionForm({ intent, children }: { intent: BookingIntent; children: ReactNode }) {
  return (
    <Form method="post">
      <NoScriptField />
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}
