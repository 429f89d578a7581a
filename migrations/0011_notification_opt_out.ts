// Never edit this file once landed: add a new migration instead.
// Emails people can live with (docs/decisions/021-notification-emails.md): the optional notifications a user turned off (one row
// per user and kind; no row = on). Read when such an email is enqueued and again when it is sent
// (server/features/notifications). Goes with the account.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification_opt_out')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    // contract/notifications.ts: 'classReminders' | 'bookingNotices'
    .addColumn('kind', 'text', (c) => c.notNull())
    // ISO-8601 UTC text, like every timestamp of our own tables.
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_opt_out_pk', ['userId', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_opt_out').execute();
}
