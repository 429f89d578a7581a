// npm run screens: the screenshots of docs/screens/, drawn again from the production
// build with the demo data: each page at 375 px (a phone) and 1366 px, in the light and the dark
// theme (the app follows prefers-color-scheme), as JPEG of the first screen, to keep them small.
// Besides the pages: a tutor's Manage Sessions, the session cards in each of their states (three
// classes added through the API for them: full, short of its minimum, cancelled) and a booking
// confirmation email as it was sent (its HTML part, from the outbox of the server's data folder).
// Uses Debian's Chromium (CHROMIUM_PATH), like the browser tests.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROME_FLAGS, CHROME_PATH, ensureBuild, firstSessionId, postAuth, startDemoServer } from './demo-server.mjs';

const OUT = 'docs/screens';
const WIDTHS = [375, 1366];
const THEMES = ['light', 'dark'];
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** The body of a MIME part: quoted-printable and base64 decoded, as a mail reader would. */
function decodePart(headers, body) {
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes = Buffer.from(body.replace(/=\r?\n/g, ''), 'latin1');
  const out = [];
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x3d && /^[0-9A-F]{2}$/i.test(bytes.toString('latin1', i + 1, i + 3))) {
      out.push(parseInt(bytes.toString('latin1', i + 1, i + 3), 16));
      i += 2;
    } else out.push(bytes[i]);
  }
  return Buffer.from(out).toString('utf8');
}

/** The HTML part of the first email in `dataDir`'s outbox whose subject starts with `subject`, waiting up to 30 s for the job that sends it. */
async function sentHtml(dataDir, subject) {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 30_000;
  for (;;) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : [];
    for (const file of files) {
      const raw = fs.readFileSync(path.join(outbox, file), 'utf8');
      const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
      if (!new RegExp(`^Subject: ${subject}`, 'm').test(head)) continue;
      const part = /\r\n(Content-Type: text\/html[\s\S]*?)\r\n\r\n([\s\S]*?)\r\n--/.exec(raw);
      if (!part) throw new Error(`${file} has no HTML part`);
      return decodePart(part[1], part[2]);
    }
    if (Date.now() > deadline) throw new Error(`No email "${subject}" in ${outbox}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

ensureBuild();
// Development: the test payment page stands in for Checkout (no Stripe here).
// Five demo accounts sign in at once: more than the default three sign-ins in 10 s from one address.
const server = await startDemoServer({ name: 'screens', nodeEnv: 'development', ready: (output) => output.includes('Demo data seeded'), env: { SIGN_IN_RATE_LIMIT: '10' } });
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
  const admin = await signIn('admin@studynest.example');
  const sam = await signIn('student.sam@studynest.example');
  const kim = await signIn('student.kim@studynest.example');
  const sessionId = await firstSessionId(baseUrl);

  // The web app's calls, as `cookies`' user.
  const api = async (cookies, method, route, body) => {
    const res = await fetch(`${baseUrl}${route}`, {
      method,
      headers: { 'Content-Type': 'application/json', Origin: baseUrl, Cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${route} failed (${res.status}): ${await res.text()}`);
    return res.json();
  };
  // A class of Maria's, approved, with registration open from now on.
  const now = Date.now();
  const approvedClass = async (fields, { classInDays, seats = null }) => {
    const created = await api(tutor, 'POST', '/api/create-session/tutor.maria%40studynest.example', {
      registrationStartDate: new Date(now - HOUR).toISOString(),
      registrationEndDate: new Date(now + (classInDays - 1) * DAY).toISOString(),
      classStartDate: new Date(now + classInDays * DAY).toISOString(),
      classEndDate: new Date(now + classInDays * DAY + 2 * HOUR).toISOString(),
      maxParticipants: seats,
      timeZone: 'Europe/Madrid',
      locationKind: 'online',
      meetingUrl: 'https://meet.studynest.example/room',
      ...fields,
    });
    await api(admin, 'POST', `/api/sessions/${created.id}/approve`, { registrationFee: 0, maxParticipants: seats });
    return created.id;
  };
  // Full: its one seat taken by Sam.
  const full = await approvedClass({ title: 'Essay Writing Clinic', description: 'One-to-one feedback on the structure and argument of your essay draft.' }, { classInDays: 3, seats: 1 });
  await api(sam, 'POST', '/api/book-session', { sessionId: full });
  // Short of its minimum: 4 needed, Kim booked.
  const short = await approvedClass({ title: 'Spanish Conversation Circle', description: 'Everyday conversation practice in small groups, B1 level and up.', minimumStudents: 4 }, { classInDays: 5, seats: 10 });
  await api(kim, 'POST', '/api/book-session', { sessionId: short });
  // Booked by Lee (whose confirmation email is drawn below), then called off by Maria.
  const cancelled = await approvedClass({ title: 'Geometry Revision', description: 'Triangles, circles and proofs for the end-of-term exam.' }, { classInDays: 6, seats: 15 });
  await api(student, 'POST', '/api/book-session', { sessionId: cancelled });
  const confirmation = await sentHtml(server.dataDir, 'Booking confirmed: Geometry Revision');
  await api(tutor, 'POST', `/api/sessions/${cancelled}/cancel`, { reason: 'The room is closed for repairs that week.' });

  const shots = [
    { name: 'home-student', cookies: student, path: '/' },
    { name: 'all-sessions', cookies: [], path: '/all-sessions' },
    { name: 'session-student', cookies: student, path: `/session/${sessionId}` },
    { name: 'booked-sessions', cookies: student, path: '/dashboard/view-booked-session' },
    { name: 'create-session', cookies: tutor, path: '/dashboard/create-session' },
    { name: 'manage-sessions', cookies: tutor, path: '/dashboard/manage-sessions', themes: ['light'] },
    // The cards of Lee's All Sessions in their states: full, open and short of its minimum,
    // open, booked, opening later; the whole grid, not the first screen.
    { name: 'session-cards', cookies: student, path: '/all-sessions', themes: ['light'], element: '[data-testid="session-grid"]' },
    // A cancelled class is off the lists; its page says so, with the Closed badge.
    { name: 'session-cancelled', cookies: student, path: `/session/${cancelled}`, themes: ['light'] },
    { name: 'email-booking-confirmed', cookies: [], html: confirmation, themes: ['light'] },
  ];

  fs.mkdirSync(OUT, { recursive: true });
  for (const old of fs.readdirSync(OUT)) fs.rmSync(path.join(OUT, old));
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  try {
    for (const shot of shots) {
      for (const width of WIDTHS) {
        for (const theme of shot.themes ?? THEMES) {
          // An email is laid out at the reading pane's width, as a mail app does (its HTML has no
          // viewport tag: a phone's browser would draw it 980 px wide, scaled down).
          const phone = width < 700 && !shot.html;
          const context = await browser.newContext({ viewport: { width, height: width < 700 ? 812 : 900 }, colorScheme: theme, timezoneId: 'Europe/Madrid', locale: 'en-GB', isMobile: phone, hasTouch: phone });
          if (shot.cookies.length) await context.addCookies(shot.cookies);
          const page = await context.newPage();
          if (shot.html) await page.setContent(shot.html, { waitUntil: 'networkidle' });
          else await page.goto(`${baseUrl}${shot.path}`, { waitUntil: 'networkidle' });
          const file = path.join(OUT, `${shot.name}-${width}-${theme}.jpg`);
          const target = shot.element ? page.locator(shot.element) : page;
          await target.screenshot({ path: file, type: 'jpeg', quality: 70 });
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
