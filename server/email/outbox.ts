// Every email is a job of kind 'email' (the outbox): written in the transaction of what it tells
// about, sent by a worker of server/jobs through the mailer, at least once, retried for more
// than a day while the SMTP server refuses it, then kept as dead with the last error
// (docs/decisions/017-durable-jobs.md).
//
// A job holds either the whole message or the name of a renderer and its arguments: a booking's
// confirmation (with its .ics) is built when a worker sends it, not while the student waits for
// the answer (docs/decisions/011), and from the session as it is then.
import type { FastifyBaseLogger } from 'fastify';
import type { Mail, Mailer } from '#server/email/mailer.ts';
import type { JobHandler, NewJob } from '#server/jobs/jobs.ts';
import { EMAIL_MAX_ATTEMPTS } from '#server/jobs/retry-policy.ts';

export const EMAIL_JOB = 'email';

/** Builds a message from stored arguments; null when there is nothing to send any more. */
export type MailRenderer = (args: Record<string, unknown>) => Promise<Mail | null>;

type EmailPayload = { mail: Mail } | { render: string; args: Record<string, unknown> };

/** The job of one email with its whole message. */
export function emailJob(mail: Mail): NewJob {
  return { kind: EMAIL_JOB, payload: { mail } satisfies EmailPayload, maxAttempts: EMAIL_MAX_ATTEMPTS, recipient: mail.to };
}

/**
 * The job of one email rendered when it is sent, by `renderers[render]` (see emailJobHandler).
 * `recipient`: its address when known now (the recipient's export lists it while it waits).
 */
export function renderedEmailJob(render: string, args: Record<string, unknown>, recipient?: string): NewJob {
  return { kind: EMAIL_JOB, payload: { render, args } satisfies EmailPayload, maxAttempts: EMAIL_MAX_ATTEMPTS, ...(recipient === undefined ? {} : { recipient }) };
}

/**
 * Sends the outbox's emails; a thrown error (SMTP down, refused) makes the job retry. `sent`
 * records each message once the mailer took it (the sent-email log of the recipient's export);
 * its failure is logged to `log`, never thrown: the email is out, and a retry would send it again.
 */
export function emailJobHandler(mailer: Mailer, renderers: Record<string, MailRenderer>, sent?: (mail: Mail) => Promise<void>, log?: Pick<FastifyBaseLogger, 'error'>): JobHandler {
  return {
    async run(payload, job) {
      const email = payload as EmailPayload;
      let mail: Mail | null;
      if ('mail' in email) mail = email.mail;
      else {
        const render = renderers[email.render];
        if (!render) throw new Error(`no renderer for emails of kind ${email.render}`);
        mail = await render(email.args);
      }
      if (!mail) return;
      // Every try of this job is one message (a copy sent again after a crash included).
      mail = { ...mail, messageIdLocal: job.id };
      await mailer.send(mail);
      // From here nothing may fail the job: at least once is for crashes, not for a log line.
      try {
        await sent?.(mail);
      } catch (err) {
        log?.error({ err, subject: mail.subject }, 'an email was sent but not recorded in the sent-email log');
      }
    },
  };
}

/** The outbox as a Mailer, for code that only sends (better-auth's callbacks): each mail is enqueued on its own. */
export function outboxMailer(enqueue: (job: NewJob) => Promise<void>): Mailer {
  return { send: (mail) => enqueue(emailJob(mail)) };
}
