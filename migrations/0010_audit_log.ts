// Never edit this file once landed: add a new migration instead.
// The audit log of admin actions, written in the transaction of the action
// (server/audit/audit-log.ts). Rows are only ever inserted: no route updates or deletes them.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // ISO-8601 UTC text, like every timestamp of our own tables.
    .addColumn('at', 'text', (c) => c.notNull())
    // The admin who acted; null for the operator's CLI on the server's machine.
    .addColumn('actorId', 'text')
    // The actor as it was then (an email, or "operator (npm run admin)"): kept if the account goes.
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('targetType', 'text', (c) => c.notNull())
    .addColumn('targetId', 'text', (c) => c.notNull())
    // JSON text: what changed.
    .addColumn('details', 'text', (c) => c.notNull())
    // The client address Fastify resolved (TRUST_PROXY aware); null from the CLI.
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
