// Every email is a job of kind 'email' (the outbox): written in the transaction of what it tells
// about, sent by a worker of server/jobs through the mailer, at least once, retried for more
// than a day while the SMTP server refuses it, then kept as dead with the last error
// (docs/decisions/017-durable-jobs.md).
//
// One way to send one (docs/decisions/044-typed-email-jobs.md): a job holds the email's kind and
// its arguments, and the message is written when a worker sends it, in its recipient's language
// and time zone as they are then. Each feature names its kinds and their arguments' types in
// EmailKinds (declaration merging, beside its templates) and writes them with defineEmails; the
// compiler checks the arguments from `queuedEmail(kind, args)` to the template, and that every
// kind has its template (background-work.ts).
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_LANGUAGE, type Language } from '#i18n/languages.ts';
import type { Mail, Mailer } from '#server/email/mailer.ts';
import { formatMoment, formatSpan, translatorFor, type ServerTranslator } from '#server/i18n/translate.ts';
import type { JobHandler, NewJob } from '#server/jobs/jobs.ts';
import { EMAIL_MAX_ATTEMPTS } from '#server/jobs/retry-policy.ts';

export const EMAIL_JOB = 'email';

/**
 * Every kind of email and the type of its arguments (JSON: they wait in the job's payload). A
 * feature adds its own where it writes them:
 *
 *   declare module '#server/email/outbox.ts' {
 *     interface EmailKinds { 'bookings.confirmation': BookingMailArgs }
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface EmailKinds {}

export type EmailKind = keyof EmailKinds;

/**
 * Whom an email is written for: their language (their account's, else the one given when it
 * was queued, else English) and their time zone (their account's, else UTC), in which every
 * moment of the email is written and named (docs/decisions/054-reader-zone-and-language.md).
 */
export interface EmailReader {
  language: Language;
  t: ServerTranslator;
  /** An IANA zone ("Europe/Madrid"), "UTC" when the account keeps none. */
  timeZone: string;
  /** A moment as this reader reads it: "Tue 24/11/2026, 18:00, Europe/Madrid" ("… 18:00 UTC"). */
  moment(instant: string | Date): string;
  /** A class's time: "Tue 24/11/2026, 18:00–19:30, Europe/Madrid". */
  span(start: string | Date, end: string | Date): string;
}

export interface EmailContext {
  /** The reader `userId` is (null: not an account); `fallback`: the language when the account has none saved. */
  readerOf(userId: string | null, fallback?: Language | null): Promise<EmailReader>;
}

/** Writes one email from its arguments when it is sent; null when there is nothing to send any more. */
export type EmailTemplate<Args> = (args: Args, context: EmailContext) => Promise<Mail | null>;

/** The templates of the kinds `K`, each taking its kind's arguments. */
export type EmailTemplates<K extends EmailKind = EmailKind> = { [P in K]: EmailTemplate<EmailKinds[P]> };

/** A feature's templates, checked against the types its kinds declared in EmailKinds. */
export function defineEmails<K extends EmailKind>(templates: EmailTemplates<K>): EmailTemplates<K> {
  return templates;
}

/** What an email job's payload holds. */
interface QueuedEmail<K extends EmailKind = EmailKind> {
  render: K;
  args: EmailKinds[K];
}

/**
 * The job of one email of `kind`, written when a worker sends it.
 * `to`: its address when known now (the recipient's export lists it while it waits).
 */
export function queuedEmail<K extends EmailKind>(kind: K, args: EmailKinds[K], to?: string): NewJob {
  return { kind: EMAIL_JOB, payload: { render: kind, args } satisfies QueuedEmail<K>, maxAttempts: EMAIL_MAX_ATTEMPTS, ...(to === undefined ? {} : { recipient: to }) };
}

/**
 * A payload written before decision 044 that still holds the whole message, in any job already
 * queued then: sent as it is. Nothing writes one any more.
 */
interface EarlierWholeMessage {
  mail: Mail;
}

/** What an account keeps of its reader (user.language, user.timeZone): null when none is saved. */
export type ReaderSettingsOf = (userId: string) => Promise<{ language: Language | null; timeZone: string | null }>;

function readerIn(language: Language, timeZone: string): EmailReader {
  return {
    language,
    t: translatorFor(language),
    timeZone,
    moment: (instant) => formatMoment(language, timeZone, instant),
    span: (start, end) => formatSpan(language, timeZone, start, end),
  };
}

function renderWith<K extends EmailKind>(templates: Partial<EmailTemplates>, kind: K, args: EmailKinds[K], context: EmailContext): Promise<Mail | null> {
  const template: EmailTemplate<EmailKinds[K]> | undefined = Object.hasOwn(templates, kind) ? templates[kind] : undefined;
  if (!template) throw new Error(`no template for emails of kind ${kind}`);
  return template(args, context);
}

/**
 * Sends the outbox's emails; a thrown error (SMTP down, refused) makes the job retry. `sent`
 * records each message once the mailer took it (the sent-email log of the recipient's export);
 * its failure is logged to `log`, never thrown: the email is out, and a retry would send it again.
 */
export function emailJobHandler(opts: {
  mailer: Mailer;
  /** The app's has every kind (background-work.ts); a kind without one fails its jobs. */
  templates: Partial<EmailTemplates>;
  readerSettingsOf: ReaderSettingsOf;
  sent?: (mail: Mail) => Promise<void>;
  log?: Pick<FastifyBaseLogger, 'error'>;
}): JobHandler {
  return {
    async run(payload, job) {
      // The language of the reader a template wrote for: the message says it (Content-Language,
      // <html lang>) unless the template named one itself.
      let readLanguage: Language | undefined;
      const context: EmailContext = {
        async readerOf(userId, fallback) {
          const saved = userId === null ? null : await opts.readerSettingsOf(userId);
          const reader = readerIn(saved?.language ?? fallback ?? DEFAULT_LANGUAGE, saved?.timeZone ?? 'UTC');
          readLanguage = reader.language;
          return reader;
        },
      };
      // The payload is the JSON this module wrote (queuedEmail), or an earlier whole message.
      const email = payload as QueuedEmail | EarlierWholeMessage;
      let mail: Mail | null;
      if ('mail' in email) mail = email.mail;
      else mail = await renderWith(opts.templates, email.render, email.args, context);
      if (!mail) return;
      if (!mail.language && readLanguage) mail = { ...mail, language: readLanguage };
      // Every try of this job is one message (a copy sent again after a crash included).
      mail = { ...mail, messageIdLocal: job.id };
      await opts.mailer.send(mail);
      // From here nothing may fail the job: at least once is for crashes, not for a log line.
      try {
        await opts.sent?.(mail);
      } catch (err) {
        opts.log?.error({ err, subject: mail.subject }, 'an email was sent but not recorded in the sent-email log');
      }
    },
  };
}
