import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../src/auth/emulator';

/** TEST_AUTH_EMULATOR_PORT lets two test runs share a machine. */
export const TEST_EMULATOR_PORT = Number(process.env.TEST_AUTH_EMULATOR_PORT ?? 9399);

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
  }
}

/** One real Auth Emulator for every test file; accounts are thrown away afterwards. */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pushup-test-auth-'));
  const emulator = await startAuthEmulator({
    port: TEST_EMULATOR_PORT,
    projectId: 'demo-pushup-tracker',
    dataDir,
    persist: false,
  });
  project.provide('authEmulatorHost', emulator.host);
  return async () => {
    await emulator.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
