import { describe, expect, it } from 'vitest';
import { newId } from './ids.ts';

describe('newId', () => {
  it('is a version-7 UUID', () => {
    expect(newId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('increases strictly even within one millisecond, in creation order', () => {
    const now = Date.now() + 10_000;
    const ids = Array.from({ length: 5000 }, () => newId(now));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('never goes backwards when the clock does', () => {
    const a = newId(Date.now() + 20_000);
    const b = newId(Date.now());
    expect(b > a).toBe(true);
  });
});
