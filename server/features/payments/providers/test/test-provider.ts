// The built-in test payment provider: without a real provider, on a demo installation (or where
// TEST_PAYMENTS=true), a page of StudyNest's own marked "Test payment, no money moves" stands in
// for the provider's, so that the whole paid flow can be tried: hold, pay, confirm, refund on
// cancel. It keeps no state of its own: a test checkout is the seat holds that name it (one, or
// the classes of a series paid at once), found from the first of them, whose id it carries; it is
// paid once they are booked with it (payments-service.ts payTestCheckout).
import { randomBytes } from 'node:crypto';
import type { CoreDeps } from '#server/core-deps.ts';
import type { SeatHolds } from '#server/features/bookings/public.ts';
import type { Checkout, PaymentProvider, PaymentProviderEntry } from '../../payment-provider.ts';

const TEST_CHECKOUT_ID = /^test_(.+)_([0-9a-f]{16})$/;

/** The hold a test checkout pays for, from its id; null for an id that is not a test checkout's. */
export function testCheckoutHoldId(checkoutId: string): string | null {
  return TEST_CHECKOUT_ID.exec(checkoutId)?.[1] ?? null;
}

export const testProvider: PaymentProviderEntry = {
  name: 'test',
  create: (deps, holds) => (deps.config.testPayments ? testCheckouts(deps, holds) : null),
};

function testCheckouts(deps: Pick<CoreDeps, 'config' | 'log' | 'now'>, holds: Pick<SeatHolds, 'find' | 'paidWith'>): PaymentProvider {
  const pageUrl = (id: string) => `${deps.config.baseUrl}/payment/test/${encodeURIComponent(id)}`;

  return {
    name: testProvider.name,
    displayName: null,

    async createCheckout(request) {
      const id = `test_${request.bookingId}_${randomBytes(8).toString('hex')}`;
      return {
        id,
        url: pageUrl(id),
        status: 'open',
        paid: false,
        amountCents: request.amountCents,
        currency: request.currency,
        paymentId: null,
        bookingId: request.bookingId,
        studentId: request.studentId,
        sessionId: request.sessionId,
      };
    },

    async retrieveCheckout(id): Promise<Checkout | null> {
      const holdId = testCheckoutHoldId(id);
      const hold = holdId ? await holds.find(holdId) : undefined;
      if (!hold) return null;
      const ours = await holds.paidWith(hold.studentId, id);
      const paid = ours.some((h) => h.status === 'confirmed');
      // A hold whose time is up is over even before the sweep removes it: its seat is the next student's.
      const running = (h: (typeof ours)[number]) => h.holdExpiresAt === null || Date.parse(h.holdExpiresAt) > deps.now().getTime();
      const open = !paid && ours.some((h) => h.status === 'pending_payment' && running(h));
      return {
        id,
        url: open ? pageUrl(id) : null,
        status: paid ? 'complete' : open ? 'open' : 'expired',
        paid,
        // The whole payment when several holds share it.
        amountCents: ours[0] ? (ours[0].paymentTotalCents ?? ours[0].amountCents) : hold.amountCents,
        // No money moves: a test checkout is in whatever the installation charges in.
        currency: deps.config.currency,
        paymentId: paid ? id : null,
        bookingId: hold.id,
        studentId: hold.studentId,
        sessionId: hold.sessionId,
      };
    },

    // A paid test checkout is its own payment (retrieveCheckout's paymentId): no hold to find,
    // so a booking released before its refund runs is refunded all the same.
    async paymentOf(checkoutId) {
      return testCheckoutHoldId(checkoutId) ? checkoutId : null;
    },

    async refund(paymentId, _key, amountCents) {
      deps.log.info({ payment: paymentId, amountCents: amountCents ?? 'all' }, 'test payment refunded (no money moved)');
      return { id: `test_refund_${paymentId}` };
    },

    // Nothing outside StudyNest sends events about test payments.
    parseWebhook: () => null,
  };
}
