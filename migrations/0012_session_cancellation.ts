// Never edit this file once landed: add a new migration instead.
// "Calling a class off" and "calendars follow every change" (docs/decisions/024-class-lifecycle.md): a session may be
// cancelled (status 'cancelled', kept for history) with the reason its students are told, and
// carries the SEQUENCE of its calendar event (RFC 5545 §3.8.7.4), raised by every change of
// time, place or status that students' calendars must follow.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('study_session').addColumn('cancellationReason', 'text').execute();
  // ISO-8601 UTC text, like every timestamp of our own tables.
  await db.schema.alterTable('study_session').addColumn('cancelledAt', 'text').execute();
  await db.schema.alterTable('study_session').addColumn('calendarSequence', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('study_session').dropColumn('calendarSequence').execute();
  await db.schema.alterTable('study_session').dropColumn('cancelledAt').execute();
  await db.schema.alterTable('study_session').dropColumn('cancellationReason').execute();
}
