import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM, E2E, E2E_SERVERS, E2E_WORKERS } from './support/env';

// The browser suite drives the built app in Debian's Chromium against the real server, which in turn
// starts the real Firebase Auth Emulator and a fresh SQLite database. Each worker has a server of its
// own (support/env.ts); a test file runs in one worker, so its tests share one server, as before.
export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  // The list as it runs, and each test's time for the slowest that .ci/run prints (scripts/slowest-tests.mjs).
  reporter: [['list'], ['json', { outputFile: '../.tmp/test-reports/playwright.json' }]],
  use: {
    baseURL: E2E.baseUrl,
    // Recording a trace (a screencast and a DOM snapshot at every action) took a third of the suite's
    // CPU: only a retried test records one, so a test that fails in CI has one from its retry; locally,
    // `--trace on` records them.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM.executablePath, args: CHROMIUM.args },
    // A service worker would hide the page's requests from page.route(): only tests/offline.spec.ts,
    // which is about the worker, lets it register.
    serviceWorkers: 'block',
    // The pages as a user who asks for reduced motion sees them: no particle background drawing at
    // 60 frames a second beside every test (on 2 cores it took most of one from the server and the
    // emulator), numbers and charts shown at once. tests/accessibility.spec.ts "motion" checks the
    // particles with motion allowed.
    reducedMotion: 'reduce',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: E2E_SERVERS.map((server) => ({
    // A fresh data directory every run, so the emulator's accounts and the database start empty.
    command: `rm -rf "${server.dataDir}" && npm --prefix .. start`,
    url: `${server.baseUrl}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM lets the server stop its Auth Emulator and export the accounts.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: server.serverEnv,
  })),
});
