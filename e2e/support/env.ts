import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const firstPort = Number(process.env.E2E_PORT ?? 8180);
const firstAuthEmulatorPort = Number(process.env.E2E_AUTH_EMULATOR_PORT ?? 9299);

/**
 * How many Playwright workers run the suite at once (E2E_WORKERS), each against a server of its own.
 * By default one per core, at most 4: a worker keeps about one core busy with its browser, server and
 * Auth Emulator.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? Math.min(os.availableParallelism(), 4));

/** The operator of every server under test: ADMIN_EMAILS names this account's address. */
export const E2E_OPERATOR = { email: 'e2e-operator@example.com', password: 'operator-secret-42' };

/**
 * The server under test of worker `index`: ports E2E_PORT + index and E2E_AUTH_EMULATOR_PORT + index,
 * apart from the defaults so that a running `npm start` is untouched, and a data directory per port,
 * so that workers, and two suites on different ports, never share accounts or a database.
 */
function serverOfWorker(index: number) {
  const port = firstPort + index;
  const authEmulatorPort = firstAuthEmulatorPort + index;
  const dataDir = path.join(repoRoot, '.tmp', `e2e-data-${port}`);
  return {
    repoRoot,
    baseUrl: `http://127.0.0.1:${port}`,
    authEmulatorUrl: `http://127.0.0.1:${authEmulatorPort}`,
    dataDir,
    serverEnv: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      AUTH_EMULATOR_PORT: String(authEmulatorPort),
      INVITE_ONLY: 'true',
      // Low enough for a test to reach with the counter (at most 1,000 per entry).
      MAX_PUSHUPS_PER_DAY: '1500',
      // As in production: an invite counts only for a verified email.
      REQUIRE_VERIFIED_EMAIL: 'true',
      // The suite's operator, who invites the users the tests sign up (support/users.ts).
      ADMIN_EMAILS: E2E_OPERATOR.email,
      LOG_LEVEL: 'warn',
    },
  };
}

/** Every worker's server: playwright.config.ts starts them all before the first test. */
export const E2E_SERVERS = Array.from({ length: E2E_WORKERS }, (_, index) => serverOfWorker(index));

/**
 * The server this process works with. Playwright sets TEST_PARALLEL_INDEX (0 to workers - 1) in each
 * worker process and loads the config there again, so a worker's tests, support code and `baseURL`
 * all reach its own server; elsewhere (the config's first load, bench:web) it is the first.
 */
export const E2E = serverOfWorker(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

/** Debian's Chromium and the flags it needs here (as root, no GPU, nothing fetched in the background). */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
