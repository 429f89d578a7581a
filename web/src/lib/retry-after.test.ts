// A 429 tells the visitor how long to wait, from the answer's Retry-After (issue 14, row 11).
import { describe, expect, it } from 'vitest';
import { retryAfterSeconds, tooManyRequestsMessage } from '#contract/too-many-requests.ts';
import { withWaitInMessage } from '#web/lib/retry-after.ts';

describe('tooManyRequestsMessage', () => {
  const cases: Array<[seconds: number | null, message: string]> = [
    [null, 'Too many requests. Please try again later.'],
    [8, 'Too many requests. Try again in 8 seconds.'],
    [1, 'Too many requests. Try again in 1 second.'],
    [0.2, 'Too many requests. Try again in 1 second.'],
    [0, 'Too many requests. Try again in 1 second.'],
    [7.1, 'Too many requests. Try again in 8 seconds.'],
    [59, 'Too many requests. Try again in 59 seconds.'],
    [60, 'Too many requests. Try again in 1 minute.'],
    [61, 'Too many requests. Try again in 2 minutes.'],
    [600, 'Too many requests. Try again in 10 minutes.'],
    [Number.NaN, 'Too many requests. Please try again later.'],
  ];
  it.each(cases)('%s s → %s', (seconds, message) => {
    expect(tooManyRequestsMessage(seconds)).toBe(message);
  });
});

describe('retryAfterSeconds', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  const read = (headers: Record<string, string>) => retryAfterSeconds(new Headers(headers), now);

  it('reads Retry-After in seconds or as a date, else better-auth’s X-Retry-After', () => {
    expect(read({ 'Retry-After': '8' })).toBe(8);
    expect(read({ 'Retry-After': ' 120 ' })).toBe(120);
    expect(read({ 'Retry-After': 'Sun, 01 Mar 2026 12:00:30 GMT' })).toBe(30);
    expect(read({ 'Retry-After': 'Sun, 01 Mar 2026 11:59:00 GMT' })).toBe(0);
    expect(read({ 'X-Retry-After': '12' })).toBe(12);
    expect(read({ 'Retry-After': '5', 'X-Retry-After': '12' })).toBe(5);
    expect(read({ 'Retry-After': 'soon', 'X-Retry-After': '12' })).toBe(12);
    expect(read({ 'Retry-After': '-5' })).toBeNull();
    expect(read({ 'Retry-After': '1e3' })).toBeNull();
    expect(read({})).toBeNull();
  });
});

describe('withWaitInMessage (the auth client’s answers)', () => {
  it('rewrites a 429’s message with the wait, keeping the rest of the answer', async () => {
    const original = new Response(JSON.stringify({ message: 'Too many requests. Please try again later.', code: 'X' }), {
      status: 429,
      statusText: 'Too Many Requests',
      headers: { 'Content-Type': 'application/json', 'X-Retry-After': '8' },
    });
    const rewritten = await withWaitInMessage(original);
    expect(rewritten.status).toBe(429);
    expect(rewritten.headers.get('x-retry-after')).toBe('8');
    expect(await rewritten.json()).toEqual({ message: 'Too many requests. Try again in 8 seconds.', code: 'X' });
  });

  it('leaves other answers alone, and a 429 without a wait says to try later', async () => {
    const ok = new Response('{"a":1}', { status: 200 });
    expect(await withWaitInMessage(ok)).toBe(ok);
    const bare = await withWaitInMessage(new Response('not json', { status: 429 }));
    expect(await bare.json()).toEqual({ message: 'Too many requests. Please try again later.' });
  });
});
