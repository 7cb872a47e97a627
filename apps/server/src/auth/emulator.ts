import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';

export interface AuthEmulatorOptions {
  port: number;
  projectId: string;
  /** Holds the generated firebase.json, the emulator's debug log and (when persist) the accounts. */
  dataDir: string;
  /** Import accounts from `<dataDir>/auth` at start and export them there at exit. */
  persist: boolean;
  timeoutMs?: number;
}

export interface RunningAuthEmulator {
  /** host:port, the value of FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  url: string;
  /** Stops the emulator and waits for it to exit (so the export on exit completes). */
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);

/**
 * Runs beside the emulator with a pipe from the server on its stdin. The pipe closes however the
 * server ends, even by SIGKILL, and then the watchdog stops the emulator's process group: SIGINT
 * first so the accounts are still exported, SIGKILL if it lingers. Without it a killed server would
 * leave an orphaned emulator holding the port.
 */
const WATCHDOG_SOURCE = `
const group = -Number(process.argv[1]);
const signal = (name) => { try { process.kill(group, name); return true; } catch { return false; } };
process.stdin.on('data', () => {});
process.stdin.on('close', () => {
  signal('SIGINT');
  setTimeout(() => { signal('SIGKILL'); process.exit(0); }, 30000);
  setInterval(() => { if (!signal(0)) process.exit(0); }, 200);
});
`;

/**
 * Loaded into the emulator's process before firebase-tools (docs/security.md, "Local mode"). Its
 * files (the accounts' export, its debug log) are readable by their owner only. And no browser
 * reaches it directly: the emulator answers every Origin with CORS and trusts `Bearer owner`, so any
 * web page could read every account. A browser sends Origin on every such request; the server, the
 * admin SDK and the tests never do, and a mail link opened in a tab (a navigation) does not either.
 * The web app reaches the few endpoints it needs through the server (plugins/local-mode.ts).
 */
const GUARD_SOURCE = `
import http from 'node:http';
process.umask(0o077);
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, ...args) {
  const [request, response] = args;
  if (event === 'request' && request.headers.origin !== undefined) {
    response.writeHead(403, { 'content-type': 'application/json' });
    response.end('{"error":{"code":403,"message":"Browsers reach the Auth Emulator through the app only"}}');
    return true;
  }
  return emit.call(this, event, ...args);
};
`;

/**
 * Also loaded before firebase-tools: the emulator's HTTP layer (exegesis) compiles a JSON Schema
 * validator for every operation of its OpenAPI document before it answers at all, by default, which
 * is 13 of its 15 seconds to start here. Compiled on an operation's first request instead, the few
 * operations the app uses cost milliseconds each. An exegesis without the option leaves the start
 * as it was.
 */
function lazyValidatorsSource(): string {
  // firebase-tools' own dependency, found from its folder: the app does not depend on it.
  const fromFirebaseTools = createRequire(require.resolve('firebase-tools/package.json'));
  const exegesisExpress = fromFirebaseTools.resolve('exegesis-express');
  return `
import { createRequire } from 'node:module';
try {
  const options = createRequire(${JSON.stringify(exegesisExpress)})('exegesis/lib/options');
  const compileOptions = options.compileOptions;
  options.compileOptions = (given) => compileOptions({ lazyCompileValidationSchemas: true, ...given });
} catch {}
`;
}

/** Makes a folder and everything in it its owner's only (an export written before this rule). */
function keepPrivate(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) keepPrivate(child);
    else if (entry.isFile()) fs.chmodSync(child, 0o600);
  }
}

/** firebase-tools' CLI script, from node_modules (never a global install). */
function firebaseCliPath(): string {
  const pkgPath = require.resolve('firebase-tools/package.json');
  const pkg = JSON.parse(fs.readFileSync(pkgPath, 'utf8')) as { bin: Record<string, string> };
  const bin = pkg.bin.firebase;
  if (!bin) throw new Error('firebase-tools has no firebase binary');
  return path.resolve(path.dirname(pkgPath), bin);
}

/** A port the OS says is free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not find a free port'));
      });
    });
  });
}

export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts the Firebase Auth Emulator as a child process and resolves once it answers HTTP.
 * Hub and logging emulators get free ports so several instances can run side by side.
 */
export async function startAuthEmulator(options: AuthEmulatorOptions): Promise<RunningAuthEmulator> {
  const { port, projectId, dataDir, persist } = options;
  const timeoutMs = options.timeoutMs ?? 60_000;
  if (!(await isPortFree(port))) {
    throw new Error(
      `Port ${port} for the Auth Emulator is in use (another instance?). Set AUTH_EMULATOR_PORT to a free port.`,
    );
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const [hubPort, loggingPort] = [await freePort(), await freePort()];
  const configPath = path.join(dataDir, 'firebase.json');
  fs.writeFileSync(
    configPath,
    `${JSON.stringify(
      {
        emulators: {
          auth: { host: '127.0.0.1', port },
          hub: { host: '127.0.0.1', port: hubPort },
          logging: { host: '127.0.0.1', port: loggingPort },
          ui: { enabled: false },
          singleProjectMode: true,
        },
      },
      null,
      2,
    )}\n`,
  );

  const guard = `data:text/javascript,${encodeURIComponent(GUARD_SOURCE + lazyValidatorsSource())}`;
  const args = ['--import', guard, firebaseCliPath(), 'emulators:start', '--only', 'auth'];
  args.push('--project', projectId, '--config', configPath);
  if (persist) {
    const exportDir = path.join(dataDir, 'auth');
    // The export holds every password in plain text (the emulator's fake hash): owner only.
    keepPrivate(exportDir);
    // --import fails on a folder without an export, so only pass it once one exists.
    if (fs.existsSync(path.join(exportDir, 'firebase-export-metadata.json')))
      args.push('--import', exportDir);
    args.push('--export-on-exit', exportDir);
  }

  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: dataDir,
    // Own process group: a Ctrl-C in the terminal reaches only the server, which stops the
    // emulator exactly once (a second SIGINT makes firebase skip the export).
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NO_UPDATE_NOTIFIER: '1',
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      CI: 'true',
      FIREBASE_AUTH_EMULATOR_HOST: '',
      // firebase-tools finds "its" hub through a file named by project id in the temp dir, also for
      // the export on exit: with a shared temp dir, every instance of this project found the hub
      // started last, and one instance's accounts overwrote another's export. Each gets its own.
      TMPDIR: dataDir,
      TMP: dataDir,
      TEMP: dataDir,
    },
  });
  const watchdog = spawn(process.execPath, ['-e', WATCHDOG_SOURCE, String(child.pid)], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  watchdog.unref();
  (watchdog.stdin as unknown as { unref(): void }).unref();

  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });

  const stop = async () => {
    if (hasExited || child.pid === undefined) return;
    child.kill('SIGINT');
    const forced = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(forced);
    watchdog.kill();
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (!(await answers(`${url}/`))) {
    if (hasExited || Date.now() > deadline) {
      // Decided before stop(), which waits for the exit: a slow start stopped here is not 'exited'.
      const reason = hasExited ? 'exited' : `did not answer within ${Math.round(timeoutMs / 1000)} s`;
      await stop();
      throw new Error(`The Firebase Auth Emulator ${reason}. Its output:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { host: `127.0.0.1:${port}`, url, stop };
}
