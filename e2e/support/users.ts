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

/**
 * Creates an email/password account directly in the Auth Emulator (seeding through code), with its
 * email verified as its owner would (the server counts invites only for verified addresses).
 */
export async function createEmulatorAccount(email: string, password: string): Promise<void> {
  const { idToken } = await emulatorPost<{ idToken: string }>('accounts:signUp', {
    email,
    password,
    returnSecureToken: true,
  });
  await emulatorPost('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken });
  await emulatorPost('accounts:update', { oobCode: (await verificationMail(email)).oobCode });
}

/** The newest verification mail the emulator "sent" to this address (its outbox is a REST call). */
export async function verificationMail(email: string): Promise<{ oobCode: string; oobLink: string }> {
  const response = await fetch(`${E2E.authEmulatorUrl}/emulator/v1/projects/demo-pushup-tracker/oobCodes`);
  const { oobCodes } = (await response.json()) as {
    oobCodes: { email: string; oobCode: string; oobLink: string; requestType: string }[];
  };
  const mail = oobCodes.findLast(
    (code) => code.email.toLowerCase() === email.toLowerCase() && code.requestType === 'VERIFY_EMAIL',
  );
  if (!mail) throw new Error(`no verification mail for ${email}`);
  return mail;
}
