// The outbox's job handler: every try of one email job sends the same message, Message-ID
// included (the job's id), so a copy sent again after a crash (at least once, decision 017) is
// one message in the recipient's mailbox; two jobs are two messages. An email is written when it
// is sent, in its reader's language then (decision 044).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import type { Language } from '#i18n/languages.ts';
import { createMailer, type Mail } from './mailer.ts';
import { emailJobHandler, queuedEmail, type EmailTemplates } from './outbox.ts';

const log = Fastify({ logger: false }).log;

/** A handler whose mailer keeps what it is given, with the confirmation's template only. */
function capturing(languageOf: (userId: string) => Promise<Language | null>) {
  const sent: Mail[] = [];
  const templates: Partial<EmailTemplates> = {
    'bookings.confirmation': async (args, to) => {
      const { t, moment } = await to.readerOf(args.student.id);
      return { to: args.student.email, subject: t.t('email.hello', { name: args.student.name }), text: moment('2026-11-24T18:00:00.000Z') };
    },
  };
  const handler = emailJobHandler({ mailer: { send: async (mail) => void sent.push(mail) }, templates, readerSettingsOf: async (userId) => ({ language: await languageOf(userId), timeZone: null }) });
  return { sent, handler };
}

const args = { sessionId: 's1', student: { id: 'u1', name: 'Sam', email: 'sam@example.com' }, promotedFromWaitlist: false };

describe('an email job', () => {
  it('carries the same Message-ID at every try, its own for each job, in the sender’s domain', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-outbox-'));
    try {
      const mailer = createMailer({ from: 'StudyNest <no-reply@studynest.test>', dataDir, log });
      const handler = emailJobHandler({ mailer, templates: { 'bookings.confirmation': async (a) => ({ to: a.student.email, subject: 'Hello', text: 'Hi Sam' }) }, readerSettingsOf: async () => ({ language: null, timeZone: null }) });
      const { payload } = queuedEmail('bookings.confirmation', args, 'sam@example.com');
      await handler.run(payload, { id: '01JOBAAAAAAAAAAAAAAAAAAAAA', attempt: 1 });
      await handler.run(payload, { id: '01JOBAAAAAAAAAAAAAAAAAAAAA', attempt: 2 });
      await handler.run(payload, { id: '01JOBBBBBBBBBBBBBBBBBBBBBB', attempt: 1 });
      const ids = fs
        .readdirSync(path.join(dataDir, 'outbox'))
        .sort()
        .map((file) => /^Message-ID: (.*)\r$/m.exec(fs.readFileSync(path.join(dataDir, 'outbox', file), 'utf8'))?.[1]);
      expect(ids.sort()).toEqual(['<01JOBAAAAAAAAAAAAAAAAAAAAA@studynest.test>', '<01JOBAAAAAAAAAAAAAAAAAAAAA@studynest.test>', '<01JOBBBBBBBBBBBBBBBBBBBBBB@studynest.test>']);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('is written when sent, in the language its reader has then', async () => {
    let saved: Language | null = 'en';
    const { sent, handler } = capturing(async () => saved);
    const { payload } = queuedEmail('bookings.confirmation', args, 'sam@example.com');
    // The student chose Spanish after the email was queued, before it was sent.
    saved = 'es';
    await handler.run(JSON.parse(JSON.stringify(payload)), { id: '01JOBCCCCCCCCCCCCCCCCCCCCC', attempt: 1 });
    expect(sent).toEqual([expect.objectContaining({ to: 'sam@example.com', subject: 'Hola, Sam:', text: 'mar 24/11/2026, 18:00 UTC' })]);
  });

  it('is the job row jobs.enqueue takes: kind email, its kind and arguments, the outbox’s attempts, the recipient when known', () => {
    expect(queuedEmail('bookings.confirmation', args, 'sam@example.com')).toEqual({ kind: 'email', payload: { render: 'bookings.confirmation', args }, maxAttempts: 102, recipient: 'sam@example.com' });
    expect(queuedEmail('bookings.tutor-notice', args)).toEqual({ kind: 'email', payload: { render: 'bookings.tutor-notice', args }, maxAttempts: 102 });
  });

  it('fails (and so retries, then is dead for the admins) when its kind has no template', async () => {
    const { handler } = capturing(async () => null);
    await expect(handler.run({ render: 'bookings.unknown', args: {} }, { id: '01JOBDDDDDDDDDDDDDDDDDDDDD', attempt: 1 })).rejects.toThrow('no template for emails of kind bookings.unknown');
  });

  it('sends a whole message queued before emails were typed, as it is', async () => {
    const { sent, handler } = capturing(async () => null);
    const mail = { to: 'old@example.com', subject: 'Queued by the earlier version', text: 'Still sent.' };
    await handler.run({ mail }, { id: '01JOBEEEEEEEEEEEEEEEEEEEEE', attempt: 1 });
    expect(sent).toEqual([{ ...mail, messageIdLocal: '01JOBEEEEEEEEEEEEEEEEEEEEE' }]);
  });
});
