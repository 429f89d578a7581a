// Audit of the job engine: "Retry now" refuses with a clear sentence what it cannot do (a malformed or
// unknown id, a job waiting for its first try, a running one), and an admin's double click (two
// retries at once, or one more while the job runs) sends the email once. And the booking's emails
// are written with the booking or not at all: two bookings of one seat by the same student at
// once leave one booking and its emails only. SQLite, and PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_JOB } from '#server/email/outbox.ts';
import { earlierWholeMessage } from '#tests/helpers/earlier-emails.ts';
import { createStudySession } from '#tests/factories.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  await t.deps.jobs.stop();
  admin = await t.actor({ role: 'admin' });
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.deps.db.kysely.deleteFrom('job').execute();
});

const db = () => t.deps.db.kysely;
const retry = (id: string) => t.request(admin, { method: 'POST', url: `/api/admin/jobs/${id}/retry` });

async function emailIn(status: 'dead' | 'running' | 'queued', subject: string): Promise<string> {
  await t.deps.jobs.enqueue(db(), earlierWholeMessage({ to: 'retry@example.com', subject, text: 'x' }));
  const { id } = await db().selectFrom('job').select('id').where('payload', 'like', `%${subject}%`).executeTakeFirstOrThrow();
  if (status === 'dead') await db().updateTable('job').set({ status: 'dead', attempts: 102, lastError: 'Connection refused' }).where('id', '=', id).execute();
  if (status === 'running') await db().updateTable('job').set({ status: 'running', attempts: 1, lockedBy: 'w-other', lockedUntil: new Date(Date.now() + 60_000).toISOString() }).where('id', '=', id).execute();
  return id;
}
const sent = (subject: string) => t.mail.messages.filter((m) => m.subject === subject).length;

describe('retry now: refusals', () => {
  it('says why it refuses a malformed, unknown, first-try or running job, and changes nothing', async () => {
    const queued = await emailIn('queued', 'Waiting');
    const running = await emailIn('running', 'Running');
    const before = await db().selectFrom('job').selectAll().orderBy('id').execute();
    const answers: Record<string, [number, unknown]> = {};
    for (const [name, id] of Object.entries({ tooLong: 'x'.repeat(65), nul: '%00', space: '%20', unknown: 'nothing-here', sqlish: "'%20OR%201=1--", queued, running })) {
      const res = await retry(id);
      answers[name] = [res.statusCode, res.json().message];
    }
    expect(answers).toEqual({
      tooLong: [400, 'Invalid id in the params: Too big: expected string to have <=64 characters'],
      // A control character in a path is no canonical spelling (server/http/canonical-path.ts).
      nul: [404, 'Not found.'],
      space: [404, 'No job has this id: it may have finished meanwhile.'],
      unknown: [404, 'No job has this id: it may have finished meanwhile.'],
      sqlish: [404, 'No job has this id: it may have finished meanwhile.'],
      queued: [409, 'This job has not failed: it runs at its time.'],
      running: [409, 'This job is running now.'],
    });
    expect(await db().selectFrom('job').selectAll().orderBy('id').execute()).toEqual(before);
  });
});

describe('retry now: a double click sends once', () => {
  it('two retries at once of a dead email: one job, one email', async () => {
    const id = await emailIn('dead', 'Clicked twice');
    const answers = await Promise.all([retry(id), retry(id), retry(id)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await db().selectFrom('job').select('id').where('kind', '=', EMAIL_JOB).execute()).toEqual([{ id }]);
    await t.deps.jobs.runDue();
    await t.mail.waitFor('retry@example.com', /Clicked twice/);
    // Once more after it went: gone (404), nothing sent again.
    expect((await retry(id)).statusCode).toBe(404);
    await t.deps.jobs.runDue();
    expect(sent('Clicked twice')).toBe(1);
  });

  it('a retry while its worker runs it is refused, and the email goes once', async () => {
    const id = await emailIn('dead', 'Retried while running');
    expect((await retry(id)).statusCode).toBe(200);
    // A worker takes it: the same statement a worker claims with.
    const [claimed] = await (await import('#server/jobs/job-repository.ts')).jobRepository(t.deps.db.kysely).claim({ now: new Date().toISOString(), until: new Date(Date.now() + 60_000).toISOString(), worker: 'w-audit', limit: 16 });
    expect(claimed?.id).toBe(id);
    const again = await retry(id);
    expect([again.statusCode, again.json().message]).toEqual([409, 'This job is running now.']);
    expect(await db().selectFrom('job').select(['status', 'lockedBy']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ status: 'running', lockedBy: 'w-audit' });
  });
});

describe('transactional enqueue', () => {
  it("two bookings of one session by the same student at once: one booking, that booking's emails only", async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const student = await t.actor({ role: 'student' });
    for (let round = 0; round < 5; round++) {
      await db().deleteFrom('job').execute();
      const s = await createStudySession(t.deps, tutor, { maxParticipants: 10 });
      const book = () => t.request(student, { method: 'POST', url: '/api/book-session', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ sessionId: s.id }) });
      const answers = (await Promise.all([book(), book(), book()])).map((r) => r.statusCode).sort();
      expect(answers).toEqual([201, 409, 409]);
      const bookings = await db().selectFrom('booking').select('id').where('sessionId', '=', s.id).execute();
      expect(bookings).toHaveLength(1);
      const seats = await db().selectFrom('study_session').select('bookedCount').where('id', '=', s.id).executeTakeFirstOrThrow();
      expect(Number(seats.bookedCount)).toBe(1);
      // The emails of one booking, once each: the student's confirmation and the tutor's notice.
      const rows = await db().selectFrom('job').select('payload').where('kind', '=', EMAIL_JOB).execute();
      const kinds = rows.map((row) => (JSON.parse(row.payload) as { render?: string; args?: { sessionId?: string } })).filter((p) => JSON.stringify(p).includes(s.id)).map((p) => p.render).sort();
      expect(kinds).toEqual(['bookings.confirmation', 'bookings.tutor-notice']);
    }
  });
});
