import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace: pure unit tests, the web app's component tests and the
// server's integration tests (real SQLite, real PostgreSQL when TEST_DATABASE_URL is set, real Auth
// Emulator). Test files run side by side, three at a time on this project's two-core machines: the
// server's wait on their databases and the Auth Emulator much of the time (docs/testing.md).
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    // Each run's timings, for the slowest tests that .ci/run prints (scripts/slowest-tests.mjs).
    reporters: ['default', 'json'],
    outputFile: { json: '.tmp/test-reports/vitest.json' },
    // `npm run test:coverage` (docs/testing.md, "Coverage"): line and branch coverage by V8.
    coverage: {
      provider: 'v8',
      include: ['apps/server/src/**', 'apps/web/src/**', 'packages/shared/src/**'],
      reporter: ['json-summary', 'text-summary'],
      reportsDirectory: '.tmp/coverage',
    },
  },
});
