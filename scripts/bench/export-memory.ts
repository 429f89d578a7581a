// How much memory "Download my data" takes when 12 accounts download their archive at once, each
// with 20 MB of files (under the 25 MB a request builds inline): the process's RSS is sampled
// every 5 ms during the downloads, and the peak above the settled baseline is printed. The app
// runs in this process on a fresh SQLite database and serves over a real socket; the clients read
// each response and throw its bytes away, so what grows is the server's share.
//
//   npx tsx scripts/bench/export-memory.ts        (decision 038: at most 50 MB of growth)
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createStudySession, createUser } from '#server/factories.ts';
import { newId } from '#server/ids.ts';

const DOWNLOADS = 12;
const FILES_PER_ACCOUNT = 4;
const FILE_BYTES = 5 * 1024 * 1024;
const ORIGIN = 'http://bench.test';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-export-bench-'));
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, BASE_URL: ORIGIN, AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01', LOG_LEVEL: 'silent', DEMO_DATA: 'false' });
const { app, deps } = await buildApp(config, { webDir: '/nonexistent' });
await app.ready();

// One 5 MB file of random bytes (nothing to compress), shared by every account's materials.
fs.mkdirSync(path.join(dataDir, 'materials'), { recursive: true });
const fileKey = newId();
fs.writeFileSync(path.join(dataDir, 'materials', fileKey), crypto.randomBytes(FILE_BYTES));

const cookies: string[] = [];
for (let i = 0; i < DOWNLOADS; i++) {
  const tutor = await createUser(deps, { role: 'tutor' });
  const session = await createStudySession(deps, tutor);
  const now = new Date().toISOString();
  for (let f = 0; f < FILES_PER_ACCOUNT; f++) {
    await deps.db.kysely.insertInto('material').values({ id: newId(), sessionId: session.id, tutorId: tutor.id, title: `File ${f}`, fileKey, fileName: `file-${f}.pdf`, mimeType: 'application/pdf', fileSize: FILE_BYTES, link: null, createdAt: now, updatedAt: now }).execute();
  }
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: ORIGIN }, remoteAddress: `10.9.0.${i + 1}`, payload: { email: tutor.email, password: tutor.password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const setCookie = res.headers['set-cookie'];
  cookies.push((Array.isArray(setCookie) ? setCookie : [String(setCookie)]).map((c) => c.split(';')[0]).join('; '));
}

await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;

/** One download, read to its end and thrown away; its status and byte count. */
const download = (cookie: string) =>
  new Promise<{ status: number; bytes: number }>((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: '/api/me/data.zip', headers: { cookie, origin: ORIGIN } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
    }).on('error', reject);
  });

// A first download warms code paths up; then the baseline settles.
await download(cookies[0]!);
global.gc?.();
await new Promise((resolve) => setTimeout(resolve, 500));
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
const started = performance.now();
const results = await Promise.all(cookies.slice(1).concat(cookies[0]!).map(download));
const ms = performance.now() - started;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);

const statuses = [...new Set(results.map((r) => r.status))].join(',');
const total = results.reduce((sum, r) => sum + r.bytes, 0);
console.log(`${DOWNLOADS} concurrent exports of ${mb(FILES_PER_ACCOUNT * FILE_BYTES)} MB of files each: status ${statuses}, ${mb(total)} MB sent in ${ms.toFixed(0)} ms`);
console.log(`RSS baseline ${mb(baseline)} MB, peak ${mb(peak)} MB, growth ${mb(peak - baseline)} MB`);
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
