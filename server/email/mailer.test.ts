import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createMailer } from './mailer.ts';

describe('the dev outbox mailer', () => {
  it('writes the bytes SMTP would carry: CRLF, Auto-Submitted, plain text with an HTML alternative', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-mailer-'));
    try {
      const log = Fastify({ logger: false }).log;
      await createMailer({ from: 'StudyNest <no-reply@studynest.test>', dataDir, log }).send({ to: 'sam@example.com', subject: 'Hello', text: 'Hi Sam,\n\nSee https://studynest.test/x' });
      const [file] = fs.readdirSync(path.join(dataDir, 'outbox'));
      const raw = fs.readFileSync(path.join(dataDir, 'outbox', file!), 'utf8');
      expect(raw).toMatch(/^Auto-Submitted: auto-generated\r$/m);
      expect(raw.replace(/\r\n/g, '')).not.toContain('\n');
      expect(raw).toContain('Content-Type: multipart/alternative');
      expect(raw).toContain('Content-Type: text/plain');
      expect(raw).toContain('Content-Type: text/html');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
