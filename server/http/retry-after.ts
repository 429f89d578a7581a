/**
 * How a 429 names its wait, in the caller's language: the server reads the wait from the answer's
 * headers (retryAfterSeconds) and rounds it (waitToName) for its catalogues' sentence, in the
 * caller's language ("Too many requests. Try again in 8 seconds."). The web app shows the
 * server's sentence as it is: it has no words of its own for a 429.
 */

import type { Words } from '#server/i18n/translate.ts';

type HeaderReader = { get(name: string): string | null };

/** A 429's words, for both limiters (@fastify/rate-limit's and better-auth's): the wait they sent, named by waitToName. */
export function tooManyRequestsWords(seconds: number | null): Words {
  const wait = waitToName(seconds);
  if (!wait) return { key: 'errors.http.tooManyRequests' };
  return { key: wait.unit === 'seconds' ? 'errors.http.tooManyRequestsSeconds' : 'errors.http.tooManyRequestsMinutes', values: { count: wait.count } };
}

/** The wait to name: rounded up (never sooner than allowed), in minutes from 60 s; null without one. */
export function waitToName(seconds: number | null | undefined): { unit: 'seconds' | 'minutes'; count: number } | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return null;
  const wait = Math.max(1, Math.ceil(seconds));
  return wait < 60 ? { unit: 'seconds', count: wait } : { unit: 'minutes', count: Math.ceil(wait / 60) };
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
