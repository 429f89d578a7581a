// Never edit this file once landed: add a new migration instead.
// Reminders: when a session's class dates were last set by a change (a tutor's or an
// admin's edit). A reminder whose moment was already past when the class was moved to its time
// is skipped, as one booked after its moment is. Null: the dates are those the session was
// created with (createdAt).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('study_session').addColumn('classTimeSetAt', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('study_session').dropColumn('classTimeSetAt').execute();
}
