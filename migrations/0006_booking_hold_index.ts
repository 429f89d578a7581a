// Never edit this file once landed: add a new migration instead.
// Expired payment holds are swept often (before bookings and on a timer): find them by index.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('booking_hold_idx').on('booking').columns(['status', 'holdExpiresAt']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('booking_hold_idx').execute();
}
