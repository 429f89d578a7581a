// npm run screens: the screenshots of docs/screens/, drawn again from the production
// build with the demo data: each page at 375 px (a phone) and 1366 px, in the light and the dark
// theme (the app follows prefers-color-scheme), as JPEG of the first screen, to keep them small.
// Uses Debian's Chromium (CHROMIUM_PATH), like the browser tests.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROME_FLAGS, CHROME_PATH, ensureBuild, firstSessionId, postAuth, startDemoServer } from './demo-server.mjs';

const OUT = 'docs/screens';
const WIDTHS = [375, 1366];
const THEMES = ['light', 'dark'];

ensureBuild();
// Development: the test payment page stands in for Checkout (no Stripe here).
const server = await startDemoServer({ name: 'screens', nodeEnv: 'development', ready: (output) => output.includes('Demo data seeded') });
const { baseUrl } = server;

try {
  // The demo accounts' passwords, as the server printed them once.
  const passwords = Object.fromEntries([...server.output().matchAll(/^[ \t]+\w+[ \t]+(\S+@studynest\.example)[ \t]+(\S+)$/gm)].map((m) => [m[1], m[2]]));
  const signIn = async (email) => {
    const res = await postAuth(baseUrl, 'sign-in/email', { email, password: passwords[email] });
    return res.headers.getSetCookie().map((c) => {
      const [pair] = c.split(';');
      const [name, ...value] = pair.split('=');
      return { name, value: value.join('='), url: baseUrl };
    });
  };
  const student = await signIn('student.lee@studynest.example');
  const tutor = await signIn('tutor.maria@studynest.example');
  const sessionId = await firstSessionId(baseUrl);

  const shots = [
    { name: 'home-student', cookies: student, path: '/' },
    { name: 'all-sessions', cookies: [], path: '/all-sessions' },
    { name: 'session-student', cookies: student, path: `/session/${sessionId}` },
    { name: 'booked-sessions', cookies: student, path: '/dashboard/view-booked-session' },
    { name: 'create-session', cookies: tutor, path: '/dashboard/create-session' },
  ];

  fs.mkdirSync(OUT, { recursive: true });
  for (const old of fs.readdirSync(OUT)) fs.rmSync(path.join(OUT, old));
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
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
  await server.stop();
}
