// What bookings ask of payments, as a port bookings own: payments sits above bookings (it holds
// and confirms bookings), so bookings never import it. features/payments implements this and
// app.ts passes it in as deps.payments (docs/decisions/019-boundaries.md).
import type { CurrentUser } from '#server/auth/current-user.ts';
import type { StudySessionRow } from '#server/db/schema.ts';

export interface BookingPayments {
  /** False when no payment provider is configured: paid sessions cannot be booked. */
  readonly configured: boolean;
  /**
   * The page to pay for a seat bookings hold for `me` (a new payment, or the one already started
   * for this hold). Bookings own the hold: they created it and give it back if this throws.
   */
  checkout(me: CurrentUser, session: StudySessionRow, hold: SeatHold): Promise<{ checkoutUrl: string }>;
  /**
   * One page to pay for several seats bookings hold for `me` (the classes of a series booked at
   * once, docs/decisions/064-series.md), charged the sum of their prices; each hold records its
   * share. Bookings give the holds back if this throws.
   */
  checkoutMany(me: CurrentUser, held: ReadonlyArray<{ session: StudySessionRow; hold: SeatHold }>): Promise<{ checkoutUrl: string; amountCents: number }>;
  /** Refunds a paid booking before it is cancelled (the caller checked the cutoff): the whole payment, or its share of a shared one. */
  refundBooking(booking: PaidBooking): Promise<void>;
}

export interface PaidBooking {
  id: string;
  /** The provider paymentRef belongs to; null in a refund job written before bookings recorded it (the current provider). */
  paymentProvider: string | null;
  paymentRef: string | null;
  /** This booking's part of the payment: what its refund gives back. */
  amountCents: number;
  /** The whole payment when several bookings share it (then only amountCents is refunded); null: the payment is this booking's alone, refunded whole. */
  paymentTotalCents: number | null;
}

/** A held seat waiting for its payment. */
export interface SeatHold {
  id: string;
  sessionId: string;
  studentId: string;
  status: string;
  /** The payment (its checkout's id at the provider) now paying for it, if one was started. */
  paymentRef: string | null;
  /** The provider of paymentRef (a registered provider's name). */
  paymentProvider: string | null;
  /** Its price: its share of the payment when several holds share one. */
  amountCents: number;
  /** The whole payment when several holds share it (a series paid at once); null: the payment is this hold's alone. */
  paymentTotalCents: number | null;
  /** Seats held: the price is the session's fee times these (docs/decisions/061-group-bookings.md). */
  seats: number;
  /** When the hold ends (null once booked). */
  holdExpiresAt: string | null;
}
