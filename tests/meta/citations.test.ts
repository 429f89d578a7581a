// What the code and its docs may point a reader to: only what this repository holds. An issue
// number, a section of the product notes or a file beside the checkout means nothing to the next
// maintainer, who cannot open them. A comment says why in the code's own words; a decision worth
// keeping is a record in docs/decisions/ (which may tell its history) and is cited by its path.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** Folders whose source files are read, and the endings read there. */
const SOURCE_FOLDERS = ['server', 'web/src', 'contract', 'scripts', 'tests', 'i18n', 'migrations'];
const SOURCE_ENDINGS = ['.ts', '.tsx', '.mjs', '.js', '.css'];
/** Prose read besides the code: docs/decisions/ may tell the history of a decision. */
const PROSE = ['README.md', 'docs'];
const PROSE_EXCEPT = ['docs/decisions'];
const SKIPPED = new Set(['node_modules', 'dist']);

/** Each pattern with what to write instead. Written so that this file's own text matches none. */
const CITATIONS: Array<{ pattern: RegExp; instead: string }> = [
  { pattern: /\bissues?\s*#?\d/i, instead: 'say why in the code\'s own words (keep a fact it carried, e.g. a measured time), or cite docs/decisions/NNN-*.md' },
  { pattern: /\bspec\s*§/i, instead: 'say the rule itself (the sizes, the timings, who may do it) instead of a section of the product notes' },
  { pattern: /\bPRODUCT\.md/, instead: 'say the rule itself; the product notes are not part of this repository' },
  { pattern: /(?:\.\.\/|\/work\/)shared\//, instead: 'point only to files of this repository' },
];

/** Files under `folder` (relative to the root) whose name ends in one of `endings`. */
function filesUnder(folder: string, endings: string[], except: string[] = []): string[] {
  const full = path.join(root, folder);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [folder];
  const found: string[] = [];
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    const relative = path.posix.join(folder, entry.name);
    if (SKIPPED.has(entry.name) || except.includes(relative)) continue;
    if (entry.isDirectory()) found.push(...filesUnder(relative, endings, except));
    else if (endings.some((ending) => entry.name.endsWith(ending))) found.push(relative);
  }
  return found;
}

/** Each line of `text` that cites something a maintainer cannot open, with what to do instead. */
function citationsIn(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { pattern, instead } of CITATIONS) {
      if (pattern.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}\n    → ${instead}`);
    }
  });
  return found;
}

describe('comments and docs cite only what this repository holds', () => {
  it('finds an issue tag, a product-notes section and a file outside the checkout', () => {
    const issue = ['// Held for 15 minutes (', 'issue', ' 17).'].join('');
    const section = ['/** ', 'Spec', ' §9: 1500 ms. */'].join('');
    const notes = ['// Only students book (', 'PRODUCT', '.md §4).'].join('');
    const outside = ['See ', '../', 'shared/STYLE.md.'].join('');
    expect(citationsIn('a.ts', [issue, section, notes, outside, '// Held for 15 minutes.'].join('\n')).map((found) => found.split(': ')[0])).toEqual(['a.ts:1', 'a.ts:2', 'a.ts:3', 'a.ts:4']);
  });

  it('has none in the source, the tests, README.md or docs/', () => {
    const files = [
      ...SOURCE_FOLDERS.flatMap((folder) => filesUnder(folder, SOURCE_ENDINGS)),
      ...PROSE.flatMap((folder) => filesUnder(folder, ['.md'], PROSE_EXCEPT)),
    ];
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => citationsIn(file, fs.readFileSync(path.join(root, file), 'utf8')));
    expect(found, `Comments, test titles and docs cite only what this repository holds:\n${found.join('\n')}\n`).toEqual([]);
  });
});
