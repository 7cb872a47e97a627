import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { callApi, idTokenFor } from './api';
import { emulatorPost } from './emulator';
import { E2E, E2E_OPERATOR } from './env';

/** The password of every account the tests make. */
export const PASSWORD = 'correct-horse-42';

/** A fresh email for one test, so tests never depend on each other's accounts. */
export function uniqueEmail(prefix = 'athlete'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

export function uniqueUsername(prefix = 'user'): string {
  return `${prefix}_${randomBytes(3).toString('hex')}`;
}

/**
 * Runs the real admin command while the server runs (as an operator would): the file that
 * `npm run admin` runs, with tsx's loader in one Node process.
 */
function admin(...args: string[]): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], {
    cwd: path.join(E2E.repoRoot, 'apps', 'server'),
    env: { ...process.env, ...E2E.serverEnv },
    stdio: 'pipe',
  });
}

/**
 * The ID token of the suite's operator (E2E_OPERATOR, in the server's ADMIN_EMAILS), who invites
 * everyone the tests sign up through the admin page's own call: an account made once per worker, its
 * token taken again after 50 minutes (they last an hour).
 */
let operator: { token: string; at: number } | undefined;
async function operatorToken(): Promise<string> {
  if (operator && Date.now() - operator.at < 50 * 60_000) return operator.token;
  const signIn = () =>
    emulatorPost<{ idToken: string }>('accounts:signInWithPassword', {
      email: E2E_OPERATOR.email,
      password: E2E_OPERATOR.password,
      returnSecureToken: true,
    });
  // A worker started again after a failed test finds the account made by the one before it. The
  // invite-only gate comes before the operators' check: the operator is invited first, by the command.
  const signedIn = await signIn().catch(async () => {
    admin('invite', E2E_OPERATOR.email);
    await createEmulatorAccount(E2E_OPERATOR.email, E2E_OPERATOR.password);
    return signIn();
  });
  operator = { token: signedIn.idToken, at: Date.now() };
  return operator.token;
}

/** Allows `email` to sign up, as an operator does on the admin page (POST /api/admin/invites). */
export async function invite(email: string): Promise<void> {
  const response = await fetch(`${E2E.baseUrl}/api/admin/invites`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await operatorToken()}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ emails: [email] }),
  });
  if (!response.ok)
    throw new Error(`inviting ${email} answered ${response.status}: ${await response.text()}`);
}

/**
 * Makes the account that confirmed `email` an operator, as the instance's owner would: the real
 * `npm run admin -- grant-admin` while the server runs (docs/decisions/038-operators-and-audit-trail.md).
 * The grant is read at each call, so the running server sees it at once.
 */
export function grantOperator(email: string): void {
  admin('grant-admin', email);
}

/** Gives the user's account a subscription tier (max groups, max members per group). */
export function setTier(email: string, maxGroups: number, maxMembersPerGroup: number): void {
  admin('tier', email, String(maxGroups), String(maxMembersPerGroup));
}

/**
 * Creates an email/password account directly in the Auth Emulator (seeding through code), with its
 * email verified, as its owner would by the mail's link (the server counts invites only for verified
 * addresses): marked so by the emulator's admin call, as firebase-admin's updateUser would. The mail
 * itself has its tests (sign-in.spec.ts, invite-flow.spec.ts, onboarding.spec.ts).
 */
export async function createEmulatorAccount(email: string, password: string): Promise<void> {
  const { localId } = await emulatorPost<{ localId: string }>('accounts:signUp', {
    email,
    password,
    returnSecureToken: true,
  });
  await emulatorPost('accounts:update', { localId, emailVerified: true }, { asAdmin: true });
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

export interface ApiUser {
  email: string;
  username: string;
  token: string;
}

/** An invited user with an account and a username (POST /api/users), who never opened the app. */
export async function registeredUser(prefix = 'member'): Promise<ApiUser> {
  const email = uniqueEmail(prefix);
  const username = uniqueUsername(prefix.slice(0, 8));
  await invite(email);
  await createEmulatorAccount(email, PASSWORD);
  const token = await tokenOf(email);
  await callApi(token, 'POST', '/api/users', { username, email });
  return { email, username, token };
}

/** The ID token of a user the tests made (with PASSWORD). */
export function tokenOf(email: string): Promise<string> {
  return idTokenFor(email, PASSWORD);
}
