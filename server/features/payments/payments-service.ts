// Paid sessions: a seat is held while the student pays on Stripe Checkout,
// and the booking is confirmed only when the server has seen the payment succeed — from the
// signed webhook or by asking Stripe when the student comes back, whichever comes first.
// Price always from the session row. See docs/decisions/009-paid-sessions.md.
import { PAYMENT_HOLD_MINUTES } from '#contract/bookings.ts';
import { type ConfirmPayment, type PaymentOutcome, type TestCheckout, type TestPaymentResult } from '#contract/payments.ts';
import type { CoreDeps } from '#server/app-deps.ts';
import type { CurrentUser } from '#server/auth/current-user.ts';
import type { StudySessionRow } from '#server/db/schema.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '#server/errors.ts';
import type { ServerMessageKey } from '#i18n/catalogues.ts';
import { DEFAULT_LANGUAGE, type Language } from '#i18n/languages.ts';
import { translatorFor } from '#server/i18n/translate.ts';
import { seatHolds, type PaidBooking, type SeatHold } from '#server/features/bookings/public.ts';
import { PaymentProviderError, type Checkout, type PaymentGateway } from './payment-gateway.ts';
import { stripeGateway } from './stripe-gateway.ts';
import { testCheckoutHoldId, testGateway } from './test-gateway.ts';

const MINUTE_MS = 60_000;
/** Stripe refuses a Checkout that expires sooner than 30 minutes after creation. */
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
  const gateway: PaymentGateway | null = deps.config.stripe
    ? stripeGateway(deps.config.stripe)
    : deps.config.testPayments
      ? testGateway(deps, (id) => holds.find(id))
      : null;

  /** The caller's own test checkout (404 for anyone else's, and where test payments are off). */
  async function ownTestCheckout(me: CurrentUser, id: string): Promise<{ checkout: Checkout; hold: SeatHold }> {
    const holdId = deps.config.testPayments ? testCheckoutHoldId(id) : null;
    const hold = holdId ? await holds.find(holdId) : undefined;
    const checkout = hold && gateway ? await gateway.retrieveCheckout(id) : null;
    if (!hold || !checkout || hold.studentId !== me.id) throw notFound('errors.payments.noTestPayment');
    return { checkout, hold };
  }

  function requireGateway(): PaymentGateway {
    if (!gateway) throw conflict('errors.payments.notConfiguredBooking');
    return gateway;
  }

  /** A provider failure is the caller's 503 (nothing was charged or booked), logged with its cause. */
  async function provider<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      deps.log.error({ err: error }, 'payment provider call failed');
      throw new AppError(503, 'errors.payments.unreachable');
    }
  }

  /**
   * What a checkout means for its booking. Idempotent: confirming is a conditional update, a
   * refund carries the checkout's idempotency key, so replays and races change nothing more.
   */
  async function settle(checkout: Checkout): Promise<PaymentOutcome> {
    if (!checkout.paid) return 'pending';
    const booking = checkout.bookingId ? await holds.find(checkout.bookingId) : undefined;
    if (booking && booking.paymentRef === checkout.id) {
      if (booking.status === 'confirmed') return 'booked';
      if (checkout.amountCents === booking.amountCents && checkout.currency === 'usd') {
        if (await holds.confirm(booking, checkout.id)) return 'booked';
        const now = await holds.find(booking.id);
        if (now?.status === 'confirmed' && now.paymentRef === checkout.id) return 'booked';
      } else {
        deps.log.error({ checkout: checkout.id, paid: checkout.amountCents, currency: checkout.currency, held: booking.amountCents }, 'paid amount differs from the held price: refunding');
      }
    }
    // Paid, but no hold waits for this payment (it expired and was released, was cancelled or
    // replaced): the student must not pay for nothing.
    if (checkout.paymentIntentId) {
      const refund = await provider(() => requireGateway().refund(checkout.paymentIntentId!, `refund-${checkout.id}`));
      deps.log.warn({ checkout: checkout.id, refund: refund.id }, 'payment without a waiting hold refunded');
    }
    return 'refunded';
  }

  return {
    configured: gateway !== null,

    /** The test payment page's data: the caller's checkout, its amount and whether it can still be paid. */
    async testCheckout(me: CurrentUser, id: string): Promise<TestCheckout> {
      const { checkout, hold } = await ownTestCheckout(me, id);
      return { id, sessionId: hold.sessionId, amount: hold.amountCents / 100, status: checkout.paid ? 'paid' : checkout.status === 'open' ? 'open' : 'expired' };
    },

    /** "Pay" on the test payment page: the hold is booked as a Stripe payment would book it (no money moves). */
    async payTestCheckout(me: CurrentUser, id: string): Promise<TestPaymentResult> {
      if (me.role !== 'student') throw forbidden('errors.payments.studentsOnly');
      const { checkout, hold } = await ownTestCheckout(me, id);
      const successUrl = `/payment/success?checkout_session_id=${encodeURIComponent(id)}`;
      if (checkout.paid) return { successUrl };
      if (checkout.status !== 'open' || !(await holds.confirm(hold, id))) throw conflict('errors.bookings.holdEnded');
      return { successUrl };
    },

    /**
     * The Checkout page to pay for a seat bookings hold for `me`: the open one already started for
     * this hold, or a new one. The caller (bookings) checked role, status and window, and gives
     * the hold back if this throws.
     */
    async checkout(me: CurrentUser, session: StudySessionRow, hold: SeatHold): Promise<{ checkoutUrl: string }> {
      const stripe = requireGateway();
      const now = deps.now();
      if (hold.paymentRef) {
        const current = await provider(() => stripe.retrieveCheckout(hold.paymentRef!));
        if (current?.status === 'open' && current.url && current.amountCents === session.registrationFeeCents) return { checkoutUrl: current.url };
        if (current?.paid && (await settle(current)) === 'booked') throw conflict('errors.bookings.alreadyBooked');
      }

      const checkout = await provider(() =>
        stripe.createCheckout({
          bookingId: hold.id,
          sessionId: session.id,
          studentId: me.id,
          studentEmail: me.email,
          title: session.title,
          amountCents: session.registrationFeeCents,
          // Stripe fills in {CHECKOUT_SESSION_ID}.
          successUrl: `${deps.config.baseUrl}/payment/success?checkout_session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${deps.config.baseUrl}/payment/cancelled?session=${encodeURIComponent(session.id)}`,
          expiresAt: new Date(now.getTime() + CHECKOUT_LIFETIME_MS),
        }),
      );
      if (!checkout.url || !(await holds.attachPayment(hold, checkout.id, session.registrationFeeCents))) {
        throw conflict('errors.bookings.holdEnded');
      }
      return { checkoutUrl: checkout.url };
    },

    /** The success page's check: asks Stripe about the caller's checkout and settles it; says so in `language`. */
    async confirm(me: CurrentUser, checkoutSessionId: string, language: Language = DEFAULT_LANGUAGE): Promise<ConfirmPayment> {
      if (me.role !== 'student') throw forbidden('errors.payments.studentsOnly');
      const stripe = requireGateway();
      const checkout = await provider(() => stripe.retrieveCheckout(checkoutSessionId));
      if (!checkout || checkout.studentId !== me.id || !checkout.sessionId) throw notFound('errors.payments.noCheckout');
      const status = await settle(checkout);
      return { status, sessionId: checkout.sessionId, message: translatorFor(language).t(OUTCOME_MESSAGES[status]) };
    },

    /** Stripe's webhook: only a correctly signed event is believed. */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: boolean }> {
      if (!gateway) throw notFound('errors.payments.notConfigured');
      const event = gateway.verifyWebhook(rawBody, signature);
      if (!event) throw badRequest('errors.payments.badSignature');
      if ((event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') && event.checkout) {
        await settle(event.checkout);
      }
      return { received: true };
    },

    /** Refunds a paid booking in full before it is cancelled (the caller checked the cutoff). */
    async refundBooking(booking: PaidBooking): Promise<void> {
      if (!gateway) throw conflict('errors.payments.refundNotConfigured');
      if (!booking.paymentRef) {
        deps.log.warn({ booking: booking.id }, 'paid booking without a payment reference: nothing to refund');
        return;
      }
      // From the checkout alone, never the booking's row: an erasure's refund job runs after the
      // booking was released (bookings/booking-refunds.ts).
      const checkoutId = booking.paymentRef;
      const payment = await provider(() => gateway.paymentOf(checkoutId));
      if (!payment) throw conflict('errors.payments.refundNotFound');
      const refund = await provider(() => gateway.refund(payment, `refund-${checkoutId}`));
      deps.log.info({ booking: booking.id, amountCents: booking.amountCents, refund: refund.id }, 'booking refunded');
    },
  };
}

export type PaymentsService = ReturnType<typeof paymentsService>;
