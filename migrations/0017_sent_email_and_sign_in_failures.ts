// Never edit this file once landed: add a new migration instead.
// sent_email (docs/decisions/022-sent-emails-and-security-events.md): the emails StudyNest sent, kept 30 days so that "Download my data" shows
// what was sent to the account (docs/decisions/022-sent-emails-and-security-events.md); the text
// of a message that held a one-time link is not kept. sign_in_failure: the failed sign-ins to one
// email address in the current window, one row per address, shared by every app process, so a
// burst spread over several processes is counted whole (server/audit/security-events.ts).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sent_email')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // The address it went to, lower-cased: the export finds an account's emails by it.
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    // Plain text as sent; null when it held a one-time link (password reset, email verification).
    .addColumn('text', 'text')
    // ISO-8601 UTC text, like every timestamp of our own tables.
    .addColumn('sentAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sent_email_recipient_idx').on('sent_email').columns(['recipient', 'sentAt']).execute();
  await db.schema.createIndex('sent_email_sent_at_idx').on('sent_email').column('sentAt').execute();

  await db.schema
    .createTable('sign_in_failure')
    // The email address typed (lower-cased), whether or not an account has it.
    .addColumn('email', 'text', (c) => c.primaryKey())
    // When the window of this count began (the first failure in it).
    .addColumn('windowStart', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_failure_window_idx').on('sign_in_failure').column('windowStart').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_failure').execute();
  await db.schema.dropTable('sent_email').execute();
}
