// A refund owed for a booking released inside a transaction that must not wait on the payment
// service (an account's erasure, docs/decisions/038-account-erasure-and-exports.md): a job
// enqueued in that transaction, so the refund is owed exactly when the release commits, and
// carried out by the payment service afterwards through the port bookings own (deps.payments).
// At least once is safe: each refund carries its checkout's idempotency key.
import type { JobHandler, NewJob } from '#server/jobs/jobs.ts';
import { EMAIL_MAX_ATTEMPTS } from '#server/jobs/retry-policy.ts';
import type { BookingPayments, PaidBooking } from './booking-payments.ts';

export const REFUND_BOOKING_JOB = 'bookings.refund';

/**
 * The refund of a released paid booking, one job per booking (its key). Its payload is all the
 * refund needs, the checkout the booking was paid through and its amount, written in the release's
 * transaction: when the job runs the booking's row is gone (the payment is found from the checkout,
 * PaymentProvider.paymentOf, of the provider it records).
 */
export function refundBookingJob(booking: PaidBooking): NewJob {
  const payload: PaidBooking = { id: booking.id, paymentProvider: booking.paymentProvider, paymentRef: booking.paymentRef, amountCents: booking.amountCents, paymentTotalCents: booking.paymentTotalCents };
  // Retried as long as an email: a payment service down for a day still pays the student back.
  return { kind: REFUND_BOOKING_JOB, payload, key: `${REFUND_BOOKING_JOB}:${booking.id}`, maxAttempts: EMAIL_MAX_ATTEMPTS };
}

export function bookingRefunds(deps: { payments: Pick<BookingPayments, 'refundBooking'> }): { handler: JobHandler } {
  return {
    handler: {
      async run(payload) {
        const owed = payload as PaidBooking;
        // A job written before bookings recorded a provider or a shared payment: the current provider, the whole payment.
        await deps.payments.refundBooking({ ...owed, paymentProvider: owed.paymentProvider ?? null, paymentTotalCents: owed.paymentTotalCents ?? null });
      },
    },
  };
}
