import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { backgroundMailSettled, sendInBackground, type Mail, type Mailer } from './mailer.ts';

function recordingMailer(fail: (mail: Mail) => boolean = () => false) {
  const sent: string[] = [];
  const mailer: Mailer = {
    async send(mail) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (fail(mail)) throw new Error(`SMTP refused ${mail.subject}`);
      sent.push(mail.subject);
    },
  };
  return { mailer, sent };
}

function recordingLog() {
  const errors: Array<{ obj: Record<string, unknown>; msg: string }> = [];
  const log = { error: (obj: Record<string, unknown>, msg: string) => errors.push({ obj, msg }) } as unknown as FastifyBaseLogger;
  return { log, errors };
}

const mail = (subject: string): Mail => ({ to: 'someone@example.com', subject, text: 'Hello' });

describe('background mail queue', () => {
  it('sends every queued mail, in order, and settles once the queue is empty', async () => {
    const { mailer, sent } = recordingMailer();
    const { log, errors } = recordingLog();
    const subjects = Array.from({ length: 25 }, (_, i) => `mail ${i}`);
    for (const s of subjects) sendInBackground(mailer, log, mail(s));
    expect(sent).toEqual([]); // nothing is sent while the caller is still running
    await backgroundMailSettled(mailer);
    expect([...sent].sort()).toEqual([...subjects].sort());
    // Taken in order (two at a time): the first two queued are among the first two sent.
    expect(sent.slice(0, 2).sort()).toEqual(['mail 0', 'mail 1']);
    expect(errors).toEqual([]);
  });

  it('renders a lazily given mail once, when its turn comes', async () => {
    const { mailer, sent } = recordingMailer();
    const { log } = recordingLog();
    let renders = 0;
    sendInBackground(mailer, log, () => {
      renders++;
      return mail('lazy');
    });
    expect(renders).toBe(0);
    await backgroundMailSettled(mailer);
    expect(renders).toBe(1);
    expect(sent).toEqual(['lazy']);
  });

  it('logs a mail that fails (or fails to render) with its recipient and goes on with the others', async () => {
    const { mailer, sent } = recordingMailer((m) => m.subject === 'bad');
    const { log, errors } = recordingLog();
    sendInBackground(mailer, log, mail('first'));
    sendInBackground(mailer, log, mail('bad'));
    sendInBackground(mailer, log, () => {
      throw new Error('template broke');
    });
    sendInBackground(mailer, log, mail('last'));
    await backgroundMailSettled(mailer);
    expect([...sent].sort()).toEqual(['first', 'last']);
    // Two workers: the two failures may be logged in either order.
    expect(errors.map((e) => [e.msg, e.obj.subject ?? 'not rendered']).sort()).toEqual([
      ['email could not be sent', 'bad'],
      ['email could not be sent', 'not rendered'],
    ]);
    expect(errors.find((e) => e.obj.subject === 'bad')!.obj.to).toBe('someone@example.com');
  });

  it('settles at once when nothing was queued', async () => {
    const { mailer } = recordingMailer();
    await expect(backgroundMailSettled(mailer)).resolves.toBeUndefined();
  });
});
