// Never edit this file once landed: add a new migration instead.
// Each booking records the payment provider its paymentRef belongs to, so that a refund goes
// through the provider that took the payment even after the installation changes provider
// (docs/decisions/045-payment-providers.md). Null for a booking no payment was started for.
// Bookings already paid or being paid get theirs from their reference: the built-in test
// provider's ids start with `test_`, every other reference was a Stripe Checkout's.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('booking').addColumn('paymentProvider', 'text').execute();
  await sql`update "booking" set "paymentProvider" = case when substr("paymentRef", 1, 5) = 'test_' then 'test' else 'stripe' end where "paymentRef" is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('booking').dropColumn('paymentProvider').execute();
}
