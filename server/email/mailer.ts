// Email goes through this small interface: SMTP when SMTP_URL is set, otherwise a dev
// outbox of .eml files under the data folder (links logged so a developer can click them).
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { newId } from '#server/ids.ts';

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
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await builder.sendMail({ from: opts.from, ...mail });
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId().slice(-8)}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      opts.log.info({ to: mail.to, subject: mail.subject, file, links }, 'email written to the dev outbox');
    },
  };
}

/**
 * Sends without letting a mail failure break the caller's request (booking confirmations,
 * approvals): the action has already happened; the failure is logged.
 */
export function sendInBackground(mailer: Mailer, log: FastifyBaseLogger, mail: Mail): void {
  mailer.send(mail).catch((err: unknown) => log.error({ err, to: mail.to, subject: mail.subject }, 'email could not be sent'));
}
