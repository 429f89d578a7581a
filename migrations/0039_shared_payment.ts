// Never edit this file once landed: add a new migration instead.
// One payment for several bookings (a weekly series booked at once, docs/decisions/064-series.md):
// each booking keeps its share in amountCents and the shared checkout in paymentRef, as before;
// paymentTotalCents is the whole payment they share, so that paying it is checked against what was
// asked for and a refund of one booking is its share only. Null: the payment is the booking's alone.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('booking').addColumn('paymentTotalCents', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('booking').dropColumn('paymentTotalCents').execute();
}
