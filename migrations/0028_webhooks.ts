// Never edit this file once landed: add a new migration instead.
// Webhook endpoints and the last outcome of each delivery (docs/decisions/057-webhooks.md). The
// deliveries themselves are jobs; a delivery's row is written by its job at each try, for the
// dashboard. The signing secret is kept as it is: it must be read to sign.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoint')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ownerId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    // Space-separated event names (contract/webhooks.ts).
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_endpoint_owner').on('webhook_endpoint').column('ownerId').execute();
  await db.schema
    .createTable('webhook_delivery')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('endpointId', 'text', (c) => c.notNull().references('webhook_endpoint.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('lastStatus', 'integer')
    .addColumn('lastAt', 'text', (c) => c.notNull())
    .addColumn('lastBody', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_delivery_endpoint').on('webhook_delivery').columns(['endpointId', 'createdAt']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_delivery').execute();
  await db.schema.dropTable('webhook_endpoint').execute();
}
