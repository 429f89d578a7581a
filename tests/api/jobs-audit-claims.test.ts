// Audit of the job engine's claims (server/jobs/job-repository.ts): each job is claimed by one worker,
// and only the worker that holds it finishes it. The drain tests (jobs.test.ts, email-outbox*.test.ts)
// pass with a claim that takes rows twice most of the time (seen: without FOR UPDATE SKIP LOCKED on
// PostgreSQL, 1,000 emails through two processes arrived once each, and 300 through two workers
// three times out of three): two claims overlap only now and then. Here the overlap is made
// certain, a claim held open in a transaction while another worker claims on another connection.
// SQLite, and PostgreSQL when TEST_DATABASE_URL is set.
import { describe, expect, it } from 'vitest';
import type { Db } from '#server/db/database.ts';
import { jobRepository } from '#server/jobs/job-repository.ts';
import { useJobsTestApp } from '#tests/helpers/jobs.ts';
import type { TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
let second: Db;

useJobsTestApp((app, other) => {
  t = app;
  second = other;
});

const T0 = Date.parse('2030-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();
const claimAt = (ms: number, worker: string, leaseMs = 30_000) => ({ now: at(ms), until: at(ms + leaseMs), worker, limit: 16 });

async function enqueue(count: number): Promise<void> {
  for (let n = 0; n < count; n++) await t.deps.jobs.enqueue(t.deps.db.kysely, { kind: 'test.claim', payload: n, runAt: new Date(T0) });
}
const row = (id: string) => t.deps.db.kysely.selectFrom('job').select(['status', 'lockedBy', 'attempts', 'lastError']).where('id', '=', id).executeTakeFirst();

describe('claims', () => {
  it('a claim under way in another transaction is skipped, never waited for nor taken again (PostgreSQL)', async () => {
    if (t.deps.db.dialect !== 'postgres') return; // SQLite: one writer at a time, each claim one statement.
    await enqueue(40);
    let commit: () => void = () => {};
    const held = new Promise<void>((resolve) => (commit = resolve));
    let first: string[] = [];
    let claimed: () => void = () => {};
    const firstClaimed = new Promise<void>((resolve) => (claimed = resolve));
    const open = t.deps.db.kysely.transaction().execute(async (trx) => {
      first = (await jobRepository(trx).claim(claimAt(0, 'w-first'))).map((r) => r.id);
      claimed();
      await held;
    });
    await firstClaimed;
    // The other worker claims while the first claim's transaction is still open.
    const other = jobRepository(second.kysely).claim(claimAt(0, 'w-other'));
    const answeredWhileOpen = await Promise.race([other.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2_000))]);
    commit();
    await open;
    const otherIds = (await other).map((r) => r.id);
    expect(first).toHaveLength(16);
    expect(otherIds).toHaveLength(16);
    expect(otherIds.filter((id) => first.includes(id))).toEqual([]);
    expect(answeredWhileOpen).toBe(true);
    const owners = await t.deps.db.kysely.selectFrom('job').select(['lockedBy']).where('status', '=', 'running').execute();
    expect(owners.filter((o) => o.lockedBy === 'w-first')).toHaveLength(16);
    expect(owners.filter((o) => o.lockedBy === 'w-other')).toHaveLength(16);
  });

  it('a job whose lease ran out while its first worker still ran it: that worker can no longer finish, fail, renew or hand it back', async () => {
    await enqueue(1);
    const repo = jobRepository(t.deps.db.kysely);
    const [job] = await repo.claim(claimAt(0, 'w-slow'));
    // The slow worker stopped renewing (its process hung): after the lease another worker takes it.
    expect(await repo.claim(claimAt(29_000, 'w-next'))).toEqual([]);
    const [again] = await jobRepository(second.kysely).claim(claimAt(31_000, 'w-next'));
    expect(again?.id).toBe(job!.id);
    expect(again?.attempts).toBe(2);
    // The slow worker wakes up and reports: nothing it says changes the row the other holds.
    await repo.complete(job!.id, 'w-slow');
    await repo.fail({ id: job!.id, worker: 'w-slow', status: 'dead', runAt: at(40_000), error: 'late failure' });
    await repo.reschedule({ id: job!.id, worker: 'w-slow', runAt: at(40_000) });
    await repo.release(job!.id, 'w-slow');
    await repo.renew('w-slow', at(999_999));
    expect(await row(job!.id)).toEqual({ status: 'running', lockedBy: 'w-next', attempts: 2, lastError: null });
    // While the holder renews, nobody takes it again.
    await repo.renew('w-next', at(90_000));
    expect(await repo.claim(claimAt(60_000, 'w-third'))).toEqual([]);
    await repo.complete(job!.id, 'w-next');
    expect(await row(job!.id)).toBeUndefined();
  });
});
