// "In normal operation each email is sent exactly once", audited against the sent-email
// log (docs/decisions/022-sent-emails-and-security-events.md): the email job records each message after the mailer took
// it. If that record fails (the database busy or briefly away), the email is out already: sending
// it again at every retry, up to EMAIL_MAX_ATTEMPTS times over a day, is what must not happen;
// losing one line of the log is what decision 022 accepts. SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_JOB } from '#server/email/outbox.ts';
import { earlierWholeMessage } from '#tests/helpers/earlier-emails.ts';
import { backgroundWork } from '#server/features/background-work.ts';
import { movableClock } from '#tests/helpers/jobs.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
const { now, advance } = movableClock();

beforeAll(async () => {
  t = await createTestApp({}, { now });
});
afterAll(async () => t?.close());

describe('the sent-email log', () => {
  it('a message sent but not recorded is not sent again', async () => {
    await t.deps.jobs.stop();
    await t.deps.jobs.start({ handlers: backgroundWork(t.deps).handlers, schedules: [] }, { poll: false });
    await t.deps.jobs.enqueue(t.deps.db.kysely, earlierWholeMessage({ to: 'logless@example.com', subject: 'Sent, not logged', text: 'Once.' }));
    const away = 'sent_email_away';
    await sql`alter table ${sql.table('sent_email')} rename to ${sql.table(away)}`.execute(t.deps.db.kysely);
    try {
      await t.deps.jobs.runDue();
      await t.mail.waitFor('logless@example.com', /^Sent, not logged$/);
    } finally {
      await sql`alter table ${sql.table(away)} rename to ${sql.table('sent_email')}`.execute(t.deps.db.kysely);
    }
    // Past every retry the first failure could have queued.
    for (let i = 0; i < 5; i++) {
      advance(16 * 60_000);
      await t.deps.jobs.runDue();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.mail.messages.filter((m) => m.subject === 'Sent, not logged')).toHaveLength(1);
    expect(await t.deps.db.kysely.selectFrom('job').select('id').where('kind', '=', EMAIL_JOB).execute()).toEqual([]);
  });
});
