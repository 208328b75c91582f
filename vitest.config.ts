import { defineConfig } from 'vitest/config';

const alias = {
  '#web': new URL('./src/web', import.meta.url).pathname,
  '#shared': new URL('./src/shared', import.meta.url).pathname,
  '#agent': new URL('./src/agent', import.meta.url).pathname,
  '#server': new URL('./src/server', import.meta.url).pathname,
  '#tests': new URL('./tests', import.meta.url).pathname,
};

const integration = ['src/**/*.int.test.ts', 'tests/**/*.int.test.ts'];
// Tests that only mean something on PostgreSQL (several server processes on one database).
const postgresOnly = ['tests/scale/**/*.test.ts'];

// Integration tests (real HTTP, real database) run on PGlite, and again on PostgreSQL when
// TEST_DATABASE_URL is set. Everything else is a plain unit test.
const projects = [
  {
    resolve: { alias },
    test: {
      name: 'unit',
      include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts', 'scripts/**/*.test.ts'],
      exclude: [...integration, ...postgresOnly, 'tests/e2e/**', 'node_modules/**'],
      // They run beside the database suites on two cores: a page test that types into a few
      // fields can take more than the default 5 s there.
      testTimeout: 15_000,
    },
  },
  {
    resolve: { alias },
    test: {
      name: 'pglite',
      include: integration,
      env: { TEST_DB: 'pglite' },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          resolve: { alias },
          test: {
            name: 'postgres',
            include: [...integration, ...postgresOnly],
            env: { TEST_DB: 'postgres' },
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
      ]
    : []),
];

export default defineConfig({
  test: {
    globalSetup: ['tests/helpers/global-setup.ts'],
    projects,
    pool: 'forks',
    maxWorkers: 2,
  },
});
