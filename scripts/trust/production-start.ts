// A production start on the Node.js that runs this script (CI runs it on each supported line):
// the built server (dist/server/main.js) on a fresh SQLite data folder answers /api/health and
// draws the home page, signs an account up and in, and exits 0 on SIGTERM.
// `npx tsx scripts/trust/production-start.ts`; exit code 1 on any failure.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signUpAndIn, startBuiltServer } from '#tests/helpers/built-server.ts';
import { launchOf } from '../bench/server-process.ts';

const failures: string[] = [];
function check(ok: boolean, message: string): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${message}`);
  if (!ok) failures.push(message);
}

const started = performance.now();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-production-start-'));
const server = await startBuiltServer({ env: { DATA_DIR: dataDir } });
try {
  console.log(`production-start: Node.js ${process.version} (${process.execPath})`);
  if (process.platform === 'linux') {
    const launch = launchOf(server.proc.pid!);
    console.log(`production-start: started by scripts/serve.sh as \`${launch.command.join(' ')}\`, C allocator ${launch.allocator}`);
  }
  const health = await fetch(`${server.baseUrl}/api/health`);
  check(health.status === 200, `GET /api/health answers ${health.status}`);
  const home = await fetch(server.baseUrl);
  const html = await home.text();
  check(home.status === 200 && html.includes('<div id="root"'), `GET / answers ${home.status} with the drawn page (${html.length} bytes)`);
  const cookie = await signUpAndIn(server.baseUrl, { name: 'Pat Start', email: `start-${Date.now()}@example.com`, password: 'production-start-1', role: 'student' });
  const me = await fetch(`${server.baseUrl}/api/me`, { headers: { cookie } });
  check(me.status === 200, `an account signed up and in reads /api/me (${me.status})`);
} finally {
  server.proc.kill('SIGTERM');
  const code = await server.exited;
  check(code === 0, `exits 0 on SIGTERM (got ${code})`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (failures.length) {
  console.error(`production-start: ${failures.length} check(s) failed\n${server.output().slice(-3000)}`);
  process.exit(1);
}
console.log(`production-start: all checks passed on Node.js ${process.version} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
