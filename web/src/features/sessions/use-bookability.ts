import { useMemo } from 'react';
import { bookabilityOf, bookabilityText, isOngoing, type Bookability } from '#contract/bookability.ts';
import type { ViewerPlace } from '#contract/viewer-place.ts';
import type { PublicSession } from '#contract/sessions.ts';
import { useAuthConfig } from '#web/features/auth/public.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { useTranslator } from '#web/lib/i18n.ts';

export interface BookabilityView {
  state: Bookability;
  /** Short: a card's line. */
  label: string;
  /** A sentence: the session's page, beside its button. */
  detail: string;
  /** The green "Ongoing" badge (else red "Closed"). */
  ongoing: boolean;
}

/**
 * The session's one bookability state for this viewer (contract/bookability.ts), in words with
 * their times in the viewer's zone: what its card, its page, its badge and its button all show.
 */
export function useBookability(session: PublicSession & { waitlistLength?: number }, mine?: ViewerPlace | null): BookabilityView {
  const config = useAuthConfig();
  const { formatInstant } = useDateFormatters();
  const { t } = useTranslator();
  const paymentsAvailable = config.data?.payments !== false;
  return useMemo(() => {
    const state = bookabilityOf({ session, waitlistLength: session.waitlistLength ?? null, mine, paymentsAvailable, now: new Date() });
    return { state, ...bookabilityText(state, formatInstant, t), ongoing: isOngoing(state) };
  }, [session, mine, paymentsAvailable, formatInstant, t]);
}
