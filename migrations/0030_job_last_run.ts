// Never edit this file once landed: add a new migration instead.
// When a job's last finished try started: a failed try, a recurring job's last run (a job that
// succeeds once is removed). Shown on the admin's Background Jobs page. Null for a job not tried
// yet, and for jobs written before this migration until their next try.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job').addColumn('lastRunAt', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job').dropColumn('lastRunAt').execute();
}
