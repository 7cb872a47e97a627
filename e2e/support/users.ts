import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { emulatorPost } from './emulator';
import { E2E } from './env';

/** A fresh email for one test, so tests never depend on each other's accounts. */
export function uniqueEmail(prefix = 'athlete'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

export function uniqueUsername(prefix = 'user'): string {
  return `${prefix}_${randomBytes(3).toString('hex')}`;
}

/**
 * Runs the real admin command while the server runs (as an operator would): the file that
 * `npm run admin` runs, with tsx's loader in one Node process (npm and tsx's own launcher cost
 * another half second of CPU per call, and the suite invites about a hundred users).
 */
function admin(...args: string[]): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], {
    cwd: path.join(E2E.repoRoot, 'apps', 'server'),
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

/**
 * Stores a goal in the server's SQLite database as if it had been saved earlier: a deadline that has
 * since passed cannot be set through the API (docs/product.md, "Validation"), and the test cannot
 * wait for one to pass. Runs in the server workspace, whose dependency better-sqlite3 is (as support/groups.ts does).
 */
export function storeGoalInDatabase(email: string, goal: number, deadline: string): void {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(process.argv[1]);
    db.pragma('busy_timeout = 5000');
    const changed = db.prepare('update users set personal_goal = ?, goal_deadline = ? where lower(email) = lower(?)')
      .run(Number(process.argv[2]), process.argv[3], process.argv[4]).changes;
    db.close();
    if (changed !== 1) { console.error('no user ' + process.argv[4]); process.exit(1); }
  `;
  execFileSync(
    process.execPath,
    ['-e', script, path.join(E2E.dataDir, 'pushups.db'), String(goal), deadline, email],
    { cwd: path.join(E2E.repoRoot, 'apps', 'server'), stdio: 'pipe' },
  );
}
