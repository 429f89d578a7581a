// The only SQL of the payments feature: a held booking's checkout reference, its confirmation
// and the expired holds. Taking and giving back seats stays in the bookings repository (one
// seat guard, docs/decisions/003-capacity-guard.md).
import { sql, type Kysely } from 'kysely';
import { prepare } from '#server/db/prepared.ts';
import type { Database } from '#server/db/schema.ts';

/** Run before every booking and bookings read (the sweep): compiled once. */
const expiredHolds = prepare((db, p: { now: string; limit: number }) =>
  db.selectFrom('booking').select(['id', 'sessionId', 'studentId']).where('status', '=', sql.lit('pending_payment')).where('holdExpiresAt', '<=', p.now).orderBy('holdExpiresAt').limit(p.limit),
);

export function paymentsRepository(db: Kysely<Database>) {
  return {
    findBookingById(id: string) {
      return db.selectFrom('booking').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findStudent(id: string) {
      return db.selectFrom('user').select(['id', 'name', 'email']).where('id', '=', id).executeTakeFirst();
    },

    /** Records the checkout now paying for a held seat, at the price it charges. */
    async attachCheckout(bookingId: string, checkoutId: string, amountCents: number): Promise<boolean> {
      const result = await db
        .updateTable('booking')
        .set({ paymentRef: checkoutId, amountCents })
        .where('id', '=', bookingId)
        .where('status', '=', 'pending_payment')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Held → confirmed, only for the checkout that holds it. Conditional, so a replayed webhook,
     * the success page and the webhook racing, or a hold swept at the same moment change the
     * row at most once; false when nothing changed.
     */
    async confirmHold(bookingId: string, checkoutId: string): Promise<boolean> {
      const result = await db
        .updateTable('booking')
        .set({ status: 'confirmed', holdExpiresAt: null })
        .where('id', '=', bookingId)
        .where('status', '=', 'pending_payment')
        .where('paymentRef', '=', checkoutId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Holds whose time is up, oldest first (index booking_hold_idx). */
    async expiredHolds(now: string, limit: number) {
      return (await expiredHolds(db, { now, limit })).rows;
    },
  };
}
