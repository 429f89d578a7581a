// "The dev outbox writes the same bytes SMTP would (CRLF)": audited with text people
// type on several lines. A rejection's feedback or a cancellation's reason comes from a textarea,
// and a form posts its line ends as CRLF (a JSON client may send LF or a lone CR): the message
// must still have CRLF line ends only, in its plain text and in its HTML alternative, over SMTP
// and in the dev outbox alike. A lone CR in an SMTP body is refused by relays that guard against
// SMTP smuggling (sendmail 8.18), and `<CR>.<CR>` is one of that attack's end-of-data markers.
// SQLite, and PostgreSQL when TEST_DATABASE_URL is set.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type Mail } from '#server/email/mailer.ts';
import { createStudySession } from '#tests/factories.ts';
import { quietLog } from '#tests/helpers/jobs.ts';
import { json } from '#tests/helpers/request-helpers.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** Where a message has a CR not followed by LF, or an LF not preceded by CR. */
const bareLineEnds = (raw: string) => [...raw.matchAll(/\r(?!\n)|(?<!\r)\n/g)].map((m) => JSON.stringify(raw.slice(Math.max(0, m.index - 20), m.index + 20)));

/** The parts of a message that differ from one sending to the next: its id, date and MIME boundaries. */
const steady = (raw: string) =>
  raw
    .replace(/^Message-ID: .*$/m, 'Message-ID: <id>')
    .replace(/^Date: .*$/m, 'Date: <date>')
    .replace(/--_NmP-[0-9a-f]+-Part_(\d+)/g, '--_NmP-boundary-Part_$1');

describe('line ends of the emails', () => {
  it('feedback typed on several lines reaches the tutor with CRLF line ends only, plain text and HTML', async () => {
    const admin = await t.actor({ role: 'admin' });
    const tutor = await t.actor({ role: 'tutor' });
    const session = await createStudySession(t.deps, tutor.user!, { title: 'Several Lines', status: 'pending' });
    const feedback = 'First, the title.\r\nThen the dates.\rAnd a lone CR.\r.\rThe end.';
    const res = await t.request(admin, { method: 'POST', url: `/api/sessions/${session.id}/reject`, ...json({ reason: 'Needs work', feedback }) });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await t.mail.waitFor(tutor.user!.email, /^Session not approved: Several Lines$/);
    expect(mail.raw).toContain('Content-Type: text/html');
    expect(bareLineEnds(mail.raw)).toEqual([]);
    // The words are all there, each line on its own.
    expect(mail.text).toMatch(/Then the dates\.\r\nAnd a lone CR\.\r\n/);
  });

  it('the dev outbox file holds the bytes SMTP carries, CRLF only', async () => {
    const mail: Mail = {
      to: 'zoe@example.com',
      // A subject from a title with a line break in it: one header still, no Bcc of the attacker's.
      subject: 'Zoë\r\nBcc: thief@example.com',
      text: 'Hello Zoë,\n\nLF line.\r\nCRLF line.\rCR line.\n.\nA dot line, https://studynest.test/x?a=1&b=2\n',
      attachments: [{ filename: 'class.ics', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', contentType: 'text/calendar; charset=utf-8' }],
      headers: { 'List-Unsubscribe': '<https://studynest.test/api/notifications/unsubscribe?token=abc>' },
    };
    const from = 'StudyNest <no-reply@studynest.test>';
    await createMailer({ smtpUrl: t.mail.url, from, dataDir: t.deps.config.dataDir, log: quietLog }).send(mail);
    const overSmtp = await t.mail.waitFor('zoe@example.com');
    const dataDir = fs.mkdtempSync(path.join(t.deps.config.dataDir, 'outbox-audit-'));
    await createMailer({ from, dataDir, log: quietLog }).send(mail);
    const [file] = fs.readdirSync(path.join(dataDir, 'outbox'));
    const inFile = fs.readFileSync(path.join(dataDir, 'outbox', file!), 'utf8');

    expect(overSmtp.to).toEqual(['zoe@example.com']);
    expect(inFile.split('\r\n\r\n')[0]).not.toMatch(/^Bcc:/im);
    expect(bareLineEnds(inFile)).toEqual([]);
    expect(bareLineEnds(overSmtp.raw)).toEqual([]);
    // The SMTP server got what the file holds (a captured message ends with the CRLF before the
    // final dot), apart from the id, the date and the MIME boundaries.
    expect(steady(overSmtp.raw).replace(/\r\n$/, '')).toBe(steady(inFile).replace(/\r\n$/, ''));
  });
});
