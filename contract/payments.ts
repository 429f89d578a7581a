// Paying for a session: Stripe Checkout, confirmed by the server only.
// Booking itself is POST /api/book-session (contract/bookings.ts), which answers a paid session
// with its Checkout page (checkoutUrl).
import { z } from 'zod';

/** POST /api/payments/confirm: the success page asks the server to check with the provider. */
export const confirmPaymentBody = z.object({
  checkoutSessionId: z.string().min(1, 'Checkout session is required').max(255),
});
export type ConfirmPaymentBody = z.infer<typeof confirmPaymentBody>;

/**
 * booked: paid and booked (now or by the webhook before); pending: the payment is not complete
 * yet; refunded: the payment came after the seat hold had ended, so it was refunded.
 */
export const paymentOutcomeSchema = z.enum(['booked', 'pending', 'refunded']);
export type PaymentOutcome = z.infer<typeof paymentOutcomeSchema>;

export const confirmPaymentSchema = z.object({
  status: paymentOutcomeSchema,
  sessionId: z.string(),
  message: z.string(),
});
export type ConfirmPayment = z.infer<typeof confirmPaymentSchema>;

export const webhookAckSchema = z.object({ received: z.boolean() });

// ——— The built-in test payment page: stands in for Checkout when Stripe is not configured ———

/** GET /api/payments/test-checkouts/{id} and its POST …/pay. */
export const testCheckoutParams = z.object({ id: z.string().min(1).max(200) });

export const testCheckoutSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  /** In dollars. */
  amount: z.number(),
  /** open: can be paid; paid: paid (the seat is booked); expired: the seat hold ended or another payment replaced this one. */
  status: z.enum(['open', 'paid', 'expired']),
});
export type TestCheckout = z.infer<typeof testCheckoutSchema>;

/** POST /api/payments/test-checkouts/{id}/pay: paid; go where Checkout would have sent the student. */
export const testPaymentResultSchema = z.object({ successUrl: z.string() });
export type TestPaymentResult = z.infer<typeof testPaymentResultSchema>;
