// What the tests of background work (server/jobs, the email outbox) share: a clock the test moves
// by hand, a log that says nothing, a wait for a condition, and the engine tests' app.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createDb, type Db } from '#server/db/database.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** A clock for the app (`createTestApp({}, { now })`) that stands still until the test moves it. */
export function movableClock(start = new Date()) {
  let at = start;
  return {
    now: () => at,
    advance: (ms: number) => {
      at = new Date(at.getTime() + ms);
    },
  };
}

/** A log for workers the test builds itself: what they say is not what is tested. */
export const quietLog = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} } as unknown as TestApp['deps']['log'];

/** Returns once `check` holds, polling; throws after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The app of a file of tests of the job engine: made before its tests with the app's own worker
 * stopped (the kinds the tests enqueue are theirs, which it does not know), with a second
 * connection to its database (another process's worker), and the job table emptied before each
 * test. `ready` hands both to the file.
 */
export function useJobsTestApp(ready: (t: TestApp, second: Db) => void, opts: { now?: () => Date } = {}): void {
  let t: TestApp | undefined;
  let second: Db | undefined;
  beforeAll(async () => {
    t = await createTestApp({}, opts.now ? { now: opts.now } : {});
    await t.deps.jobs.stop();
    second = createDb(t.deps.config.database);
    ready(t, second);
  });
  afterAll(async () => {
    await second?.destroy();
    await t?.close();
  });
  beforeEach(async () => {
    await t!.deps.db.kysely.deleteFrom('job').execute();
  });
}
