/**
 * One API process for the benchmark, started by bench/run.ts as a child: the real app on the
 * database named by its environment (DATA_DIR for SQLite; DATABASE_URL for PostgreSQL, the schema in
 * the URL's options), with bench tokens instead of Firebase. It reports its address over IPC and
 * serves until killed.
 */
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { createDb } from '../src/db/client';
import { BARE_ROUTE, BENCH_OPERATOR, benchIdentity, emailOf, uidOf } from './identity';

// 50 load clients from one address log far more than people do: the abuse limits would refuse them.
// The daily limit is raised, not removed, so its read of the day's total is still measured.
const config = loadConfig({
  ...process.env,
  INVITE_ONLY: 'true',
  LOG_LEVEL: 'silent',
  RATE_LIMITS: 'false',
  MAX_PUSHUPS_PER_DAY: '1000000',
  // The operator of the admin pages' calls (bench/run.ts).
  ADMIN_EMAILS: emailOf(uidOf(BENCH_OPERATOR)),
});
const db = createDb({
  databaseUrl: config.databaseUrl,
  sqlitePath: config.sqlitePath,
  poolSize: config.databasePoolSize,
});
const app = await buildApp({ config, db, identity: benchIdentity, webRoot: null, logger: false });
// The ceiling of every page: the app's own hooks and one JSON answer, but no identity and
// no database. Bench only: the real server has no such route.
app.get(BARE_ROUTE, async () => ({ ok: true }));
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ address });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
