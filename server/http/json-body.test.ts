import { describe, expect, it } from 'vitest';
import { jsonHasNul, jsonNestedDeeperThan } from './json-body.ts';

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

describe('jsonHasNul', () => {
  it('finds a NUL in any string, a value or a key, at any depth', () => {
    expect(jsonHasNul(JSON.stringify({ name: 'Sam\u0000x' }))).toBe(true);
    expect(jsonHasNul(JSON.stringify({ a: [{ b: ['ok', '\u0000'] }] }))).toBe(true);
    expect(jsonHasNul(JSON.stringify({ 'k\u0000': 1 }))).toBe(true);
  });

  it('does not take the six characters "\\u0000" written with an escaped backslash for one', () => {
    expect(jsonHasNul(JSON.stringify({ text: 'C:\\u0000 is a path' }))).toBe(false);
    expect(jsonHasNul(JSON.stringify({ text: '\\\u0000' }))).toBe(true);
    expect(jsonHasNul(JSON.stringify({ title: 'Sam', n: 1 }))).toBe(false);
  });
});
