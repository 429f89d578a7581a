// Never edit this file once landed: add a new migration instead.
// A weekly series of classes (docs/decisions/064-series.md): each class stays one study_session
// row of its own (seats, waitlist, attendance, materials, reviews, calendar entry); the classes of
// one series share a seriesId, null for a class on its own. The index reads a series in class
// order (its page, booking it from a class on, calling off the rest).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('study_session').addColumn('seriesId', 'text').execute();
  await db.schema.createIndex('study_session_series_idx').on('study_session').columns(['seriesId', 'classStartDate', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('study_session_series_idx').execute();
  await db.schema.alterTable('study_session').dropColumn('seriesId').execute();
}
