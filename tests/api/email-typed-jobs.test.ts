// One way to send an email (docs/decisions/044-typed-email-jobs.md): a job that holds the email's
// kind and its arguments, whose type the compiler checks from the enqueue to the template, written
// when the app's worker sends it. Jobs an earlier version queued (a whole message, or a booking
// email by its renderer's name) still send. SQLite, and PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEmails, queuedEmail } from '#server/email/outbox.ts';
import { EMAIL_MAX_ATTEMPTS } from '#server/jobs/retry-policy.ts';
import { createStudySession } from '#tests/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const student = { id: 'u1', name: 'Sam', email: 'sam@example.com' };

describe('an email job is typed', () => {
  it('refuses, at compile time, arguments that are not its kind’s, and a kind that does not exist', () => {
    // Checked by tsc (npx tsc --noEmit): each line below would compile without its directive only if the email were wrong.
    const jobs = [
      // @ts-expect-error the confirmation's student needs an id (its language and unsubscribe link are the account's)
      queuedEmail('bookings.confirmation', { sessionId: 's1', student: { name: 'Sam', email: 'sam@example.com' }, promotedFromWaitlist: false }),
      // @ts-expect-error a reminder's offset is '24h' or '1h'
      queuedEmail('bookings.reminder', { bookingId: 'b1', offset: '2h', classStartDate: '2030-01-01T10:00:00.000Z' }),
      // @ts-expect-error no email has this kind
      queuedEmail('bookings.confirmed', { sessionId: 's1', student, promotedFromWaitlist: false }),
    ];
    defineEmails({
      // @ts-expect-error a template takes its kind's arguments: a reminder's bookingId is a string
      'bookings.reminder': async (args: { bookingId: number }) => (args.bookingId > 0 ? null : null),
    });
    // What jobs.enqueue takes, whatever the types said.
    expect(jobs.map((job) => job.kind)).toEqual(['email', 'email', 'email']);
    expect(queuedEmail('bookings.confirmation', { sessionId: 's1', student, promotedFromWaitlist: false }, student.email)).toEqual({
      kind: 'email',
      payload: { render: 'bookings.confirmation', args: { sessionId: 's1', student, promotedFromWaitlist: false } },
      maxAttempts: EMAIL_MAX_ATTEMPTS,
      recipient: student.email,
    });
  });
});

describe('emails queued by the earlier version still send', () => {
  it('a whole message, and a booking confirmation named by its renderer, both as the database holds them', async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const session = await createStudySession(t.deps, tutor, { title: 'Queued Before' });
    const booked = await t.createUser({ role: 'student' });
    const at = new Date().toISOString();
    // Rows as the earlier version wrote them (migration 0024 gave them their recipient).
    const earlier = [
      { payload: { mail: { to: 'earlier@example.com', subject: 'Written before the deploy', text: 'Still sent.' } }, recipient: 'earlier@example.com' },
      { payload: { render: 'bookings.confirmation', args: { sessionId: session.id, student: { id: booked.id, name: booked.name, email: booked.email }, promotedFromWaitlist: false } }, recipient: booked.email.toLowerCase() },
    ];
    await t.deps.db.kysely
      .insertInto('job')
      .values(earlier.map((row, i) => ({ id: `01EARLIER00000000000000000${i}`, kind: 'email', payload: JSON.stringify(row.payload), status: 'queued', runAt: at, attempts: 0, maxAttempts: EMAIL_MAX_ATTEMPTS, key: null, createdAt: at, recipient: row.recipient })))
      .execute();
    t.deps.jobs.wake();
    const whole = await t.mail.waitFor('earlier@example.com', /^Written before the deploy$/, 10_000);
    expect(whole.text).toContain('Still sent.');
    const confirmation = await t.mail.waitFor(booked.email, /^Booking confirmed: Queued Before$/, 10_000);
    expect(confirmation.raw).toContain('Content-Type: text/calendar');
  });
});
