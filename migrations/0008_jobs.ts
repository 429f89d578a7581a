// Never edit this file once landed: add a new migration instead.
// Durable background work (server/jobs, docs/decisions/017-durable-jobs.md): one row per job,
// written in the same transaction as the change that causes it, claimed by one worker at a time.
// Reminders remember the class start they were sent for, so a moved class gets new ones.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // What runs it: 'email', 'bookings.expire-holds', …
    .addColumn('kind', 'text', (c) => c.notNull())
    // JSON text
    .addColumn('payload', 'text', (c) => c.notNull())
    // queued | running | dead (a finished job is deleted; a recurring one is queued again)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    // ISO-8601 UTC text, like every timestamp of our own tables: due from then on.
    .addColumn('runAt', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('maxAttempts', 'integer', (c) => c.notNull())
    .addColumn('lastError', 'text')
    // The worker holding a running job, until when (a crashed worker's job is claimed again after).
    .addColumn('lockedBy', 'text')
    .addColumn('lockedUntil', 'text')
    // One job per key (recurring jobs): a second enqueue with the same key does nothing.
    .addColumn('key', 'text', (c) => c.unique())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  // The claim: due jobs in order.
  await db.schema.createIndex('job_due_idx').on('job').columns(['status', 'runAt']).execute();
  await db.schema.alterTable('booking').addColumn('reminded24hFor', 'text').execute();
  await db.schema.alterTable('booking').addColumn('reminded1hFor', 'text').execute();
  await db.schema.createIndex('study_session_class_start_idx').on('study_session').column('classStartDate').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('study_session_class_start_idx').execute();
  await db.schema.alterTable('booking').dropColumn('reminded1hFor').execute();
  await db.schema.alterTable('booking').dropColumn('reminded24hFor').execute();
  await db.schema.dropTable('job').execute();
}
