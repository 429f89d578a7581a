// Never edit this file once landed: add a new migration instead.
// The id of the request that enqueued a job, so that the job's log lines carry it (reqId) and an
// operator can follow a user's action to the email sent later, in whichever process. Null for
// jobs enqueued outside a request (schedules, scripts) and for jobs written before this migration.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job').addColumn('requestId', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job').dropColumn('requestId').execute();
}
