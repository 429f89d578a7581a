// Paid sessions: a seat is held while the student pays on the payment provider's page, and the
// booking is confirmed only when the server has seen the payment succeed, from the provider's
// signed webhook or by asking the provider when the student comes back, whichever comes first.
// Price always from the session row, in the installation's currency. Which provider is the
// registry's business (providers/index.ts). See docs/decisions/009-paid-sessions.md and
// 045-payment-providers.md.
import { PAYMENT_HOLD_MINUTES } from '#contract/bookings.ts';
import { type ConfirmPayment, type PaymentOutcome, type TestCheckout, type TestPaymentResult } from '#contract/payments.ts';
import type { CoreDeps } from '#server/core-deps.ts';
import type { CurrentUser } from '#server/auth/current-user.ts';
import type { StudySessionRow } from '#server/db/schema.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '#server/errors.ts';
import type { ServerMessageKey } from '#i18n/catalogues.ts';
import { DEFAULT_LANGUAGE, type Language } from '#i18n/languages.ts';
import { translatorFor } from '#server/i18n/translate.ts';
import { seatHolds, type BookingPayments, type PaidBooking, type SeatHold } from '#server/features/bookings/public.ts';
import { PaymentProviderError, successPath, type Checkout, type PaymentProvider, type WebhookRequest } from './payment-provider.ts';
import { PAYMENT_PROVIDERS } from './providers/index.ts';
import { testCheckoutHoldId } from './providers/test/test-provider.ts';

const MINUTE_MS = 60_000;
/** A provider may refuse a checkout that expires sooner than 30 minutes after creation (Stripe does). */
const CHECKOUT_LIFETIME_MS = (PAYMENT_HOLD_MINUTES + 1) * MINUTE_MS;

/** What the success page says of each outcome (the server catalogues, in the caller's language). */
const OUTCOME_MESSAGES: Record<PaymentOutcome, ServerMessageKey> = {
  booked: 'answers.payment.booked',
  pending: 'answers.payment.pending',
  refunded: 'answers.payment.refunded',
};

export function paymentsService(deps: CoreDeps) {
  // Holds are the bookings feature's: payments only settles them (a seen payment confirms its hold).
  const holds = seatHolds(deps);
  const providers = PAYMENT_PROVIDERS.flatMap((entry) => entry.create(deps, holds) ?? []);
  /** New checkouts, the success page and the webhook: the first provider the settings turn on. */
  const current: PaymentProvider | null = providers[0] ?? null;
  const testPayments = current?.name === 'test';

  /** The provider a booking was paid through (a refund job written before bookings said: the current one). */
  function providerOf(booking: Pick<PaidBooking, 'paymentProvider'>): PaymentProvider {
    const provider = booking.paymentProvider ? providers.find((p) => p.name === booking.paymentProvider) : current;
    if (!provider) throw conflict('errors.payments.refundNotConfigured');
    return provider;
  }

  /** The caller's own test checkout (404 for anyone else's, and where test payments are off); `hold`: the one it was opened for (the first, of several). */
  async function ownTestCheckout(me: CurrentUser, id: string): Promise<{ checkout: Checkout; hold: SeatHold }> {
    const holdId = testPayments ? testCheckoutHoldId(id) : null;
    const hold = holdId ? await holds.find(holdId) : undefined;
    const checkout = hold && current ? await current.retrieveCheckout(id) : null;
    if (!hold || !checkout || hold.studentId !== me.id) throw notFound('errors.payments.noTestPayment');
    return { checkout, hold };
  }

  function requireProvider(): PaymentProvider {
    if (!current) throw conflict('errors.payments.notConfiguredBooking');
    return current;
  }

  /** A provider failure is the caller's 503 (nothing was charged or booked), logged with its cause. */
  async function call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      deps.log.error({ err: error }, 'payment provider call failed');
      throw new AppError(503, 'errors.payments.unreachable');
    }
  }

  /**
   * What a checkout means for the bookings it pays for: its own booking's, or the classes of a
   * series paid at once (docs/decisions/064-series.md). Idempotent: confirming is a conditional
   * update, a refund carries the checkout's idempotency key, so replays and races change nothing more.
   */
  async function settle(provider: PaymentProvider, checkout: Checkout): Promise<PaymentOutcome> {
    if (!checkout.paid) return 'pending';
    const paid = checkout.studentId ? await holds.paidWith(checkout.studentId, checkout.id) : [];
    const first = paid[0];
    if (first) {
      // Settled before (the webhook and the success page, a replay): whatever was left of it then was refunded then.
      if (paid.some((b) => b.status === 'confirmed')) return 'booked';
      // What was asked for: the whole of a payment several holds share, else the one hold's price.
      const priceCents = first.paymentTotalCents ?? first.amountCents;
      if (checkout.amountCents === priceCents && checkout.currency === deps.config.currency) {
        if (await holds.confirm(paid, checkout.id, priceCents)) return 'booked';
        if ((await holds.paidWith(first.studentId, checkout.id)).some((b) => b.status === 'confirmed')) return 'booked';
      } else {
        deps.log.error({ checkout: checkout.id, paid: checkout.amountCents, currency: checkout.currency, held: priceCents }, 'paid amount differs from the held price: refunding');
      }
    }
    // Paid, but no hold waits for this payment (it expired and was released, was cancelled or
    // replaced): the student must not pay for nothing.
    if (checkout.paymentId) {
      const payment = checkout.paymentId;
      const refund = await call(() => provider.refund(payment, `refund-${checkout.id}`));
      deps.log.warn({ checkout: checkout.id, refund: refund.id }, 'payment without a waiting hold refunded');
    }
    return 'refunded';
  }

  const service = {
    configured: current !== null,
    /** Payments go through the built-in test page (the web app says "no money moves"). */
    testPayments,
    /** What students are told they pay on. */
    providerName: current?.displayName ?? null,

    /** The test payment page's data: the caller's checkout, its amount and whether it can still be paid. */
    async testCheckout(me: CurrentUser, id: string): Promise<TestCheckout> {
      const { checkout, hold } = await ownTestCheckout(me, id);
      return { id, sessionId: hold.sessionId, amount: (checkout.amountCents ?? hold.amountCents) / 100, status: checkout.paid ? 'paid' : checkout.status === 'open' ? 'open' : 'expired' };
    },

    /** "Pay" on the test payment page: the hold is booked as a real payment would book it (no money moves). */
    async payTestCheckout(me: CurrentUser, id: string): Promise<TestPaymentResult> {
      if (me.role !== 'student') throw forbidden('errors.payments.studentsOnly');
      const { checkout, hold } = await ownTestCheckout(me, id);
      const successUrl = successPath(encodeURIComponent(id));
      if (checkout.paid) return { successUrl };
      const paid = await holds.paidWith(hold.studentId, id);
      if (checkout.status !== 'open' || checkout.amountCents === null || !(await holds.confirm(paid, id, checkout.amountCents))) throw conflict('errors.bookings.holdEnded');
      return { successUrl };
    },

    /**
     * The provider's page to pay for a seat bookings hold for `me`: the open one already started for
     * this hold, or a new one. The caller (bookings) checked role, status and window, and gives
     * the hold back if this throws.
     */
    async checkout(me: CurrentUser, session: StudySessionRow, hold: SeatHold): Promise<{ checkoutUrl: string }> {
      const provider = requireProvider();
      const now = deps.now();
      // Every seat of a group is paid for at once: the fee times the seats held (docs/decisions/061-group-bookings.md).
      const priceCents = session.registrationFeeCents * hold.seats;
      // The payment already started for this hold, if it went through this provider.
      if (hold.paymentRef && (hold.paymentProvider ?? provider.name) === provider.name) {
        const started = await call(() => provider.retrieveCheckout(hold.paymentRef!));
        if (started?.status === 'open' && started.url && started.amountCents === priceCents && started.currency === deps.config.currency) return { checkoutUrl: started.url };
        if (started?.paid && (await settle(provider, started)) === 'booked') throw conflict('errors.bookings.alreadyBooked');
      }

      const checkout = await call(() =>
        provider.createCheckout({
          bookingId: hold.id,
          sessionId: session.id,
          studentId: me.id,
          studentEmail: me.email,
          title: session.title,
          amountCents: priceCents,
          currency: deps.config.currency,
          successUrl: (checkoutId) => `${deps.config.baseUrl}${successPath(checkoutId)}`,
          cancelUrl: `${deps.config.baseUrl}/payment/cancelled?session=${encodeURIComponent(session.id)}`,
          expiresAt: new Date(now.getTime() + CHECKOUT_LIFETIME_MS),
        }),
      );
      if (!checkout.url || !(await holds.attachPayment(hold, { provider: provider.name, ref: checkout.id }, priceCents))) {
        throw conflict('errors.bookings.holdEnded');
      }
      return { checkoutUrl: checkout.url };
    },

    /**
     * One page to pay for the seats bookings hold for `me` in several classes (a series booked at
     * once, docs/decisions/064-series.md): charged the sum of their prices, each hold recording its
     * share and the total. The caller (bookings) gives the holds back if this throws.
     */
    async checkoutMany(me: CurrentUser, held: ReadonlyArray<{ session: StudySessionRow; hold: SeatHold }>): Promise<{ checkoutUrl: string; amountCents: number }> {
      const provider = requireProvider();
      const [first] = held;
      if (!first) throw conflict('errors.bookings.holdEnded');
      const shares = held.map(({ session, hold }) => ({ hold, priceCents: session.registrationFeeCents * hold.seats }));
      const totalCents = shares.reduce((sum, share) => sum + share.priceCents, 0);
      const checkout = await call(() =>
        provider.createCheckout({
          // The first class stands for them all at the provider; each hold names the checkout.
          bookingId: first.hold.id,
          sessionId: first.session.id,
          studentId: me.id,
          studentEmail: me.email,
          title: first.session.title,
          amountCents: totalCents,
          currency: deps.config.currency,
          successUrl: (checkoutId) => `${deps.config.baseUrl}${successPath(checkoutId)}`,
          cancelUrl: `${deps.config.baseUrl}/payment/cancelled?session=${encodeURIComponent(first.session.id)}`,
          expiresAt: new Date(deps.now().getTime() + CHECKOUT_LIFETIME_MS),
        }),
      );
      for (const { hold, priceCents } of shares) {
        if (!checkout.url || !(await holds.attachPayment(hold, { provider: provider.name, ref: checkout.id }, priceCents, totalCents))) throw conflict('errors.bookings.holdEnded');
      }
      return { checkoutUrl: checkout.url!, amountCents: totalCents };
    },

    /** The success page's check: asks the provider about the caller's checkout and settles it; says so in `language`. */
    async confirm(me: CurrentUser, checkoutId: string, language: Language = DEFAULT_LANGUAGE): Promise<ConfirmPayment> {
      if (me.role !== 'student') throw forbidden('errors.payments.studentsOnly');
      const provider = requireProvider();
      const checkout = await call(() => provider.retrieveCheckout(checkoutId));
      if (!checkout || checkout.studentId !== me.id || !checkout.sessionId) throw notFound('errors.payments.noCheckout');
      const status = await settle(provider, checkout);
      return { status, sessionId: checkout.sessionId, message: translatorFor(language).t(OUTCOME_MESSAGES[status]) };
    },

    /** The provider's webhook: only a correctly signed event is believed. */
    async handleWebhook(request: WebhookRequest): Promise<{ received: boolean }> {
      if (!current) throw notFound('errors.payments.notConfigured');
      const event = current.parseWebhook(request);
      if (!event) throw badRequest('errors.payments.badSignature');
      if (event.checkout) await settle(current, event.checkout);
      return { received: true };
    },

    /**
     * Refunds a paid booking before it is cancelled (the caller checked the cutoff): the whole
     * payment, or, when several bookings share it, this booking's share, under a key of its own.
     */
    async refundBooking(booking: PaidBooking): Promise<void> {
      const provider = providerOf(booking);
      if (!booking.paymentRef) {
        deps.log.warn({ booking: booking.id }, 'paid booking without a payment reference: nothing to refund');
        return;
      }
      // From the checkout alone, never the booking's row: an erasure's refund job runs after the
      // booking was released (bookings/booking-refunds.ts).
      const checkoutId = booking.paymentRef;
      const payment = await call(() => provider.paymentOf(checkoutId));
      if (!payment) throw conflict('errors.payments.refundNotFound');
      const share = booking.paymentTotalCents === null ? undefined : booking.amountCents;
      const key = share === undefined ? `refund-${checkoutId}` : `refund-${checkoutId}-${booking.id}`;
      const refund = await call(() => provider.refund(payment, key, share));
      deps.log.info({ booking: booking.id, amountCents: booking.amountCents, paymentTotalCents: booking.paymentTotalCents, provider: provider.name, refund: refund.id }, 'booking refunded');
    },
  };
  // What bookings ask of payments (the port they own) is part of it; sessions' is checked where it is used.
  return service satisfies BookingPayments;
}

export type PaymentsService = ReturnType<typeof paymentsService>;
