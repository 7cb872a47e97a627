import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace: pure unit tests and the server's integration tests
// (real SQLite, real PostgreSQL when TEST_DATABASE_URL is set, real Auth Emulator).
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
  },
});
