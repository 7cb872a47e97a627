import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { E2E } from '../support/env';

/** The real server as `npm start` runs it (as in playwright.config.ts), on the bench's own ports. */
export interface RunningServer {
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

export async function startServer(): Promise<RunningServer> {
  if (await isHealthy()) {
    throw new Error(`something already answers on ${E2E.baseUrl}; stop it or set BENCH_WEB_PORT`);
  }
  // A fresh data directory every run, so the emulator's accounts and the database start empty.
  fs.rmSync(E2E.dataDir, { recursive: true, force: true });
  // Its own process group: stop() signals npm, tsx and the server together, as Playwright does.
  const child = spawn('npm', ['--prefix', E2E.repoRoot, 'start'], {
    env: { ...process.env, ...E2E.serverEnv },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const server = { stop: () => stopGroup(child) };
  try {
    await waitForHealth(child);
  } catch (error) {
    await server.stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output.join('')}`);
  }
  return server;
}

async function isHealthy(): Promise<boolean> {
  try {
    const response = await fetch(`${E2E.baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function waitForHealth(child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    if (await isHealthy()) return;
    await delay(250);
  }
  throw new Error(`the server did not answer ${E2E.baseUrl}/api/health within ${START_TIMEOUT_MS / 1000} s`);
}

/** SIGTERM lets the server stop its Auth Emulator; SIGKILL only if it lingers. */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const pid = child.pid;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalGroup(pid, 'SIGTERM');
  const forced = setTimeout(() => signalGroup(pid, 'SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(forced);
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
