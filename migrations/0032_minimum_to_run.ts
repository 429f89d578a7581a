// Never edit this file once landed: add a new migration instead.
// A minimum to run (docs/decisions/060-minimum-to-run.md): the least number of booked students a
// class needs, and how many hours before its start that is decided (the decision moves with the
// class: it is never stored as an instant). What was decided, once: 'confirmed' (the class runs,
// its booked students were told) or 'called_off' (cancelled by the system), and when. All null for
// a class without a minimum.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('study_session').addColumn('minimumStudents', 'integer').execute();
  await db.schema.alterTable('study_session').addColumn('decisionHoursBefore', 'integer').execute();
  await db.schema.alterTable('study_session').addColumn('minimumOutcome', 'text').execute();
  await db.schema.alterTable('study_session').addColumn('minimumDecidedAt', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('study_session').dropColumn('minimumDecidedAt').execute();
  await db.schema.alterTable('study_session').dropColumn('minimumOutcome').execute();
  await db.schema.alterTable('study_session').dropColumn('decisionHoursBefore').execute();
  await db.schema.alterTable('study_session').dropColumn('minimumStudents').execute();
}
