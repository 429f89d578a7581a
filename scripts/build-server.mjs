// Bundles the server into dist/server/main.js (dependencies stay external in node_modules).
import fs from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: ['server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

// Node keeps each module's source for as long as the process runs, in one byte a character only
// if every character is Latin-1: one arrow in one comment doubles the bundle's share of the heap.
// esbuild writes code in ASCII (its default charset), so what is left above Latin-1 is in
// comments; each such character becomes a '?' of the same length, which keeps the source map's
// columns true.
const outfile = 'dist/server/main.js';
fs.writeFileSync(outfile, fs.readFileSync(outfile, 'utf8').replace(/[\u0100-\uffff]/g, '?'));
