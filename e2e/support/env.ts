import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.E2E_PORT ?? 8180);
const authEmulatorPort = Number(process.env.E2E_AUTH_EMULATOR_PORT ?? 9299);
// Per port, so two suites on different ports can run side by side.
const dataDir = path.join(repoRoot, '.tmp', `e2e-data-${port}`);

/** Ports and paths of the server under test: apart from the defaults, so a running `npm start` is untouched. */
export const E2E = {
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
    LOG_LEVEL: 'warn',
  },
};

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
