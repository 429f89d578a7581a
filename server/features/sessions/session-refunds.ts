// What sessions ask of payments, as a port sessions own: an admin's delete of a session refunds
// its paid bookings first. features/payments implements this and app.ts passes it in as
// deps.payments, so sessions never import a feature above them (docs/decisions/019-boundaries.md).
export interface SessionRefunds {
  /** Refunds a paid booking (its share of a payment it shares); throws (and so stops the delete) when it cannot. */
  refundBooking(booking: { id: string; paymentProvider: string | null; paymentRef: string | null; amountCents: number; paymentTotalCents: number | null }): Promise<void>;
}
