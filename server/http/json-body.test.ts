import { describe, expect, it } from 'vitest';
import { jsonNestedDeeperThan } from './json-body.ts';

const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;

describe('jsonNestedDeeperThan', () => {
  it('counts arrays and objects inside one another, up to the cap and one past it', () => {
    expect(jsonNestedDeeperThan(nested(32), 32)).toBe(false);
    expect(jsonNestedDeeperThan(nested(33), 32)).toBe(true);
    expect(jsonNestedDeeperThan(`${'{"a":'.repeat(32)}1${'}'.repeat(32)}`, 32)).toBe(false);
    expect(jsonNestedDeeperThan(`${'{"a":['.repeat(17)}1${']}'.repeat(17)}`, 32)).toBe(true);
    expect(jsonNestedDeeperThan(nested(200_000), 32)).toBe(true);
  });

  it('counts depth, not the number of brackets', () => {
    expect(jsonNestedDeeperThan(JSON.stringify(Array.from({ length: 1000 }, () => [[{ a: [1] }]])), 32)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestedDeeperThan(JSON.stringify({ title: '['.repeat(100) }), 32)).toBe(false);
    expect(jsonNestedDeeperThan(JSON.stringify({ title: `"${'['.repeat(100)}\\` }), 32)).toBe(false);
    expect(jsonNestedDeeperThan(JSON.stringify([`\\`, '['.repeat(40)]), 32)).toBe(false);
    // A string that ends right after an escaped backslash: the brackets after it are real.
    expect(jsonNestedDeeperThan(`["\\\\",${nested(40)}]`, 32)).toBe(true);
  });
});
