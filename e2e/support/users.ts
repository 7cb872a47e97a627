import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { emulatorPost } from './emulator';
import { E2E } from './env';

/** A fresh email for one test, so tests never depend on each other's accounts. */
export function uniqueEmail(prefix = 'athlete'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

export function uniqueUsername(prefix = 'user'): string {
  return `${prefix}_${randomBytes(3).toString('hex')}`;
}

/** Runs the real admin command while the server runs (as an operator would). */
function admin(...args: string[]): void {
  execFileSync('npm', ['run', '--silent', 'admin', '--', ...args], {
    cwd: E2E.repoRoot,
    env: { ...process.env, ...E2E.serverEnv },
    stdio: 'pipe',
  });
}

export function invite(email: string): void {
  admin('invite', email);
}

/** Gives the user's account a subscription tier (max groups, max members per group). */
export function setTier(email: string, maxGroups: number, maxMembersPerGroup: number): void {
  admin('tier', email, String(maxGroups), String(maxMembersPerGroup));
}

/** Creates an email/password account directly in the Auth Emulator (seeding through code). */
export async function createEmulatorAccount(email: string, password: string): Promise<void> {
  await emulatorPost('accounts:signUp', { email, password, returnSecureToken: true });
}
