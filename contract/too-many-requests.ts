/**
 * The message for a 429, with the wait the server gave (issue 14, row 11): "Too many requests.
 * Try again in 8 seconds." Used by the API client, uploads and the auth client; the server's
 * error handler rounds the wait the same way (waitToName) and says it from its catalogues, so
 * every "too many requests" reads the same: in contract/ because both sides use it
 * (docs/decisions/019-boundaries.md).
 */

type HeaderReader = { get(name: string): string | null };

const LATER = 'Too many requests. Please try again later.';

/** The wait to name: rounded up (never sooner than allowed), in minutes from 60 s; null without one. */
export function waitToName(seconds: number | null | undefined): { unit: 'seconds' | 'minutes'; count: number } | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return null;
  const wait = Math.max(1, Math.ceil(seconds));
  return wait < 60 ? { unit: 'seconds', count: wait } : { unit: 'minutes', count: Math.ceil(wait / 60) };
}

/**
 * "Too many requests. Try again in 8 seconds."; without a wait, "Please try again later". The web
 * app's English words; the server says the same from its catalogues in the caller's language
 * (errors.http.tooManyRequests…).
 */
export function tooManyRequestsMessage(seconds: number | null | undefined): string {
  const wait = waitToName(seconds);
  if (!wait) return LATER;
  const unit = wait.unit === 'seconds' ? 'second' : 'minute';
  return `Too many requests. Try again in ${wait.count} ${wait.count === 1 ? unit : `${unit}s`}.`;
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
