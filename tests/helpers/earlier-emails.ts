// An email job as the app wrote one before decision 044 (docs/decisions/044-typed-email-jobs.md):
// the whole message in its payload, built when it was queued. Nothing in the app writes one any
// more, but a deploy may find some waiting, and the worker still sends them; the tests of the
// outbox's mechanics (retries, dead jobs, the admin's list, the export) queue these, whose
// subject and text they choose.
import type { Mail } from '#server/email/mailer.ts';
import { EMAIL_JOB } from '#server/email/outbox.ts';
import type { NewJob } from '#server/jobs/jobs.ts';
import { EMAIL_MAX_ATTEMPTS } from '#server/jobs/retry-policy.ts';

export function earlierWholeMessage(mail: Mail): NewJob {
  return { kind: EMAIL_JOB, payload: { mail }, maxAttempts: EMAIL_MAX_ATTEMPTS, recipient: mail.to };
}
