// A real SMTP server in the test process: mail travels the same nodemailer SMTP path as in
// production and lands here.
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  subject: string;
  /** Decoded body (quoted-printable undone), good enough to find links and texts. */
  text: string;
  raw: string;
}

function decodeQuotedPrintable(s: string): string {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** `port`: listen there (a test stops the server and starts it again on the same port); any free port by default. */
export async function startSmtpCapture(port = 0) {
  const messages: CapturedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject,
          text: decodeQuotedPrintable(raw),
          raw,
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  // A sender cut mid-conversation (a process killed: npm run scale-out) is that message not sent, not a crash here.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const listening = (server.server.address() as { port: number }).port;

  return {
    url: `smtp://127.0.0.1:${listening}`,
    port: listening,
    messages,
    /** Waits for the first mail to `to` matching `subject` (if given) that arrives. */
    async waitFor(to: string, subject?: RegExp, timeoutMs = 5000): Promise<CapturedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No email to ${to}${subject ? ` matching ${subject}` : ''} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;
