// What the tests of background work (server/jobs, the email outbox) share: a clock the test moves
// by hand, a log that says nothing, and a wait for a condition.
import type { TestApp } from './test-app.ts';

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
