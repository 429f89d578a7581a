// Payments through Stripe Checkout with the official client, on when STRIPE_SECRET_KEY and
// STRIPE_WEBHOOK_SECRET are set. STRIPE_API_URL (tests, a local fake) replaces the API's
// protocol, host and port; nothing else changes. Stripe's own words (Checkout Sessions, payment
// intents, event types, the signature header) stay in this folder.
import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import type { Config } from '#server/config.ts';
import { PaymentProviderError, type Checkout, type PaymentProvider, type PaymentProviderEntry } from '../../payment-provider.ts';

type StripeSettings = NonNullable<Config['stripe']>;

// Loaded only when Stripe is configured: the client is a large module (memory and start time).
const load = createRequire(import.meta.url);

/** The events that may report a paid Checkout (a card at once, or a bank transfer later). */
const PAYMENT_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

export const stripeProvider: PaymentProviderEntry = {
  name: 'stripe',
  create: (deps) => (deps.config.stripe ? stripeCheckout(deps.config.stripe) : null),
};

function stripeCheckout(settings: StripeSettings): PaymentProvider {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  const StripeClient = load('stripe') as typeof Stripe;
  const stripe = new StripeClient(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    ...(api && {
      protocol: api.protocol === 'http:' ? 'http' : 'https',
      host: api.hostname,
      port: api.port || (api.protocol === 'http:' ? 80 : 443),
    }),
  });

  /** Provider failures become one error type; the service turns it into a 503 for the caller. */
  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw new PaymentProviderError(`Stripe ${what} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }

  async function retrieveCheckout(id: string): Promise<Checkout | null> {
    try {
      return toCheckout(await stripe.checkout.sessions.retrieve(id));
    } catch (error) {
      if (error instanceof StripeClient.errors.StripeError && error.statusCode === 404) return null;
      throw new PaymentProviderError(`Stripe checkout lookup failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }

  return {
    name: stripeProvider.name,
    displayName: 'Stripe',

    createCheckout: (request) =>
      call('checkout creation', async () =>
        toCheckout(
          await stripe.checkout.sessions.create({
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: { currency: request.currency.toLowerCase(), unit_amount: request.amountCents, product_data: { name: request.title } },
              },
            ],
            customer_email: request.studentEmail,
            client_reference_id: request.bookingId,
            metadata: { bookingId: request.bookingId, sessionId: request.sessionId, studentId: request.studentId },
            payment_intent_data: { metadata: { bookingId: request.bookingId, sessionId: request.sessionId, studentId: request.studentId } },
            // Stripe fills in {CHECKOUT_SESSION_ID} when it sends the student back.
            success_url: request.successUrl('{CHECKOUT_SESSION_ID}'),
            cancel_url: request.cancelUrl,
            expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          }),
        ),
      ),

    retrieveCheckout,

    // Stripe keeps a Checkout Session and its payment intent after we release the booking.
    async paymentOf(checkoutId) {
      return (await retrieveCheckout(checkoutId))?.paymentId ?? null;
    },

    async refund(paymentIntentId, idempotencyKey, amountCents) {
      try {
        const refund = await stripe.refunds.create({ payment_intent: paymentIntentId, ...(amountCents !== undefined && { amount: amountCents }) }, { idempotencyKey });
        return { id: refund.id };
      } catch (error) {
        // Idempotency keys live 24 hours at Stripe; a later repeat meets an already refunded charge.
        if (error instanceof StripeClient.errors.StripeError && error.code === 'charge_already_refunded') return { id: 'already-refunded' };
        throw new PaymentProviderError(`Stripe refund failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
    },

    parseWebhook({ rawBody, headers }) {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string') return null;
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch {
        return null;
      }
      const checkout = PAYMENT_EVENTS.has(event.type) ? toCheckout(event.data.object as Stripe.Checkout.Session) : null;
      return { id: event.id, checkout };
    },
  };
}

function toCheckout(s: Stripe.Checkout.Session): Checkout {
  const paymentIntent = typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null);
  return {
    id: s.id,
    url: s.url ?? null,
    status: s.status === 'complete' ? 'complete' : s.status === 'expired' ? 'expired' : 'open',
    paid: s.payment_status === 'paid',
    amountCents: s.amount_total ?? null,
    currency: s.currency ? s.currency.toUpperCase() : null,
    paymentId: paymentIntent,
    bookingId: s.metadata?.bookingId ?? s.client_reference_id ?? null,
    studentId: s.metadata?.studentId ?? null,
    sessionId: s.metadata?.sessionId ?? null,
  };
}
