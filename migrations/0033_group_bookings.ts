// Never edit this file once landed: add a new migration instead.
// Several seats in one booking (docs/decisions/061-group-bookings.md): a session allows up to
// maxSeatsPerBooking seats per booking (1: one seat, the booker's, as before); a booking and a
// waitlist entry count the seats they take or wait for; each seat is a named attendee, kept per
// (session, booker) so that an entry moving from the line to a seat keeps its attendees. No CHECK
// on the new columns (SQLite cannot drop a column a CHECK names): the contract bounds them, and
// the capacity CHECK on bookedCount stays the backstop.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('study_session')
    .addColumn('maxSeatsPerBooking', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('booking').addColumn('seats', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('waitlist_entry').addColumn('seats', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema
    .createTable('booking_attendee')
    .addColumn('sessionId', 'text', (c) => c.notNull().references('study_session.id').onDelete('cascade'))
    .addColumn('studentId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addPrimaryKeyConstraint('booking_attendee_pk', ['sessionId', 'studentId', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('booking_attendee').execute();
  await db.schema.alterTable('waitlist_entry').dropColumn('seats').execute();
  await db.schema.alterTable('booking').dropColumn('seats').execute();
  await db.schema.alterTable('study_session').dropColumn('maxSeatsPerBooking').execute();
}
