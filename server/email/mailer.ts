// Email goes through this small interface: SMTP when SMTP_URL is set, otherwise a dev
// outbox of .eml files under the data folder (links logged so a developer can click them).
// Features never call it: they enqueue email jobs (server/email/outbox.ts), which call it.
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { newId } from '#server/ids.ts';
import { plainToHtml } from './plain-to-html.ts';

export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** The language it is written in: its Content-Language header and its HTML's lang (RFC 3282). */
  language?: string;
  /** More headers: a notification's List-Unsubscribe (server/features/notifications). */
  headers?: Record<string, string>;
  /** It holds a one-time link (password reset, email verification): its text is not kept once sent (sent-email-repository.ts). */
  secret?: boolean;
  /**
   * The left part of its Message-ID (`<id@the sender's domain>`): the outbox job's id, so that a
   * copy sent again after a crash is the same message to the recipient's mailbox. Unset: a new one.
   */
  messageIdLocal?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Every email StudyNest sends is automatic: vacation responders must not answer it (RFC 3834). */
const AUTOMATIC = { 'Auto-Submitted': 'auto-generated' };

/**
 * Every line end as CRLF, a lone CR too: text people typed (a textarea's CRLF, a JSON client's LF
 * or CR) reaches the body as is, and neither nodemailer's 7bit nor its quoted-printable encoding
 * touches a lone CR, which SMTP forbids (relays guarding against SMTP smuggling refuse it).
 */
const crlf = (s: string) => s.replace(/\r\n|\r|\n/g, '\r\n');
/** The message as sent: plain text with an HTML alternative, marked automatic, CRLF line ends. */
const message = (from: string, { secret: _secret, messageIdLocal, language, ...mail }: Mail) => ({
  from,
  ...mail,
  ...(messageIdLocal && { messageId: `<${messageIdLocal}@${domainOf(from)}>` }),
  headers: { ...mail.headers, ...(language && { 'Content-Language': language }), ...AUTOMATIC },
  text: crlf(mail.text),
  html: crlf(mail.html ?? plainToHtml(mail.text, language)),
});
/** The domain of a From address ("StudyNest <no-reply@example.com>" → example.com). */
const domainOf = (from: string) => {
  // From the last "@" on: a pattern searched for "@" would try each one in turn (quadratic).
  const at = from.lastIndexOf('@');
  return (at >= 0 && /^([^\s>]+)>?\s*$/.exec(from.slice(at + 1))?.[1]) || 'studynest.invalid';
};

/**
 * `logLinks`: the dev outbox logs each email's links (development only: a reset or verification
 * link carries a token that signs in, and a production log is read by more people than the inbox).
 */
export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string; log: FastifyBaseLogger; logLinks?: boolean }): Mailer {
  if (opts.smtpUrl) {
    // Bounded waits: a worker holds its job's lease while it talks to the server (server/jobs).
    const transport = nodemailer.createTransport({ url: opts.smtpUrl, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
    return {
      async send(mail) {
        await transport.sendMail(message(opts.from, mail));
      },
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  // The same bytes SMTP would carry (CRLF line ends).
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  let outboxReady: Promise<unknown> | undefined;
  return {
    async send(mail) {
      const info = await builder.sendMail(message(opts.from, mail));
      await (outboxReady ??= fs.mkdir(outbox, { recursive: true }).catch((err: unknown) => {
        outboxReady = undefined;
        throw err;
      }));
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId().slice(-8)}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      if (!opts.logLinks) {
        opts.log.info({ subject: mail.subject, file }, 'email written to the dev outbox');
        return;
      }
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      opts.log.info({ to: mail.to, subject: mail.subject, file, links }, 'email written to the dev outbox');
    },
  };
}
