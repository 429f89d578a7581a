// The emails StudyNest sent, kept SENT_EMAIL_KEEP_MS (30 days) so that an account's export shows
// what was sent to it (docs/decisions/022-sent-emails-and-security-events.md). The text
// of a message holding a one-time link (a password reset, an email verification) is not kept:
// anyone reading the export (an admin, the operator) must not be able to use it. Removed with the
// account, and by a recurring job once older than the retention.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { prepare } from '#server/db/prepared.ts';
import type { JobHandler, Schedule } from '#server/jobs/jobs.ts';
import { recurringJob } from '#server/jobs/recurring-job.ts';
import { newId } from '#server/ids.ts';
import type { Mail } from './mailer.ts';

export const SENT_EMAIL_KEEP_MS = 30 * 24 * 60 * 60 * 1000;
export const REMOVE_OLD_SENT_EMAILS_JOB = 'email.remove-old-sent';

// Prepared (decision 030).
const recordSent = prepare((db, p: { id: string; recipient: string; subject: string; text: string | null; sentAt: string }) =>
  db.insertInto('sent_email').values({ id: p.id, recipient: p.recipient, subject: p.subject, text: p.text, sentAt: p.sentAt }),
);
const sentToRecipient = prepare((db, p: { recipient: string }) =>
  db.selectFrom('sent_email').select(['subject', 'text', 'sentAt']).where('recipient', '=', p.recipient).orderBy('sentAt').orderBy('id'),
);
const removeForRecipient = prepare((db, p: { recipient: string }) => db.deleteFrom('sent_email').where('recipient', '=', p.recipient));
const removeSentBefore = prepare((db, p: { before: string }) => db.deleteFrom('sent_email').where('sentAt', '<', p.before));

export function sentEmailRepository(db: Kysely<Database>) {
  return {
    /** Records a message the mailer accepted. */
    async record(mail: Mail, at: Date): Promise<void> {
      await recordSent(db, { id: newId(at.getTime()), recipient: mail.to.trim().toLowerCase(), subject: mail.subject, text: mail.secret ? null : mail.text, sentAt: at.toISOString() });
    },

    /** The emails sent to an address, oldest first. */
    async sentTo(executor: Kysely<Database>, email: string) {
      return (await sentToRecipient(executor, { recipient: email.toLowerCase() })).rows;
    },

    /** With the account (its erasure's transaction). */
    async removeFor(executor: Kysely<Database>, email: string): Promise<void> {
      await removeForRecipient(executor, { recipient: email.toLowerCase() });
    },

    /** Those sent before `before`; returns how many. */
    async removeOlderThan(before: Date): Promise<number> {
      const done = await removeSentBefore(db, { before: before.toISOString() });
      return Number(done.numAffectedRows ?? 0n);
    },
  };
}

/** The recurring job that removes sent emails past their 30 days (server/features/background-work.ts). */
export function sentEmailRetention(deps: { db: { kysely: Kysely<Database> }; now: () => Date }): { schedule: Schedule; handler: JobHandler } {
  const repo = sentEmailRepository(deps.db.kysely);
  return recurringJob(REMOVE_OLD_SENT_EMAILS_JOB, 6 * 60 * 60 * 1000, () => repo.removeOlderThan(new Date(deps.now().getTime() - SENT_EMAIL_KEEP_MS)));
}
