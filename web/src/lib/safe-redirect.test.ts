// The one place a redirect target taken from a URL (`?from=`) is judged: the server renderer's
// 302 and the browser's navigation both go through safeRedirectPath.
import { describe, expect, it } from 'vitest';
import { returnPathFrom } from '#web/lib/login-path.ts';
import { safeRedirectPath } from '#contract/safe-redirect.ts';

const ORIGIN = 'https://studynest.example';

describe('safeRedirectPath', () => {
  const cases: Array<[target: string | null | undefined, expected: string]> = [
    // Paths of the app, re-serialised from the resolved URL.
    ['/all-sessions', '/all-sessions'],
    ['/ok?x=1#h', '/ok?x=1#h'],
    ['/all-sessions?q=a b', '/all-sessions?q=a%20b'],
    ['/é', '/%C3%A9'],
    ['/日本', '/%E6%97%A5%E6%9C%AC'],
    ['/😀?q=ü#ß', '/%F0%9F%98%80?q=%C3%BC#%C3%9F'],
    ['/a/../b/./c', '/b/c'],
    ['session/1', '/session/1'],
    [`${ORIGIN}/dashboard?tab=1`, '/dashboard?tab=1'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    // Another origin, however it is spelt.
    ['//evil.example', '/'],
    ['///evil.example', '/'],
    ['/\\evil.example', '/'],
    ['\\\\evil.example', '/'],
    ['https://evil.example', '/'],
    ['https://studynest.example.evil.example/', '/'],
    ['http://studynest.example/', '/'],
    ['https://studynest.example:444/', '/'],
    // The base's own scheme without slashes is a relative path to a browser too.
    ['https:evil.example', '/evil.example'],
    ['http:evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['JaVaScRiPt:alert(1)', '/'],
    ['data:text/html,<script>alert(1)</script>', '/'],
    // Dot segments that would re-serialise to a protocol-relative path.
    ['/..//evil.example', '/'],
    ['/.//evil.example', '/'],
    ['/a/..//evil.example/x', '/'],
    // Control, bidi and invisible direction characters: refused, never stripped.
    ['/\t/evil.example/phish', '/'],
    ['/\n/x', '/'],
    ['/\r\nSet-Cookie: a=b', '/'],
    ['/\u0000', '/'],
    ['/\u007f', '/'],
    ['/\u0085', '/'],
    ['/\u202e', '/'],
    ['/\u2066x\u2069', '/'],
    ['/\u200f', '/'],
    ['/\u061c', '/'],
    [' /all-sessions ', '/all-sessions'],
    // Nothing to follow.
    [null, '/'],
    [undefined, '/'],
    ['', '/'],
  ];

  it.each(cases)('%j → %j', (target, expected) => {
    expect(safeRedirectPath(target, ORIGIN)).toBe(expected);
  });

  it('uses the given fallback', () => {
    expect(safeRedirectPath('//evil.example', ORIGIN, '/dashboard')).toBe('/dashboard');
  });

  it('returns only text that a Location header can carry', () => {
    for (let code = 0; code <= 0xffff; code++) {
      const path = safeRedirectPath(`/${String.fromCharCode(code)}x?${String.fromCharCode(code)}#${String.fromCharCode(code)}`, ORIGIN);
      expect(path).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
    }
  });
});

describe('returnPathFrom (the login page sends a signed-in visitor back to ?from=)', () => {
  it('follows `from` through safeRedirectPath, and never back to login or register', () => {
    const from = (value: string) => returnPathFrom(new URLSearchParams({ from: value }), ORIGIN);
    expect(from('/all-sessions?q=x')).toBe('/all-sessions?q=x');
    expect(from('/\t/evil.example/phish')).toBe('/');
    expect(from('/..//evil.example')).toBe('/');
    expect(from('/login?from=/x')).toBe('/');
    expect(from('/register')).toBe('/');
    expect(from('/./login')).toBe('/');
    expect(from('/LOGIN')).toBe('/');
    expect(returnPathFrom(new URLSearchParams(), ORIGIN)).toBe('/');
  });
});
