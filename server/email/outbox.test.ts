// The outbox's job handler: every try of one email job sends the same message, Message-ID
// included (the job's id), so a copy sent again after a crash (at least once, decision 017) is
// one message in the recipient's mailbox; two jobs are two messages.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createMailer } from './mailer.ts';
import { emailJob, emailJobHandler } from './outbox.ts';

describe('an email job', () => {
  it('carries the same Message-ID at every try, its own for each job, in the sender’s domain', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-outbox-'));
    try {
      const log = { info: () => {}, error: () => {} } as unknown as FastifyBaseLogger;
      const handler = emailJobHandler(createMailer({ from: 'StudyNest <no-reply@studynest.test>', dataDir, log }), {});
      const { payload } = emailJob({ to: 'sam@example.com', subject: 'Hello', text: 'Hi Sam' });
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
});
