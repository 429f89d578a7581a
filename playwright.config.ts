import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(CHROMIUM)) {
  // Not skipped: the browser suite is part of `npm test`.
  throw new Error(
    `Chromium was not found at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium  (or set CHROMIUM_PATH)`,
  );
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // A guard against a hang, not a speed target: in CI the browser suite shares 2 cores with both
  // databases' API suites, where a journey of several pages ran past 60 s.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    timezoneId: 'UTC',
    // Still pages unless a test says otherwise: Home's slideshow and typewriter (off for readers who
    // prefer reduced motion) keep Chromium drawing while a page sits open, about an eighth of a
    // core for each Home page, through every step a test takes there. The tests of the motion
    // itself, and Home's axe check, ask for motion (`reducedMotion: 'no-preference'`).
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
    },
  },
});
