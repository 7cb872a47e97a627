import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { E2E } from './env';

/** A fresh email for one test, so tests never depend on each other's accounts. */
export function uniqueEmail(prefix = 'athlete'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

export function uniqueUsername(prefix = 'user'): string {
  return `${prefix}_${randomBytes(3).toString('hex')}`;
}

/** Invites an email through the real admin command, while the server runs (as an operator would). */
export function invite(email: string): void {
  execFileSync('npm', ['run', '--silent', 'admin', '--', 'invite', email], {
    cwd: E2E.repoRoot,
    env: { ...process.env, ...E2E.serverEnv },
    stdio: 'pipe',
  });
}

/** Creates an email/password account directly in the Auth Emulator (seeding through code). */
export async function createEmulatorAccount(email: string, password: string): Promise<void> {
  const response = await fetch(
    `${E2E.authEmulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  if (!response.ok) throw new Error(`emulator signUp failed: ${response.status} ${await response.text()}`);
}
