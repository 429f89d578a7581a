// What features may not write (docs/decisions/043-unit-of-work.md): which database runs is
// server/db's business (row locks, SKIP LOCKED, the dialects' columns), and so is how a change
// commits and what follows it (a feature asks deps.db.unitOfWork; the unit wakes the job worker
// and drops the caches it was told of). A feature that needs one of these asks server/db for a
// function instead.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FEATURES = path.resolve(import.meta.dirname, '../features');

const RULES: Array<{ pattern: RegExp; why: string }> = [
  { pattern: /\.dialect\b|\bdialectOf\(|\bisPostgres\b|['"](?:postgres|sqlite)['"]/, why: 'a dialect test: the rule belongs in server/db' },
  { pattern: /\bsqliteOf\b|\b(?:Postgres|Sqlite)Adapter\b|\.isTransaction\b/, why: 'asks which database or connection runs: server/db' },
  { pattern: /\.(?:forUpdate|forNoKeyUpdate|forShare|skipLocked)\(/, why: 'a row lock by hand: locking() or work.lockRow (server/db/row-lock.ts)' },
  { pattern: /\.(?:transaction|startTransaction)\(/, why: 'a transaction by hand: deps.db.unitOfWork' },
  { pattern: /\.wake\(|\.invalidate\(/, why: 'done by the unit of work after its commit: work.enqueue, work.changed' },
];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('server/features', () => {
  it('never branches on the database, locks rows, opens transactions, wakes the worker or drops a cache by hand', () => {
    const found: string[] = [];
    for (const file of sources(FEATURES)) {
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          // Comments may name these things.
          const comment = line.indexOf('//');
          const code = /^\s*\*/.test(line) ? '' : comment >= 0 ? line.slice(0, comment) : line;
          for (const rule of RULES) if (rule.pattern.test(code)) found.push(`${path.relative(FEATURES, file)}:${i + 1}: ${rule.why}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
