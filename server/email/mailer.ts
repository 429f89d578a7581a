// Email goes through this small interface: SMTP when SMTP_URL is set, otherwise a dev
// outbox of .eml files under the data folder (links logged so a developer can click them).
import fs from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
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
  let outboxReady: Promise<unknown> | undefined;
  return {
    async send(mail) {
      const info = await builder.sendMail({ from: opts.from, ...mail });
      await (outboxReady ??= fs.mkdir(outbox, { recursive: true }).catch((err: unknown) => {
        outboxReady = undefined;
        throw err;
      }));
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId().slice(-8)}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      opts.log.info({ to: mail.to, subject: mail.subject, file, links }, 'email written to the dev outbox');
    },
  };
}

/** How many background emails one process renders and sends at a time. */
const BACKGROUND_CONCURRENCY = 2;
/** Pause between two background emails while the process is busy serving requests. */
const BUSY_PAUSE_MS = 20;
/** Past this many waiting emails they go out at full speed whatever the load (memory stays bounded). */
const MAX_DEFERRED = 20_000;

let lastLoopSample = performance.eventLoopUtilization();
let lastLoopBusy = false;
let lastLoopCheck = 0;
/** Whether the event loop was more than 90 % busy over the last ~100 ms. */
function loopIsBusy(): boolean {
  const now = performance.now();
  if (now - lastLoopCheck >= 100) {
    const sample = performance.eventLoopUtilization();
    lastLoopBusy = performance.eventLoopUtilization(sample, lastLoopSample).utilization > 0.9;
    lastLoopSample = sample;
    lastLoopCheck = now;
  }
  return lastLoopBusy;
}

interface BackgroundQueue {
  waiting: Array<() => Mail>;
  running: number;
  idle: Array<() => void>;
}

// One queue per mailer (per app): tests run several apps in one process.
const queues = new WeakMap<Mailer, BackgroundQueue>();

/**
 * Sends without letting a mail failure break the caller's request (booking confirmations,
 * approvals): the action has already happened; the failure is logged. Mails wait in a queue
 * drained a few at a time, and `mail` may be a function that renders the message only when
 * its turn comes: a burst of bookings answers its callers first and its emails follow, instead
 * of thousands of messages being rendered and held in memory at once (docs/decisions/011).
 */
export function sendInBackground(mailer: Mailer, log: FastifyBaseLogger, mail: Mail | (() => Mail)): void {
  let queue = queues.get(mailer);
  if (!queue) {
    queue = { waiting: [], running: 0, idle: [] };
    queues.set(mailer, queue);
  }
  queue.waiting.push(typeof mail === 'function' ? mail : () => mail);
  if (queue.running < BACKGROUND_CONCURRENCY) {
    queue.running++;
    setImmediate(drain, mailer, log, queue);
  }
}

async function drain(mailer: Mailer, log: FastifyBaseLogger, queue: BackgroundQueue): Promise<void> {
  for (let next = queue.waiting.shift(); next; next = queue.waiting.shift()) {
    let mail: Mail | undefined;
    try {
      mail = next();
      await mailer.send(mail);
    } catch (err) {
      log.error({ err, to: mail?.to, subject: mail?.subject }, 'email could not be sent');
    }
    // Background work: the requests go first. While the event loop is nearly saturated (a
    // burst of bookings), wait a little between messages; otherwise just let waiting I/O run.
    if (loopIsBusy() && queue.waiting.length < MAX_DEFERRED) await new Promise((resolve) => setTimeout(resolve, BUSY_PAUSE_MS));
    else await new Promise((resolve) => setImmediate(resolve));
  }
  queue.running--;
  if (queue.running === 0) for (const resolve of queue.idle.splice(0)) resolve();
}

/** Resolves once every queued background email has been sent or has failed (graceful shutdown, tests). */
export function backgroundMailSettled(mailer: Mailer): Promise<void> {
  const queue = queues.get(mailer);
  if (!queue || (queue.running === 0 && queue.waiting.length === 0)) return Promise.resolve();
  return new Promise((resolve) => queue.idle.push(resolve));
}
