import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readZipArchive, zipArchive } from './zip-archive.ts';

describe('zipArchive', () => {
  const entries = [
    { name: 'studynest-data.json', bytes: Buffer.from(JSON.stringify({ hello: 'wörld', list: Array.from({ length: 200 }, (_, i) => i) })), compress: true },
    { name: 'files/photo.webp', bytes: Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 5]), compress: false },
    { name: 'files/materials/ünïcode name.pdf', bytes: Buffer.alloc(0), compress: false },
  ];

  it('round-trips every entry, compressed or stored, with UTF-8 names', () => {
    const read = readZipArchive(zipArchive(entries, new Date('2026-11-24T01:02:03Z')));
    expect([...read.keys()]).toEqual(entries.map((e) => e.name));
    for (const e of entries) expect(read.get(e.name)!.equals(e.bytes)).toBe(true);
  });

  it('is a ZIP other tools read (unzip -t, where installed)', () => {
    let unzip = true;
    try {
      execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    } catch {
      unzip = false;
    }
    if (!unzip) return;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zip-')), 'data.zip');
    fs.writeFileSync(file, zipArchive(entries, new Date()));
    expect(execFileSync('unzip', ['-t', file]).toString()).toContain('No errors detected');
  });
});
