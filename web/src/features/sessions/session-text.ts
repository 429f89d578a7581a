// How a session's numbers read on screen (fee, rating, seats, status), the same on every page,
// in the page's language (money through Intl in the installation's currency, counts with ICU plurals).
import { useMemo } from 'react';
import type { Session } from '#contract/sessions.ts';
import { DEFAULT_CURRENCY } from '#contract/users.ts';
import { useAuthConfig } from '#web/features/auth/public.ts';
import { useTranslator, type Translator } from '#web/lib/i18n.ts';

export interface SessionText {
  /** "$15", "$12.50" ("€12.50" where CURRENCY=EUR), or "Free" for 0. */
  feeText(fee: number): string;
  /** "Average rating: 4.5 (2 reviews)" ("Valoración media: 4,5 (2 reseñas)") or "No ratings yet". */
  ratingText(session: Pick<Session, 'averageRating' | 'reviewCount'>): string;
  /** "5 of 12 seats taken", or "No seat limit". */
  seatsText(session: Pick<Session, 'maxParticipants' | 'seatsTaken'>): string;
  /** Pending, Approved, Rejected, Cancelled. */
  statusLabel(status: Session['status']): string;
  /** "2 hours 15 minutes": the class's length, in days, hours and minutes. */
  durationText(session: Pick<Session, 'durationMinutes'>): string;
  /**
   * Where a minimum to run stands (docs/decisions/060-minimum-to-run.md): "Needs 3 more to run"
   * until it is reached or decided, "Minimum reached" before the decision, "Confirmed: this class
   * will run" after it; null without a minimum, or once called off (the page says Cancelled).
   */
  minimumState(session: Pick<Session, 'minimumStatus' | 'studentsNeeded'>): string | null;
}

/** `currency`: the installation's (GET /api/config), ISO 4217. */
export function sessionTextFor({ t, language }: Translator, currency: string): SessionText {
  // Made once per translator and currency, not per number: making an Intl.NumberFormat costs far
  // more than using one, and a list of sessions formats a fee and a rating on every row.
  let wholeMoney: Intl.NumberFormat | undefined;
  let centsMoney: Intl.NumberFormat | undefined;
  let rating: Intl.NumberFormat | undefined;
  const money = (fee: number) =>
    (Number.isInteger(fee)
      ? (wholeMoney ??= new Intl.NumberFormat(language, { style: 'currency', currency, minimumFractionDigits: 0 }))
      : (centsMoney ??= new Intl.NumberFormat(language, { style: 'currency', currency, minimumFractionDigits: 2 }))
    ).format(fee);
  return {
    feeText: (fee) => (fee === 0 ? t('sessionText.free') : money(fee)),
    ratingText: (s) => (s.averageRating === null || s.reviewCount === 0 ? t('sessionText.noRatings') : t('sessionText.rating', { average: (rating ??= new Intl.NumberFormat(language, { maximumFractionDigits: 2 })).format(s.averageRating), reviews: s.reviewCount })),
    seatsText: (s) => (s.maxParticipants === null ? t('sessionText.noSeatLimit') : t('sessionText.seatsTaken', { taken: s.seatsTaken, seats: s.maxParticipants })),
    statusLabel: (status) => ({ pending: t('sessionText.pending'), approved: t('sessionText.approved'), rejected: t('sessionText.rejected'), cancelled: t('sessionText.cancelled') })[status],
    minimumState: (s) =>
      s.minimumStatus === 'undecided'
        ? s.studentsNeeded > 0
          ? t('sessionText.needsMore', { count: s.studentsNeeded })
          : t('sessionText.minimumReached')
        : s.minimumStatus === 'confirmed'
          ? t('sessionText.minimumConfirmed')
          : null,
    durationText({ durationMinutes: total }) {
      const [days, hours, minutes] = [Math.floor(total / 1440), Math.floor((total % 1440) / 60), total % 60];
      const parts = [days && t('sessionText.days', { count: days }), hours && t('sessionText.hours', { count: hours }), (minutes || (!days && !hours)) && t('sessionText.minutes', { count: minutes })];
      return parts.filter(Boolean).join(' ');
    },
  };
}

/** The session's numbers in the page's language and the installation's currency. */
export function useSessionText(): SessionText {
  const translator = useTranslator();
  const currency = useAuthConfig().data?.currency ?? DEFAULT_CURRENCY;
  return useMemo(() => sessionTextFor(translator, currency), [translator, currency]);
}
