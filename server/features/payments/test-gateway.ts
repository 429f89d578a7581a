// The built-in test payment provider: without Stripe,
// on a demo installation (or where TEST_PAYMENTS=true), a page of StudyNest's own marked "Test
// payment, no money moves" stands in for Checkout, so that the whole paid flow can be tried:
// hold, pay, confirm, refund on cancel. It keeps no state of its own: a test checkout is its seat
// hold, and it is paid once the hold is booked with it (payments-service.ts payTestCheckout).
import { randomBytes } from 'node:crypto';
import type { CoreDeps } from '#server/app-deps.ts';
import type { SeatHold } from '#server/features/bookings/public.ts';
import type { Checkout, PaymentGateway } from './payment-gateway.ts';

const TEST_CHECKOUT_ID = /^test_(.+)_([0-9a-f]{16})$/;

/** The hold a test checkout pays for, from its id; null for an id that is not a test checkout's. */
export function testCheckoutHoldId(checkoutId: string): string | null {
  return TEST_CHECKOUT_ID.exec(checkoutId)?.[1] ?? null;
}

export function testGateway(deps: Pick<CoreDeps, 'config' | 'log' | 'now'>, findHold: (id: string) => Promise<SeatHold | undefined>): PaymentGateway {
  const pageUrl = (id: string) => `${deps.config.baseUrl}/payment/test/${encodeURIComponent(id)}`;

  return {
    async createCheckout(request) {
      const id = `test_${request.bookingId}_${randomBytes(8).toString('hex')}`;
      return {
        id,
        url: pageUrl(id),
        status: 'open',
        paid: false,
        amountCents: request.amountCents,
        currency: 'usd',
        paymentIntentId: null,
        bookingId: request.bookingId,
        studentId: request.studentId,
        sessionId: request.sessionId,
      };
    },

    async retrieveCheckout(id): Promise<Checkout | null> {
      const holdId = testCheckoutHoldId(id);
      const hold = holdId ? await findHold(holdId) : undefined;
      if (!hold) return null;
      const ours = hold.paymentRef === id;
      const paid = ours && hold.status === 'confirmed';
      // A hold whose time is up is over even before the sweep removes it: its seat is the next student's.
      const running = hold.holdExpiresAt === null || Date.parse(hold.holdExpiresAt) > deps.now().getTime();
      const open = ours && hold.status === 'pending_payment' && running;
      return {
        id,
        url: open ? pageUrl(id) : null,
        status: paid ? 'complete' : open ? 'open' : 'expired',
        paid,
        amountCents: hold.amountCents,
        currency: 'usd',
        paymentIntentId: paid ? id : null,
        bookingId: hold.id,
        studentId: hold.studentId,
        sessionId: hold.sessionId,
      };
    },

    // A paid test checkout is its own payment (retrieveCheckout's paymentIntentId): no hold to
    // find, so a booking released before its refund runs is refunded all the same.
    async paymentOf(checkoutId) {
      return testCheckoutHoldId(checkoutId) ? checkoutId : null;
    },

    async refund(paymentIntentId) {
      deps.log.info({ payment: paymentIntentId }, 'test payment refunded (no money moved)');
      return { id: `test_refund_${paymentIntentId}` };
    },

    // Nothing outside StudyNest sends events about test payments.
    verifyWebhook: () => null,
  };
}
