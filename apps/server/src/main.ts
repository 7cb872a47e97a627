import path from 'node:path';
import { buildApp } from './app';
import type { OperatorContext } from './auth/context';
import { type RunningAuthEmulator, startAuthEmulator } from './auth/emulator';
import { createFirebaseIdentity } from './auth/identity';
import { ConfigError, loadConfig } from './config/env';
import { createDb, type DbHandle } from './db/client';
import { migrateToLatest } from './db/migrate';
import { createRepositories } from './repositories';
import { AdminService } from './services/admin.service';

const operator: OperatorContext = { kind: 'operator' };

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let emulator: RunningAuthEmulator | undefined;
  let db: DbHandle | undefined;
  const cleanUp = async () => {
    await emulator?.stop();
    await db?.close();
  };

  try {
    db = createDb({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
    const emulatorStart =
      config.mode === 'local'
        ? startAuthEmulator({
            port: config.authEmulatorPort,
            projectId: config.firebaseProjectId,
            dataDir: config.dataDir,
            persist: true,
          })
        : undefined;
    if (emulatorStart)
      console.log(`Starting the Firebase Auth Emulator on port ${config.authEmulatorPort}...`);
    const [, started] = await Promise.all([migrateToLatest(db), emulatorStart]);
    emulator = started;

    const identity = createFirebaseIdentity({
      projectId: config.firebaseProjectId,
      ...(emulator ? { emulatorHost: emulator.host } : {}),
    });
    const app = await buildApp({ config, db, identity });

    let stopping = false;
    const shutdown = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      app.log.info({ signal }, 'shutting down');
      try {
        await app.close();
      } finally {
        await cleanUp();
        process.exit(0);
      }
    };
    process.on('SIGINT', () => void shutdown('SIGINT'));
    process.on('SIGTERM', () => void shutdown('SIGTERM'));

    await app.listen({ port: config.port, host: config.host });

    const shownHost = config.host === '127.0.0.1' || config.host === '::1' ? 'localhost' : config.host;
    const lines = [
      '',
      `Pushup Tracker (${config.mode} mode) is running at http://${shownHost}:${config.port}`,
      `  database: ${db.engine === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : config.sqlitePath}`,
    ];
    if (emulator)
      lines.push(`  auth emulator: ${emulator.url} (accounts kept in ${path.join(config.dataDir, 'auth')})`);
    const admin = new AdminService(createRepositories(db));
    if (config.inviteOnly && (await admin.isEmpty(operator))) {
      lines.push('', 'No one is invited yet. To invite yourself: npm run admin -- invite you@example.com');
    }
    console.log(`${lines.join('\n')}\n`);
  } catch (error) {
    await cleanUp().catch(() => undefined);
    const code = (error as { code?: unknown }).code;
    if (code === 'EADDRINUSE') {
      console.error(
        `Port ${config.port} is in use. Set PORT to a free port (and DATA_DIR for a second instance).`,
      );
    } else {
      console.error(error instanceof Error ? error.message : error);
    }
    process.exit(1);
  }
}

void main();
