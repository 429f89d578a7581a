// A payment provider as StudyNest uses it: a few calls in StudyNest's own words, nothing of any
// one provider's. Each provider is a folder of providers/ registered in providers/index.ts
// (docs/decisions/045-payment-providers.md). Tests point the Stripe provider at
// tests/helpers/fake-stripe.ts instead of replacing it, so the real client's requests and
// signatures are exercised.
import type { IncomingHttpHeaders } from 'node:http';
import type { CoreDeps } from '#server/core-deps.ts';
import type { SeatHolds } from '#server/features/bookings/public.ts';

/** What we ask the provider to charge: always built on the server from the session row. */
export interface CheckoutRequest {
  bookingId: string;
  sessionId: string;
  studentId: string;
  studentEmail: string;
  title: string;
  /** In hundredths of `currency`. */
  amountCents: number;
  /** The installation's currency (config.currency): ISO 4217, upper case. */
  currency: string;
  /**
   * Where the student comes back after paying, given the checkout's id as it goes into a URL
   * (percent-encoded). A provider that knows the id only once the checkout exists passes its own
   * placeholder instead, which it fills in on redirect.
   */
  successUrl: (checkoutId: string) => string;
  cancelUrl: string;
  /** When the provider stops accepting this payment. */
  expiresAt: Date;
}

/** A checkout as the provider reports it. */
export interface Checkout {
  id: string;
  /** The provider's page to pay on, while it can still be paid. */
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  amountCents: number | null;
  /** ISO 4217, upper case. */
  currency: string | null;
  /** The payment made through it, to refund; null until paid. */
  paymentId: string | null;
  /** Our ids, echoed back from what we set at creation. */
  bookingId: string | null;
  studentId: string | null;
  sessionId: string | null;
}

/** A webhook delivery as it arrived: the exact bytes (signatures cover them) and its headers. */
export interface WebhookRequest {
  rawBody: Buffer;
  headers: IncomingHttpHeaders;
}

/** A verified event. */
export interface WebhookEvent {
  id: string;
  /** Set when the event reports a checkout that may now be paid: the service settles it. */
  checkout: Checkout | null;
}

export class PaymentProviderError extends Error {}

export interface PaymentProvider {
  /** Recorded on every booking paid through it (booking.paymentProvider): never rename one in use. */
  readonly name: string;
  /** What students are told they pay on ("Stripe"): GET /api/config, the booking panel. Null for the test page, which has its own words. */
  readonly displayName: string | null;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** The checkout as it stands now (the success page's confirm, a hold paid for again); null when the provider does not know this id. */
  retrieveCheckout(id: string): Promise<Checkout | null>;
  /**
   * The payment made through a checkout that our records say was paid, to refund; null when the
   * provider knows none. Found from the checkout's id alone: a refund owed for a booking already
   * released (an account's erasure) runs when no row of that booking is left.
   */
  paymentOf(checkoutId: string): Promise<string | null>;
  /**
   * Refunds the whole payment, or `amountCents` of it (one booking's share of a payment several
   * bookings share). The key makes repeats (retries, replays) refund once.
   */
  refund(paymentId: string, idempotencyKey: string, amountCents?: number): Promise<{ id: string }>;
  /** The event when the delivery's signature is valid and recent; null otherwise. */
  parseWebhook(request: WebhookRequest): WebhookEvent | null;
}

/**
 * A provider as registered (providers/index.ts): built once per app when the installation's
 * settings turn it on, else null. `holds`: the app's seat holds, for a provider that keeps no
 * state of its own (the test provider).
 */
export interface PaymentProviderEntry {
  name: string;
  create(deps: CoreDeps, holds: SeatHolds): PaymentProvider | null;
}

/** Where a student lands after paying (`checkoutId` URL-safe): the success page, which asks the server to confirm this checkout. */
export function successPath(checkoutId: string): string {
  // `checkout_session_id` is kept as it was first published (decision 045): pages bookmarked and
  // checkouts still open at an upgrade return with it.
  return `/payment/success?checkout_session_id=${checkoutId}`;
}
