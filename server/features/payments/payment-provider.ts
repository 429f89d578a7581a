// The payment provider as StudyNest uses it: four calls, nothing else. The Stripe implementation
// is stripe-gateway.ts; tests point that same implementation at tests/helpers/fake-stripe.ts
// instead of replacing it, so the real client's requests and signatures are exercised.

/** What we ask the provider to charge: always built on the server from the session row. */
export interface CheckoutRequest {
  bookingId: string;
  sessionId: string;
  studentId: string;
  studentEmail: string;
  title: string;
  amountCents: number;
  successUrl: string;
  cancelUrl: string;
  /** When the provider stops accepting this payment. */
  expiresAt: Date;
}

/** A checkout as the provider reports it. */
export interface Checkout {
  id: string;
  /** The hosted payment page, while it can still be paid. */
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  amountCents: number | null;
  currency: string | null;
  paymentIntentId: string | null;
  /** Our ids, echoed back from the metadata we set at creation. */
  bookingId: string | null;
  studentId: string | null;
  sessionId: string | null;
}

export interface WebhookEvent {
  id: string;
  type: string;
  /** Set for checkout.session.* events. */
  checkout: Checkout | null;
}

export class PaymentProviderError extends Error {}

export interface PaymentGateway {
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** null when the provider does not know this id. */
  retrieveCheckout(id: string): Promise<Checkout | null>;
  /**
   * The payment made through a checkout that our records say was paid, to refund; null when the
   * provider knows none. Found from the checkout's id alone: a refund owed for a booking already
   * released (an account's erasure) runs when no row of that booking is left.
   */
  paymentOf(checkoutId: string): Promise<string | null>;
  /** Refunds the whole payment. The key makes repeats (retries, replays) refund once. */
  refund(paymentIntentId: string, idempotencyKey: string): Promise<{ id: string }>;
  /** The event when the signature over the raw body is valid and recent; null otherwise. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): WebhookEvent | null;
}
