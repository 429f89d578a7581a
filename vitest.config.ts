import os from 'node:os';
import { defineConfig } from 'vitest/config';

// The same API and data-layer suite runs on SQLite, and again on PostgreSQL when
// TEST_DATABASE_URL is set.
const shared = {
  include: ['server/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/meta/**/*.test.ts', 'contract/**/*.test.ts', 'web/src/**/*.test.ts'],
  setupFiles: ['tests/helpers/vitest-setup.ts'],
  // Guards against a hang, not speed targets (those are benchmarks): CI runs these beside the
  // browser suite on 2 cores, where a test of many sign-ins (each a password hash) took over 30 s.
  testTimeout: 60_000,
  hookTimeout: 60_000,
  env: { TZ: 'UTC', NODE_ENV: 'test' },
  // One module graph per worker, not per file: every file imported the whole server again (8 of
  // the 20 minutes of both databases' suites). Files build their own app and data, and share no
  // module state they rely on (docs/decisions/059-api-suites-without-isolation.md). Set on each
  // project: an inline project does not inherit the root's test options.
  isolate: false,
};

export default defineConfig({
  test: {
    // Files in parallel: at least 3, even on 2 cores. The suite mostly waits (on PostgreSQL, on
    // the app's processes, on timers), so Vitest's default of one worker per core less one (1 on
    // 2 cores) left a core idle: 17 min for both databases in CI, 8.4 min with 3 (decision 033).
    maxWorkers: Math.max(3, os.availableParallelism() - 1),
    projects: [
      { test: { ...shared, name: 'sqlite', env: { ...shared.env, TEST_DIALECT: 'sqlite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { ...shared, name: 'postgres', env: { ...shared.env, TEST_DIALECT: 'postgres' } } }]
        : []),
    ],
  },
});
