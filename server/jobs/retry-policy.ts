// When a failed job is tried again. Doubling from 30 s up to 15 minutes, then every 15 minutes:
// the first retry comes within a minute, none waits longer than 15 minutes, and with
// EMAIL_MAX_ATTEMPTS tries an email keeps being retried for more than 24 hours (an SMTP server
// down for a day loses nothing) before it is marked dead with its last error.
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 15 * 60_000;

/** How long to wait after the `attempt`-th try (1-based) failed. */
export function retryDelayMs(attempt: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, Math.min(attempt - 1, 20)));
}

/** The tries an email gets: their waits add up to a little over 24 hours (retry-policy.test.ts). */
export const EMAIL_MAX_ATTEMPTS = 102;
/** Other jobs: about two hours of retries. */
export const DEFAULT_MAX_ATTEMPTS = 12;
