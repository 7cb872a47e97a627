import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    // One Auth Emulator for the whole run (port 9399), started once.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // Files share each worker's modules instead of loading the app afresh, which took a third of the
    // run: nothing here mocks a module, and restoreMocks undoes every spy after its test.
    isolate: false,
    restoreMocks: true,
    // Files run side by side: each makes its own databases (a temp SQLite file, a PostgreSQL schema)
    // and its own accounts in the one Auth Emulator, and the processes it starts take free ports.
  },
});
