import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readZipArchive, zipStream } from './zip-archive.ts';

/** The streamed archive of `entries`, collected. */
async function zipArchive(entries: Array<{ name: string; bytes: Buffer; compress: boolean }>, at: Date): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of zipStream(entries.map((e) => ({ name: e.name, compress: e.compress, open: async () => e.bytes })), at)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('zipStream', () => {
  const entries = [
    { name: 'studynest-data.json', bytes: Buffer.from(JSON.stringify({ hello: 'wörld', list: Array.from({ length: 200 }, (_, i) => i) })), compress: true },
    { name: 'files/photo.webp', bytes: Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 5]), compress: false },
    { name: 'files/materials/ünïcode name.pdf', bytes: Buffer.alloc(0), compress: false },
  ];

  it('round-trips every entry, compressed or stored, with UTF-8 names', async () => {
    const read = readZipArchive(await zipArchive(entries, new Date('2026-11-24T01:02:03Z')));
    expect([...read.keys()]).toEqual(entries.map((e) => e.name));
    for (const e of entries) expect(read.get(e.name)!.equals(e.bytes)).toBe(true);
  });

  it('is a ZIP other tools read (unzip -t, where installed)', async () => {
    let unzip = true;
    try {
      execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    } catch {
      unzip = false;
    }
    if (!unzip) return;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zip-')), 'data.zip');
    fs.writeFileSync(file, await zipArchive(entries, new Date()));
    expect(execFileSync('unzip', ['-t', file]).toString()).toContain('No errors detected');
  });
});
