// The only SQL of the payments feature: a held booking's checkout reference and its
// confirmation. Holds and their expiry are the bookings feature's (hold-expiry.ts); taking and
// giving back seats stays in the bookings repository (one seat guard,
// docs/decisions/003-capacity-guard.md).
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { insertJobQuery, type JobInsert } from '#server/jobs/job-repository.ts';


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
     * row at most once; false when nothing changed. `jobs` (the confirmation emails) are
     * added in the same transaction when it changed.
     */
    async confirmHold(bookingId: string, checkoutId: string, jobs: JobInsert[]): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('booking')
          .set({ status: 'confirmed', holdExpiresAt: null })
          .where('id', '=', bookingId)
          .where('status', '=', 'pending_payment')
          .where('paymentRef', '=', checkoutId)
          .executeTakeFirst();
        if (result.numUpdatedRows === 0n) return false;
        for (const job of jobs) await insertJobQuery(trx, job).execute();
        return true;
      });
    },
  };
}
