// Never edit this file once landed: add a new migration instead.
// One-time start-up work (seeding demo data into an empty database) is claimed by inserting its
// name here: several processes starting together on one database all try, one insert succeeds,
// and only that process does the work (server/db/start-up-claim.ts,
// docs/decisions/036-startup-and-photo-ownership.md).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('start_up_claim')
    .addColumn('name', 'text', (c) => c.primaryKey())
    // ISO-8601 UTC text, like every timestamp of our own tables.
    .addColumn('claimedAt', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('start_up_claim').execute();
}
