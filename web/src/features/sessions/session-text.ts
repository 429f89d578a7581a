// How a session's numbers read on screen (fee, rating, seats, status), the same on every page,
// in the page's language (money through Intl, counts with ICU plurals).
import { useMemo } from 'react';
import type { Session } from '#contract/sessions.ts';
import { useTranslator, type Translator } from '#web/lib/i18n.ts';

export interface SessionText {
  /** "$15", "$12.50", or "Free" for 0. */
  feeText(fee: number): string;
  /** "Average rating: 4.5 (2 reviews)" or "No ratings yet". */
  ratingText(session: Pick<Session, 'averageRating' | 'reviewCount'>): string;
  /** "5 of 12 seats taken", or "No seat limit". */
  seatsText(session: Pick<Session, 'maxParticipants' | 'seatsTaken'>): string;
  /** Pending, Approved, Rejected, Cancelled. */
  statusLabel(status: Session['status']): string;
  /** "2 hours 15 minutes": the class's length, in days, hours and minutes. */
  durationText(session: Pick<Session, 'durationMinutes'>): string;
}

export function sessionTextFor({ t, language }: Translator): SessionText {
  const money = (fee: number) => new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', minimumFractionDigits: Number.isInteger(fee) ? 0 : 2 }).format(fee);
  return {
    feeText: (fee) => (fee === 0 ? t('sessionText.free') : money(fee)),
    ratingText: (s) => (s.averageRating === null || s.reviewCount === 0 ? t('sessionText.noRatings') : t('sessionText.rating', { average: s.averageRating, reviews: s.reviewCount })),
    seatsText: (s) => (s.maxParticipants === null ? t('sessionText.noSeatLimit') : t('sessionText.seatsTaken', { taken: s.seatsTaken, seats: s.maxParticipants })),
    statusLabel: (status) => ({ pending: t('sessionText.pending'), approved: t('sessionText.approved'), rejected: t('sessionText.rejected'), cancelled: t('sessionText.cancelled') })[status],
    durationText({ durationMinutes: total }) {
      const [days, hours, minutes] = [Math.floor(total / 1440), Math.floor((total % 1440) / 60), total % 60];
      const parts = [days && t('sessionText.days', { count: days }), hours && t('sessionText.hours', { count: hours }), (minutes || (!days && !hours)) && t('sessionText.minutes', { count: minutes })];
      return parts.filter(Boolean).join(' ');
    },
  };
}

/** The session's numbers in the page's language. */
export function useSessionText(): SessionText {
  const translator = useTranslator();
  return useMemo(() => sessionTextFor(translator), [translator]);
}
