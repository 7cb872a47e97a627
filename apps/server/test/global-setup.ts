import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../src/auth/emulator';
import { migrateToLatest } from '../src/db/migrate';
import { createScratchDatabase } from '../src/db/scratch-database';

/** TEST_AUTH_EMULATOR_PORT lets two test runs share a machine. */
export const TEST_EMULATOR_PORT = Number(process.env.TEST_AUTH_EMULATOR_PORT ?? 9399);

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
    /** A SQLite file with every migration applied, which each test database is a copy of. */
    sqliteTemplate: string;
    /** With TEST_DATABASE_URL: a database with every migration applied, each test database's template. */
    postgresTemplate: string;
  }
}

/**
 * Made once for every test file: one real Auth Emulator (accounts are thrown away afterwards), and a
 * migrated database per engine that the test databases are copies of, instead of each file running
 * the 21 migrations again (docs/testing.md, "Databases"). The migrations themselves have their tests.
 */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pushup-test-auth-'));
  const emulator = await startAuthEmulator({
    port: TEST_EMULATOR_PORT,
    projectId: 'demo-pushup-tracker',
    dataDir,
    persist: false,
  });
  project.provide('authEmulatorHost', emulator.host);

  const sqlite = await createScratchDatabase('template', undefined);
  await migrateToLatest(sqlite.handle);
  await sqlite.handle.close();
  project.provide('sqliteTemplate', path.join(sqlite.dataDir, 'pushups.db'));

  const url = process.env.TEST_DATABASE_URL;
  const postgres = url ? await createScratchDatabase('template', url, { postgres: 'database' }) : null;
  if (postgres) {
    await migrateToLatest(postgres.handle);
    // A template is copied only while nobody is connected to it.
    await postgres.handle.close();
    project.provide('postgresTemplate', new URL(postgres.env.DATABASE_URL as string).pathname.slice(1));
  }

  return async () => {
    await emulator.stop();
    await postgres?.drop();
    await sqlite.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
