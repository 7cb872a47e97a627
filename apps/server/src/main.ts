import path from 'node:path';
import { buildApp } from './app';
import type { OperatorContext } from './auth/context';
import { freePort, type RunningAuthEmulator, startAuthEmulator } from './auth/emulator';
import { createFirebaseIdentity } from './auth/identity';
import { ConfigError, loadConfig } from './config/env';
import { createDb, type DbHandle } from './db/client';
import { migrateToLatest } from './db/migrate';
import { createRepositories } from './repositories';
import { AdminService } from './services/users/admin.service';

const operator: OperatorContext = { kind: 'operator' };

/** How long a shutdown waits for requests in flight before it cuts their connections. */
const SHUTDOWN_GRACE_MS = 10_000;
/** The last resort: exit even if the emulator's export or the database never finishes closing. */
const SHUTDOWN_LIMIT_MS = 45_000;

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

  // A running emulator (the tests' shared one) is used rather than starting one. Its accounts are then
  // its own business: this server neither imports nor exports them.
  const externalEmulator = config.externalAuthEmulator;

  let emulator: RunningAuthEmulator | undefined;
  let db: DbHandle | undefined;
  const cleanUp = async () => {
    await emulator?.stop();
    await db?.close();
  };

  try {
    db = createDb({
      databaseUrl: config.databaseUrl,
      sqlitePath: config.sqlitePath,
      poolSize: config.databasePoolSize,
    });
    const ownEmulator = config.mode === 'local' && !externalEmulator;
    // Not a well-known port: a page that scans for it finds an emulator that refuses browsers anyway.
    const emulatorPort = ownEmulator ? (config.authEmulatorPort ?? (await freePort())) : undefined;
    const emulatorStart =
      emulatorPort !== undefined
        ? startAuthEmulator({
            port: emulatorPort,
            projectId: config.firebaseProjectId,
            dataDir: config.dataDir,
            persist: true,
          })
        : undefined;
    if (emulatorStart) console.log(`Starting the Firebase Auth Emulator on port ${emulatorPort}...`);
    const [, started] = await Promise.all([migrateToLatest(db), emulatorStart]);
    emulator = started;

    const emulatorHost = emulator?.host ?? externalEmulator;
    const identity = createFirebaseIdentity({
      projectId: config.firebaseProjectId,
      ...(emulatorHost ? { emulatorHost } : {}),
    });
    const app = await buildApp({
      config,
      db,
      identity,
      ...(emulatorHost ? { authEmulatorHost: emulatorHost } : {}),
    });

    let stopping = false;
    // A request that arrived before the shutdown leaves its keep-alive connection open once
    // answered, and server.close() would wait for it (Fastify's keep-alive timeout is 72 s). While
    // stopping, every answer says `Connection: close`, so each connection ends with its last answer.
    app.addHook('onSend', async (_request, reply) => {
      if (stopping) reply.header('connection', 'close');
    });
    /**
     * SIGTERM or SIGINT: stop accepting connections (Fastify answers 503 to a request that still
     * comes in on an open one), let the requests in flight finish, then stop the emulator (which
     * exports its accounts) and close the database. A request still running after
     * SHUTDOWN_GRACE_MS loses its connection instead of holding the exit up. A second signal changes
     * nothing: one Ctrl-C or stop often arrives twice (the terminal's group and tsx's relay).
     */
    const shutdown = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      // Readiness answers 503 from now on, so a load balancer sends nothing new (docs/operations.md, "Health").
      app.health.beginShutdown();
      app.log.info({ signal }, 'shutting down');
      setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
      setTimeout(() => {
        console.error(`Shutdown did not finish within ${SHUTDOWN_LIMIT_MS / 1000} s; exiting anyway.`);
        process.exit(1);
      }, SHUTDOWN_LIMIT_MS).unref();
      let code = 0;
      try {
        await app.close();
      } catch (error) {
        app.log.error({ err: error }, 'closing the HTTP server failed');
        code = 1;
      }
      try {
        await cleanUp();
      } catch (error) {
        console.error(error instanceof Error ? error.message : error);
        code = 1;
      }
      process.exit(code);
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
    else if (externalEmulator)
      lines.push(
        `  auth emulator: http://${externalEmulator} (FIREBASE_AUTH_EMULATOR_HOST, already running)`,
      );
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
