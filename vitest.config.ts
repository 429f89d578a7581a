import { defineConfig } from 'vitest/config';

// The same API and data-layer suite runs on SQLite, and again on PostgreSQL when
// TEST_DATABASE_URL is set.
const shared = {
  include: ['server/**/*.test.ts', 'tests/api/**/*.test.ts', 'contract/**/*.test.ts', 'web/src/**/*.test.ts'],
  setupFiles: ['tests/helpers/vitest-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  env: { TZ: 'UTC', NODE_ENV: 'test' },
};

export default defineConfig({
  test: {
    projects: [
      { test: { ...shared, name: 'sqlite', env: { ...shared.env, TEST_DIALECT: 'sqlite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { ...shared, name: 'postgres', env: { ...shared.env, TEST_DIALECT: 'postgres' } } }]
        : []),
    ],
  },
});
