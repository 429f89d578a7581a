// Every pattern the server, the contract and the catalogues' code hold (the ones applied to what a
// client sends among them) runs in linear time on 100 kB built to make it backtrack or retry: lint
// (regexp/no-super-linear-backtracking, regexp/no-super-linear-move) says so by analysis, this
// says so by the clock (docs/decisions/037-input-sizes.md).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cleanFileName } from '#server/features/materials/material-file-name.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCES = ['contract', 'server', 'i18n'];
const LENGTH = 100_000;
/** Linear work on 100 kB takes a few milliseconds; a quadratic pattern takes seconds. */
const BUDGET_MS = 100;

interface Pattern {
  where: string;
  regex: RegExp;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** The regular expression literals of a file, and `new RegExp('…', '…')` with literal text. */
function patternsOf(file: string): Pattern[] {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Pattern[] = [];
  const where = (node: ts.Node) => `${path.relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isRegularExpressionLiteral(node)) {
      const end = node.text.lastIndexOf('/');
      found.push({ where: where(node), regex: new RegExp(node.text.slice(1, end), node.text.slice(end + 1)) });
    } else if (ts.isNewExpression(node) && node.expression.getText() === 'RegExp' && node.arguments?.[0] && ts.isStringLiteralLike(node.arguments[0])) {
      const flags = node.arguments[1] && ts.isStringLiteralLike(node.arguments[1]) ? node.arguments[1].text : '';
      found.push({ where: where(node), regex: new RegExp(node.arguments[0].text, flags) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** zod's own patterns behind the formats the contract uses (z.email, z.iso.datetime, z.url's host). */
const ZOD_PATTERNS: Pattern[] = [
  { where: 'zod email', regex: z.regexes.email },
  { where: 'zod datetime', regex: z.regexes.datetime({ offset: true, local: false, precision: null }) },
  { where: 'zod hostname', regex: z.regexes.hostname },
  { where: 'zod domain', regex: z.regexes.domain },
  { where: 'zod uuid', regex: z.regexes.uuid() },
];

/** Characters every pattern is tried on, beside the ones it names itself. */
const COMMON = [' ', '.', 'a', 'A', '0', '@', '-', '_', '/', '\\', ':', '%', '\t', '\n', '\u0000', '\u202e', '\uD800', '😀'];

/** Characters a pattern names, and one of each class it uses: what might make it retry. */
function charactersOf(regex: RegExp): string[] {
  const named = regex.source.replace(/\\[sSdDwWbB]|\\u\{?[0-9a-fA-F]+\}?|\\./g, (escape) => {
    if (/^\\[sS]$/.test(escape)) return ' \t';
    if (/^\\[dD]$/.test(escape)) return '1';
    if (/^\\[wW]$/.test(escape)) return 'w_';
    if (/^\\[bB]$/.test(escape)) return '';
    if (escape.startsWith('\\u')) {
      const code = Number.parseInt(escape.replace(/[\\u{}]/g, ''), 16);
      return Number.isNaN(code) || code > 0x10ffff ? '' : String.fromCodePoint(code);
    }
    return escape.slice(1);
  });
  return [...new Set([...named.replace(/[[\]()|^$*+?{}]/g, ''), ...COMMON])];
}

/**
 * Long runs of each character and of pairs of them (the pattern's own first), each broken at the
 * end by characters patterns refuse: a pattern that may end anywhere in the run retries from each.
 */
function attacks(regex: RegExp, length = LENGTH): string[] {
  const chars = charactersOf(regex);
  const first = chars.slice(0, 6);
  const pairs = first.flatMap((a) => first.filter((b) => b !== a).map((b) => a + b));
  return [...chars, ...pairs].map((unit) => `${unit.repeat(Math.ceil(length / unit.length)).slice(0, length)}\u0000!`);
}

/** The slowest of the ways code uses a pattern: its first match (tried from every start) and every match. */
function slowestRun(regex: RegExp, input: string): number {
  // Take the best of three when over budget: a pause of the machine is not the pattern's.
  let best = once(regex, input);
  for (let i = 0; i < 2 && best > BUDGET_MS; i++) best = Math.min(best, once(regex, input));
  return best;
}

function once(regex: RegExp, input: string): number {
  let slowest = 0;
  for (const flags of [regex.flags, regex.flags.includes('g') ? regex.flags : `${regex.flags}g`]) {
    const again = new RegExp(regex.source, flags);
    // The CPU time this process spent, not the wall clock: beside other suites on a busy machine a
    // linear pattern waits for a core several times as long as it runs; a super-linear one runs.
    const started = process.cpuUsage();
    input.replace(again, '');
    const used = process.cpuUsage(started);
    slowest = Math.max(slowest, (used.user + used.system) / 1000);
  }
  return slowest;
}

const patterns = [...SOURCES.flatMap((dir) => sourceFiles(path.join(ROOT, dir)).flatMap(patternsOf)), ...ZOD_PATTERNS];

describe('patterns on client text', () => {
  it('are found in the code (the scan reads what it should)', () => {
    expect(patterns.length).toBeGreaterThan(80);
    expect(patterns.map((p) => p.where)).toContainEqual(expect.stringMatching(/^server\/features\/materials\/material-file-name\.ts:\d+$/));
    expect(patterns.map((p) => p.where)).toContainEqual(expect.stringMatching(/^contract\/users\.ts:\d+$/));
  });

  it(`each run in under ${BUDGET_MS} ms on ${LENGTH / 1000} kB built to make it retry`, () => {
    const slow: string[] = [];
    for (const { where, regex } of patterns) {
      for (const input of attacks(regex)) {
        const ms = slowestRun(regex, input);
        if (ms > BUDGET_MS) {
          slow.push(`${where} ${regex} on ${JSON.stringify(input.slice(0, 12))}…: ${Math.round(ms)} ms`);
          break;
        }
      }
    }
    expect(slow).toEqual([]);
  }, 300_000);

  it('would catch a pattern that retries from every position (the control)', () => {
    // The trailing-dots pattern a material's file name once went through, on 40 000 characters: it
    // grows with the square of the length (about 50 ms at 10 000 on a quiet machine, under the
    // budget; about 0.8 s at 40 000 on Node.js 20 and 24 alike), so the control is not a near thing.
    const quadratic = /[\s.]+$/u;
    expect(attacks(quadratic, 40_000).some((input) => once(quadratic, input) > BUDGET_MS)).toBe(true);
  });

  it('cleans a 100 kB material file name of " ." runs in linear time', () => {
    // The name that once blocked the server for 25 s at 70 000 characters.
    const name = `a${' .'.repeat(LENGTH / 2)}x`;
    const started = process.cpuUsage();
    expect(cleanFileName(name, 'application/pdf').length).toBeLessThanOrEqual(200);
    const used = process.cpuUsage(started);
    expect((used.user + used.system) / 1000).toBeLessThan(BUDGET_MS);
  });
});
