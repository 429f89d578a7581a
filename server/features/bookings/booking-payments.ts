// What bookings ask of payments, as a port bookings own: payments sits above bookings (it holds
// and confirms bookings), so bookings never import it. features/payments implements this and
// app.ts passes it in as deps.payments (docs/decisions/019-boundaries.md).
import type { CurrentUser } from '#server/auth/current-user.ts';
import type { StudySessionRow } from '#server/db/schema.ts';
import type { SeatHold } from './seat-holds.ts';

export interface BookingPayments {
  /** False when no payment provider is configured: paid sessions cannot be booked. */
  readonly configured: boolean;
  /**
   * The page to pay for a seat bookings hold for `me` (a new payment, or the one already started
   * for this hold). Bookings own the hold: they created it and give it back if this throws.
   */
  checkout(me: CurrentUser, session: StudySessionRow, hold: SeatHold): Promise<{ checkoutUrl: string }>;
  /** Refunds a paid booking in full before it is cancelled (the caller checked the cutoff). */
  refundBooking(booking: PaidBooking): Promise<void>;
}

export interface PaidBooking {
  id: string;
  /** The provider paymentRef belongs to; null in a refund job written before bookings recorded it (the current provider). */
  paymentProvider: string | null;
  paymentRef: string | null;
  amountCents: number;
}
