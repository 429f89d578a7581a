// npm run screens: the screenshots of docs/screens/ (issue 17), drawn again from the production
// build with the demo data: each page at 375 px (a phone) and 1366 px, in the light and the dark
// theme (the app follows prefers-color-scheme), as JPEG of the first screen, to keep them small.
// Uses Debian's Chromium (CHROMIUM_PATH), like the browser tests.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OUT = 'docs/screens';
const WIDTHS = [375, 1366];
const THEMES = ['light', 'dark'];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

if (!fs.existsSync('dist/server/main.js')) {
  const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-screens-'));
// Development: the test payment page stands in for Checkout (no Stripe here).
const child = spawn(process.execPath, ['dist/server/main.js'], {
  env: { ...process.env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', BASE_URL: baseUrl, DATA_DIR: dataDir, DEMO_DATA: 'true', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
child.stdout.on('data', (d) => (output += d));
child.stderr.on('data', (d) => (output += d));

try {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`StudyNest exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`StudyNest did not become healthy:\n${output}`);
    const ok = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    if (ok && output.includes('Demo data seeded')) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  // The demo accounts' passwords, as the server printed them once.
  const passwords = Object.fromEntries([...output.matchAll(/^\s+\w+\s+(\S+@studynest\.example)\s+(\S+)$/gm)].map((m) => [m[1], m[2]]));
  const signIn = async (email) => {
    const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: baseUrl },
      body: JSON.stringify({ email, password: passwords[email] }),
    });
    if (!res.ok) throw new Error(`Sign-in of ${email} failed (${res.status})`);
    return res.headers.getSetCookie().map((c) => {
      const [pair] = c.split(';');
      const [name, ...value] = pair.split('=');
      return { name, value: value.join('='), url: baseUrl };
    });
  };
  const student = await signIn('student.lee@studynest.example');
  const tutor = await signIn('tutor.maria@studynest.example');
  const sessions = await (await fetch(`${baseUrl}/api/sessions?limit=1`)).json();
  const sessionId = sessions.items[0].id;

  const shots = [
    { name: 'home-student', cookies: student, path: '/' },
    { name: 'all-sessions', cookies: [], path: '/all-sessions' },
    { name: 'session-student', cookies: student, path: `/session/${sessionId}` },
    { name: 'booked-sessions', cookies: student, path: '/dashboard/view-booked-session' },
    { name: 'create-session', cookies: tutor, path: '/dashboard/create-session' },
  ];

  fs.mkdirSync(OUT, { recursive: true });
  for (const old of fs.readdirSync(OUT)) fs.rmSync(path.join(OUT, old));
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
  try {
    for (const shot of shots) {
      for (const width of WIDTHS) {
        for (const theme of THEMES) {
          const context = await browser.newContext({ viewport: { width, height: width < 700 ? 812 : 900 }, colorScheme: theme, timezoneId: 'Europe/Madrid', locale: 'en-GB', isMobile: width < 700, hasTouch: width < 700 });
          if (shot.cookies.length) await context.addCookies(shot.cookies);
          const page = await context.newPage();
          await page.goto(`${baseUrl}${shot.path}`, { waitUntil: 'networkidle' });
          const file = path.join(OUT, `${shot.name}-${width}-${theme}.jpg`);
          await page.screenshot({ path: file, type: 'jpeg', quality: 70 });
          console.log(`${file} ${Math.round(fs.statSync(file).size / 1024)} KB`);
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
} finally {
  child.kill('SIGTERM');
  if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
