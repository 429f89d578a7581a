// Never edit this file once landed: add a new migration instead.
// Times with their zone: the IANA time zone the tutor wrote a session's dates in
// (their browser's), so that a student elsewhere sees the class in the tutor's time beside
// their own. Null for sessions written before, and when the browser did not say.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('study_session').addColumn('tutorTimeZone', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('study_session').dropColumn('tutorTimeZone').execute();
}
