// Never edit this file once landed: add a new migration instead.
// A student's booked sessions list their waitlist entries too (GET /api/booked-sessions/{email});
// without an index on studentId that read scanned the whole waitlist table on every request.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('waitlist_student_idx').on('waitlist_entry').columns(['studentId', 'createdAt', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('waitlist_student_idx').execute();
}
