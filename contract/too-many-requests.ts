/**
 * The message for a 429, with the wait the server gave (issue 14, row 11): "Too many requests.
 * Try again in 8 seconds." Used by the API client, uploads, the auth client and the server's
 * own error handler, so every "too many requests" reads the same: in contract/ because both
 * sides use it (docs/decisions/019-boundaries.md).
 */

type HeaderReader = { get(name: string): string | null };

const LATER = 'Too many requests. Please try again later.';

/** "Too many requests. Try again in 8 seconds." — rounded up (never sooner than allowed), minutes from 60 s; without a wait, "Please try again later". */
export function tooManyRequestsMessage(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return LATER;
  const wait = Math.max(1, Math.ceil(seconds));
  if (wait < 60) return `Too many requests. Try again in ${wait} ${wait === 1 ? 'second' : 'seconds'}.`;
  const minutes = Math.ceil(wait / 60);
  return `Too many requests. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/**
 * Seconds to wait from an answer's `Retry-After` (delay in seconds, or an HTTP date), else from
 * `X-Retry-After` (better-auth's rate limiter sends only that); null when neither says.
 */
export function retryAfterSeconds(headers: HeaderReader, now = Date.now()): number | null {
  return parseRetryAfter(headers.get('retry-after'), now) ?? parseRetryAfter(headers.get('x-retry-after'), now);
}

function parseRetryAfter(value: string | null, now: number): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text);
  // An HTTP date has letters and a comma ("Wed, 21 Oct 2015 07:28:00 GMT"); not a bare number.
  if (!/[a-z]/i.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
