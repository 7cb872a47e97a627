import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, isPortFree } from '../src/auth/emulator';
import { SERVER_ROOT } from '../src/config/paths';
import { tempDir } from './helpers';

const TSX = path.join(SERVER_ROOT, '..', '..', 'node_modules', '.bin', 'tsx');

interface Instance {
  child: ChildProcess;
  port: number;
  authPort: number;
  dataDir: string;
  output: () => string;
  exited: Promise<number | null>;
}

async function startInstance(): Promise<Instance> {
  const [port, authPort] = [await freePort(), await freePort()];
  const dataDir = tempDir('instance');
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
  env.AUTH_EMULATOR_PORT = String(authPort);
  env.LOG_LEVEL = 'warn';
  env.INVITE_ONLY = 'true';
  delete env.DATABASE_URL;
  delete env.FIREBASE_AUTH_EMULATOR_HOST;
  const child = spawn(TSX, ['src/main.ts'], { cwd: SERVER_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, authPort, dataDir, output: () => output, exited };
}

async function waitForHealth(instance: Instance, timeoutMs = 110_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(`http://127.0.0.1:${instance.port}/api/health`);
    } catch {
      if (Date.now() > deadline || instance.child.exitCode !== null) {
        throw new Error(`instance on ${instance.port} did not start:\n${instance.output()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * The server's own process: tsx runs it in a child node process. A signal goes to it directly, as a
 * service manager or an OOM killer sends it. Sent to tsx instead, tsx relays it and kills the child
 * outright if the child has not reported the signal back within 30 ms, which a busy machine misses.
 */
function serverPids(instance: Instance): number[] {
  return execFileSync('pgrep', ['-P', String(instance.child.pid)])
    .toString()
    .trim()
    .split('\n')
    .map(Number);
}

/** A new email/password account in the emulator on `authPort`; answers its email. */
async function signUpAt(authPort: number): Promise<string> {
  const email = `main-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const response = await fetch(
    `http://127.0.0.1:${authPort}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret123', returnSecureToken: true }),
    },
  );
  expect(response.status).toBe(200);
  return email;
}

describe('npm start (main.ts)', () => {
  const instances: Instance[] = [];
  afterAll(async () => {
    for (const instance of instances) {
      if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
      fs.rmSync(instance.dataDir, { recursive: true, force: true });
    }
  });

  it('runs two local instances side by side and stops each cleanly, exporting its accounts', async () => {
    instances.push(await startInstance(), await startInstance());
    const emails = new Map<Instance, string>();
    for (const instance of instances) {
      const health = await waitForHealth(instance);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
      expect(instance.output()).toContain(`running at http://localhost:${instance.port}`);
      expect(instance.output()).toContain('To invite yourself: npm run admin -- invite you@example.com');
      emails.set(instance, await signUpAt(instance.authPort));
    }
    for (const instance of instances) for (const pid of serverPids(instance)) process.kill(pid, 'SIGTERM');
    for (const instance of instances) {
      expect(await instance.exited).toBe(0);
      expect(fs.existsSync(path.join(instance.dataDir, 'pushups.db'))).toBe(true);
      expect(fs.existsSync(path.join(instance.dataDir, 'auth', 'firebase-export-metadata.json'))).toBe(true);
      // Each instance exported its own emulator's accounts, not the other's.
      const accounts = JSON.parse(
        fs.readFileSync(path.join(instance.dataDir, 'auth', 'auth_export', 'accounts.json'), 'utf8'),
      ) as { users?: { email?: string }[] };
      expect((accounts.users ?? []).map((user) => user.email)).toEqual([emails.get(instance)]);
    }
  }, 180_000);

  it('releases the Auth Emulator when the server is killed outright (SIGKILL)', async () => {
    const instance = await startInstance();
    instances.push(instance);
    expect((await waitForHealth(instance)).status).toBe(200);
    expect(await isPortFree(instance.authPort)).toBe(false);

    for (const pid of serverPids(instance)) process.kill(pid, 'SIGKILL');
    instance.child.kill('SIGKILL');

    const deadline = Date.now() + 40_000;
    while (!(await isPortFree(instance.authPort)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await isPortFree(instance.authPort)).toBe(true);
  }, 180_000);
});
