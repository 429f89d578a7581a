// A 429 tells the visitor how long to wait, from the answer's Retry-After, in
// the page's language: the server says it (server/http/error-handler.ts for its own
// limiter, server/auth/auth-answers.ts for better-auth's) and the web app's clients show it as is.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryAfterSeconds, waitToName } from '#server/http/retry-after.ts';
import { apiRequest, setApiTransport } from '#web/lib/api-client.ts';
import { apiUpload } from '#web/lib/api-upload.ts';
import { authClient } from '#web/lib/auth-client.ts';

describe('waitToName: the wait a 429 names, never sooner than allowed', () => {
  const cases: Array<[seconds: number | null, wait: ReturnType<typeof waitToName>]> = [
    [null, null],
    [8, { unit: 'seconds', count: 8 }],
    [1, { unit: 'seconds', count: 1 }],
    [0.2, { unit: 'seconds', count: 1 }],
    [0, { unit: 'seconds', count: 1 }],
    [7.1, { unit: 'seconds', count: 8 }],
    [59, { unit: 'seconds', count: 59 }],
    [60, { unit: 'minutes', count: 1 }],
    [61, { unit: 'minutes', count: 2 }],
    [600, { unit: 'minutes', count: 10 }],
    [Number.NaN, null],
  ];
  it.each(cases)('%s s → %o', (seconds, wait) => {
    expect(waitToName(seconds)).toEqual(wait);
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

describe('the web app’s clients show the server’s 429 as it is, in the page’s language', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setApiTransport((url, init) => fetch(url, init));
  });

  // What the server answers (its catalogues, i18n/server-locales) with Retry-After: 8.
  const answers: Array<[language: string, message: string]> = [
    ['en', 'Too many requests. Try again in 8 seconds.'],
    ['es', 'Demasiadas solicitudes. Inténtalo de nuevo dentro de 8 segundos.'],
  ];
  // The auth client's sign-in, answered with `response` (its own fetch is the one it was made with).
  const signInAnswered = (response: Response) =>
    authClient.signIn.email({ email: 'someone@example.com', password: 'a long passphrase', fetchOptions: { customFetchImpl: async () => response } });
  const limited = (body: Record<string, unknown>, headers: Record<string, string> = { 'Retry-After': '8' }) =>
    new Response(JSON.stringify(body), { status: 429, statusText: 'Too Many Requests', headers: { 'Content-Type': 'application/json', ...headers } });

  it.each(answers)('the API client (%s)', async (_language, message) => {
    setApiTransport(async () => limited({ message }));
    await expect(apiRequest('/me', { method: 'DELETE', body: { password: 'x' } })).rejects.toMatchObject({ status: 429, message });
  });

  it.each(answers)('the upload client (%s)', async (_language, message) => {
    class LimitedRequest {
      status = 429;
      responseText = JSON.stringify({ message });
      upload = {};
      onload: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      getResponseHeader(name: string) {
        return name.toLowerCase() === 'retry-after' ? '8' : null;
      }
      send() {
        queueMicrotask(() => this.onload?.());
      }
    }
    vi.stubGlobal('XMLHttpRequest', LimitedRequest);
    await expect(apiUpload('/uploads', new FormData())).rejects.toMatchObject({ status: 429, message });
  });

  it.each(answers)('the auth client, better-auth’s 429 as the server says it (%s), the rest of the answer kept', async (_language, message) => {
    const { error } = await signInAnswered(limited({ message, code: 'X' }, { 'Retry-After': '8', 'X-Retry-After': '8' }));
    expect(error).toMatchObject({ status: 429, message, code: 'X' });
  });

  it('a 429 without a wait says to try later, in the page’s language', async () => {
    for (const message of ['Too many requests. Please try again later.', 'Demasiadas solicitudes. Inténtalo de nuevo más tarde.']) {
      const { error } = await signInAnswered(limited({ message }, {}));
      expect(error).toMatchObject({ status: 429, message });
      setApiTransport(async () => limited({ message }, {}));
      await expect(apiRequest('/uploads')).rejects.toMatchObject({ status: 429, message });
    }
  });
});
