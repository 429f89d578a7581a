import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_ATTEMPTS, retryDelayMs } from './retry-policy.ts';

const MINUTE = 60_000;

describe('retry policy', () => {
  it('retries first within a minute, then never more than 15 minutes apart', () => {
    expect(retryDelayMs(1)).toBeLessThanOrEqual(MINUTE);
    for (let attempt = 1; attempt < 200; attempt++) {
      expect(retryDelayMs(attempt)).toBeLessThanOrEqual(15 * MINUTE);
      expect(retryDelayMs(attempt + 1)).toBeGreaterThanOrEqual(retryDelayMs(attempt));
    }
  });

  it('keeps retrying an email for at least 24 hours before it is dead', () => {
    let waited = 0;
    // The last try's failure makes the job dead: the waits are those after tries 1 … max − 1.
    for (let attempt = 1; attempt < EMAIL_MAX_ATTEMPTS; attempt++) waited += retryDelayMs(attempt);
    expect(waited).toBeGreaterThanOrEqual(24 * 60 * MINUTE);
    expect(waited).toBeLessThan(25 * 60 * MINUTE);
  });
});
