// Never edit this file once landed: add a new migration instead.
// Calendar subscription: each user's private feed URL (/calendar/<token>.ics). The
// token is 256 random bits (unguessable; a new one replaces the old, whose URL then answers 404).
// contentTag/contentSince remember the last content served and since when, so that the feed's
// Last-Modified is true even when an event disappears (docs/decisions/024-class-lifecycle.md).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calendar_feed')
    .addColumn('userId', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    // ISO-8601 UTC text, like every timestamp of our own tables.
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('contentTag', 'text')
    .addColumn('contentSince', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('calendar_feed').execute();
}
