// Never edit this file once landed: add a new migration instead.
// When the session's tutor last moved its approved class (docs/decisions/053-reschedule-and-class-order.md):
// for 48 hours after it, a student booked before the move may cancel with a full refund whatever
// the cutoff. Null for a class never moved that way. And the index of the public lists in class
// order: approved sessions by (classStartDate, id), ascending for upcoming, descending for past.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('study_session').addColumn('rescheduledAt', 'text').execute();
  await db.schema.createIndex('study_session_status_class_idx').on('study_session').columns(['status', 'classStartDate', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('study_session_status_class_idx').execute();
  await db.schema.alterTable('study_session').dropColumn('rescheduledAt').execute();
}
