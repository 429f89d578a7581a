// Never edit this file once landed: add a new migration instead.
// The rest of the class lifecycle, in one migration:
// - where a class happens: in person (a place's name and address) or online (a meeting URL,
//   shown only to booked students, the tutor and admins); null = not said (older sessions);
// - attendance: the tutor marks each booked student present or absent once class has started;
// - a tutor's short bio for their public profile page (/tutors/:id).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // contract/sessions.ts: 'in_person' | 'online'
  await db.schema.alterTable('study_session').addColumn('locationKind', 'text').execute();
  await db.schema.alterTable('study_session').addColumn('placeName', 'text').execute();
  await db.schema.alterTable('study_session').addColumn('placeAddress', 'text').execute();
  await db.schema.alterTable('study_session').addColumn('meetingUrl', 'text').execute();
  // contract/bookings.ts: 'present' | 'absent'; null = not marked.
  await db.schema.alterTable('booking').addColumn('attendance', 'text').execute();
  // ISO-8601 UTC text, like every timestamp of our own tables.
  await db.schema.alterTable('booking').addColumn('attendanceMarkedAt', 'text').execute();
  await db.schema
    .createTable('tutor_profile')
    .addColumn('userId', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('bio', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tutor_profile').execute();
  await db.schema.alterTable('booking').dropColumn('attendanceMarkedAt').execute();
  await db.schema.alterTable('booking').dropColumn('attendance').execute();
  await db.schema.alterTable('study_session').dropColumn('meetingUrl').execute();
  await db.schema.alterTable('study_session').dropColumn('placeAddress').execute();
  await db.schema.alterTable('study_session').dropColumn('placeName').execute();
  await db.schema.alterTable('study_session').dropColumn('locationKind').execute();
}
