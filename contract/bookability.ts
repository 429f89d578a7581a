// One bookability state per session and viewer: computed here, once,
// and shown the same way on the session's card, its page, its badge and its booking button.
// A pure function over the session's dates, status, seats and fee, the viewer's role and own
// booking, waitlist place or seat hold, and the moment it is asked. To add a state: add its
// `kind` to Bookability, decide where it falls in bookabilityOf's order, and give it its words
// in BOOKABILITY_TEXT and the catalogues (the type checker lists every place that must know it).
import type { PublicSession } from './sessions.ts';
import type { ViewerPlace } from './viewer-place.ts';

export type Bookability =
  /** Not published yet, or turned down: only its tutor and admins see it. */
  | { kind: 'pending' }
  | { kind: 'rejected' }
  /** Called off by its tutor or an admin: kept for history, never bookable again. */
  | { kind: 'cancelled'; reason: string | null }
  /** Registration has not started: it opens at `opensAt`. */
  | { kind: 'opens'; opensAt: string }
  /** Registration is open with seats free; `seatsLeft` is null when there is no limit. */
  | { kind: 'open'; seatsLeft: number | null; seats: number | null; closesAt: string }
  /** Registration is open and every seat is taken: the viewer would be `nextPlace` on the waitlist (null when unknown). */
  | { kind: 'full'; nextPlace: number | null; closesAt: string }
  /** A paid session while this server takes no payments: nobody can book it online. */
  | { kind: 'unpayable' }
  /** The viewer's own place; `registrationOpen` keeps the badge honest. */
  | { kind: 'booked'; registrationOpen: boolean }
  | { kind: 'waitlisted'; place: number; registrationOpen: boolean }
  | { kind: 'holding'; until: string; registrationOpen: boolean }
  /** Registration ended; the class has not started. */
  | { kind: 'closed'; closedAt: string }
  | { kind: 'started' }
  | { kind: 'ended' };

export type BookabilityKind = Bookability['kind'];

export interface BookabilityInput {
  session: Pick<
    PublicSession,
    'status' | 'registrationStartDate' | 'registrationEndDate' | 'classStartDate' | 'classEndDate' | 'maxParticipants' | 'seatsTaken' | 'registrationFee'
  > &
    Partial<Pick<PublicSession, 'cancellationReason'>>;
  /** How many students wait for a seat, when the caller knows it (a session's page does). */
  waitlistLength?: number | null;
  /** The viewer's own place, for a signed-in student; null or absent otherwise. */
  mine?: ViewerPlace | null;
  /** Whether this server takes payments (Stripe or the test payment page). */
  paymentsAvailable: boolean;
  now: Date;
}

export function bookabilityOf({ session, waitlistLength = null, mine = null, paymentsAvailable, now }: BookabilityInput): Bookability {
  if (session.status === 'pending') return { kind: 'pending' };
  if (session.status === 'rejected') return { kind: 'rejected' };
  // Whatever the dates or the viewer's booking: a cancelled class is only that.
  if (session.status === 'cancelled') return { kind: 'cancelled', reason: session.cancellationReason ?? null };
  const t = now.getTime();
  const classStarted = t >= Date.parse(session.classStartDate);
  const classEnded = t > Date.parse(session.classEndDate);
  const notYet = t < Date.parse(session.registrationStartDate);
  const over = t > Date.parse(session.registrationEndDate);
  const registrationOpen = !notYet && !over && !classStarted;
  // A booked student keeps seeing their booking, before and after class.
  if (mine?.status === 'booked') return { kind: 'booked', registrationOpen };
  if (classEnded) return { kind: 'ended' };
  if (classStarted) return { kind: 'started' };
  if (mine?.status === 'awaiting_payment' && mine.paymentDueBy) return { kind: 'holding', until: mine.paymentDueBy, registrationOpen };
  if (mine?.status === 'waitlisted') return { kind: 'waitlisted', place: mine.placeInLine ?? 1, registrationOpen };
  if (notYet) return { kind: 'opens', opensAt: session.registrationStartDate };
  if (over) return { kind: 'closed', closedAt: session.registrationEndDate };
  if (session.registrationFee > 0 && !paymentsAvailable) return { kind: 'unpayable' };
  const closesAt = session.registrationEndDate;
  if (session.maxParticipants === null) return { kind: 'open', seatsLeft: null, seats: null, closesAt };
  const seatsLeft = Math.max(0, session.maxParticipants - session.seatsTaken);
  if (seatsLeft === 0) return { kind: 'full', nextPlace: waitlistLength === null ? null : waitlistLength + 1, closesAt };
  return { kind: 'open', seatsLeft, seats: session.maxParticipants, closesAt };
}

/** The green "Ongoing" badge: only while the viewer could book or wait for a seat, so it never contradicts the button. */
export function isOngoing(state: Bookability): boolean {
  if (state.kind === 'open' || state.kind === 'full') return true;
  return 'registrationOpen' in state && state.registrationOpen;
}

/** How an instant with its hour reads on this page (e.g. "Mon 01/12/2026, 18:00 (your time)"). */
export type InstantText = (iso: string) => string;

/** The messages of the states (i18n/locales: `bookability.*`); the web app passes its translator's `t`. */
export type BookabilityMessage = `bookability.${
  | 'pending' | 'rejected' | 'cancelled' | 'opens' | 'open' | 'openNoLimit' | 'full' | 'unpayable' | 'booked' | 'waitlisted' | 'holding' | 'closed' | 'started' | 'ended'}${'Label' | 'Detail'}` | 'bookability.cancelledBecause' | 'bookability.fullDetailPlace';
export type BookabilityWords = (key: BookabilityMessage, values?: Record<string, string | number>) => string;

type Text = { label: string; detail: string };

/**
 * The state in words, from the catalogues: `label` is short (a card's line, the badge's
 * neighbour), `detail` a full sentence for the session's page. One table, so that every page says the same.
 */
export const BOOKABILITY_TEXT: { [K in BookabilityKind]: (state: Extract<Bookability, { kind: K }>, at: InstantText, t: BookabilityWords) => Text } = {
  pending: (_, __, t) => ({ label: t('bookability.pendingLabel'), detail: t('bookability.pendingDetail') }),
  rejected: (_, __, t) => ({ label: t('bookability.rejectedLabel'), detail: t('bookability.rejectedDetail') }),
  cancelled: (s, _, t) => ({ label: t('bookability.cancelledLabel'), detail: s.reason ? t('bookability.cancelledBecause', { reason: s.reason }) : t('bookability.cancelledDetail') }),
  opens: (s, at, t) => ({ label: t('bookability.opensLabel', { at: at(s.opensAt) }), detail: t('bookability.opensDetail', { at: at(s.opensAt) }) }),
  open: (s, at, t) =>
    s.seatsLeft === null
      ? { label: t('bookability.openNoLimitLabel'), detail: t('bookability.openNoLimitDetail', { at: at(s.closesAt) }) }
      : { label: t('bookability.openLabel', { seatsLeft: s.seatsLeft, seats: s.seats ?? 0 }), detail: t('bookability.openDetail', { seatsLeft: s.seatsLeft, seats: s.seats ?? 0, at: at(s.closesAt) }) },
  full: (s, at, t) => ({
    label: t('bookability.fullLabel'),
    detail: s.nextPlace === null ? t('bookability.fullDetail', { at: at(s.closesAt) }) : t('bookability.fullDetailPlace', { place: s.nextPlace, at: at(s.closesAt) }),
  }),
  unpayable: (_, __, t) => ({ label: t('bookability.unpayableLabel'), detail: t('bookability.unpayableDetail') }),
  booked: (_, __, t) => ({ label: t('bookability.bookedLabel'), detail: t('bookability.bookedDetail') }),
  waitlisted: (s, _, t) => ({ label: t('bookability.waitlistedLabel', { place: s.place }), detail: t('bookability.waitlistedDetail', { place: s.place }) }),
  holding: (s, at, t) => ({ label: t('bookability.holdingLabel', { at: at(s.until) }), detail: t('bookability.holdingDetail', { at: at(s.until) }) }),
  closed: (s, at, t) => ({ label: t('bookability.closedLabel'), detail: t('bookability.closedDetail', { at: at(s.closedAt) }) }),
  started: (_, __, t) => ({ label: t('bookability.startedLabel'), detail: t('bookability.startedDetail') }),
  ended: (_, __, t) => ({ label: t('bookability.endedLabel'), detail: t('bookability.endedDetail') }),
};

export function bookabilityText(state: Bookability, at: InstantText, t: BookabilityWords): Text {
  const text = BOOKABILITY_TEXT[state.kind] as (s: Bookability, at: InstantText, t: BookabilityWords) => Text;
  return text(state, at, t);
}
