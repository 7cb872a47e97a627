import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../src/config/paths';
import { runAdmin } from './admin-command';
import {
  bearer,
  confirmEmail,
  createTestServer,
  registeredAccount,
  ruleEngines,
  signUp,
  type TestAccount,
  type TestServer,
  tempDir,
  uniqueEmail,
} from './helpers';

const run = promisify(execFile);
const TSX = path.join(SERVER_ROOT, '..', '..', 'node_modules', '.bin', 'tsx');

/**
 * The command as `npm run admin` starts it, in a process of its own: its entry point passes the
 * arguments, prints, and exits with the code. Every other test runs the command in this process.
 */
describe('the admin command as a process', () => {
  it('prints its usage and exits 1 for an unknown command', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      LOG_LEVEL: 'silent',
      DATA_DIR: tempDir('admin-process'),
    };
    delete env.DATABASE_URL;
    const refused = await run(TSX, ['src/cli/admin.ts', 'bogus'], { cwd: SERVER_ROOT, env }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toContain('Unknown command: bogus');
    expect((refused as { stderr: string }).stderr).toContain('Usage: npm run admin -- <command>');
  }, 60_000);
});

describe.each(ruleEngines)('admin command on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    // The server stays open while the command writes: the same database, like a running instance.
    // The backup test logs one user's sets for as long as a backup runs: far beyond a day's 10,000.
    server = await createTestServer(engine, { maxPushupsPerDay: 1_000_000 });
  });
  afterAll(async () => {
    await server?.close();
  });

  const admin = (...args: string[]) => runAdmin(server.db.env, ...args);
  const adminWith = runAdmin;

  it('prints the usage and exits 1 on bad input', async () => {
    for (const args of [
      [],
      ['bogus'],
      ['invite'],
      ['invite', 'not-an-email'],
      ['backup'],
      ['restore', 'a.db', 'b.db'],
      ['tier', 'a@b.co', 'x', '2'],
      ['tier', 'a@b.co', '0', '2'],
      ['list', 'extra'],
    ]) {
      const result = await admin(...args);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stdout + result.stderr).toContain('Usage: npm run admin -- <command>');
    }
  });

  it('invites, sets the invite tier, lists and uninvites', async () => {
    const email = uniqueEmail('cli').toLowerCase();
    const invited = await admin('invite', email.toUpperCase());
    expect(invited).toMatchObject({ code: 0 });
    expect(invited.stdout).toContain(`Invited ${email}`);
    expect(await server.repos.invites.find(email)).toBeDefined();
    expect((await admin('invite', email)).stdout).toContain('already invited');

    const tier = await admin('tier', email, '2', '4');
    expect(tier.code).toBe(0);
    expect(tier.stdout).toContain('applies at sign-up');

    const list = await admin('list');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`${email.replace(/[.]/g, '\\.')}.*tier: 2 groups / 4 members`));

    const removed = await admin('uninvite', email);
    expect(removed.stdout).toContain(`Removed the invite of ${email}`);
    expect(await server.repos.invites.find(email)).toBeUndefined();
    expect((await admin('list')).stdout).not.toContain(email);
  });

  it('refuses a tier for an email with neither user nor invite', async () => {
    const result = await admin('tier', uniqueEmail('nobody'), '3', '3');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('No user and no invite');
  });

  it('lets an invited user in and changes the tier of the account that confirmed the email, never of an unconfirmed one (seen by the API)', async () => {
    const account = await signUp();
    const before = await server.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(account),
      payload: { username: `cli_${Date.now()}` },
    });
    expect(before.statusCode).toBe(403);

    expect((await admin('invite', account.email)).code).toBe(0);
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(account),
      payload: { username: `cli_${Date.now()}` },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().subscriptionTier).toEqual({ maxGroups: 5, maxMembersPerGroup: 10 });
    const { username, uuid } = created.json<{ username: string; uuid: string }>();
    const profileOf = async (who: TestAccount) =>
      (await server.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(who) })).json();

    // Signed up with the address unconfirmed (local mode lets the invite admit it): the command
    // leaves that account alone, since it may not be the address's owner; the invite keeps the tier.
    const pending = await admin('tier', account.email, '12', '40');
    expect(pending.code).toBe(0);
    expect(pending.stdout).toContain('invite, applies at sign-up, or once an account confirms the address');
    expect(pending.stdout).not.toContain(uuid);
    expect((await profileOf(account)).subscriptionTier).toEqual({ maxGroups: 5, maxMembersPerGroup: 10 });
    expect((await admin('list')).stdout).toContain(`${username}  (no confirmed email)`);
    // Named by its username, the account itself changes, confirmed or not: the operator chose it.
    const byName = await admin('tier', `@${username.toUpperCase()}`, '7', '20');
    expect(byName.code).toBe(0);
    expect(byName.stdout).toContain(`(user ${username}, uuid ${uuid})`);
    expect((await profileOf(account)).subscriptionTier).toEqual({ maxGroups: 7, maxMembersPerGroup: 20 });
    const nobody = await admin('tier', '@nobody_by_that_name', '7', '20');
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain('No user is named nobody_by_that_name');

    // Once the address is confirmed, the account holds it, with the tier its invite carried.
    const confirmed = await confirmEmail(account);
    expect((await profileOf(confirmed)).subscriptionTier).toEqual({ maxGroups: 12, maxMembersPerGroup: 40 });
    const tier = await admin('tier', account.email, '13', '41');
    expect(tier.code).toBe(0);
    // It names the account it changed: the email alone could be anyone's.
    expect(tier.stdout).toContain(`(user ${username}, uuid ${uuid})`);
    expect((await profileOf(confirmed)).subscriptionTier).toEqual({ maxGroups: 13, maxMembersPerGroup: 41 });
    expect((await admin('list')).stdout).toContain(`${username}  ${account.email.toLowerCase()}`);
  });
  /** Entry count, push-up sum, and users whose running total differs from their entries. */
  function stateOf(file: string): { entries: number; pushups: number; wrongTotals: number } {
    const copy = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      return copy
        .prepare(
          `select (select count(*) from pushups) as entries,
                  (select coalesce(sum(count), 0) from pushups) as pushups,
                  (select count(*) from user_totals t
                    where t.total != (select coalesce(sum(p.count), 0) from pushups p where p.user_uuid = t.user_uuid)) as wrongTotals`,
        )
        .get() as { entries: number; pushups: number; wrongTotals: number };
    } finally {
      copy.close();
    }
  }

  async function logEntry(account: TestAccount, count: number): Promise<void> {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/pushups',
      headers: bearer(account),
      payload: { count },
    });
    expect(response.statusCode).toBe(201);
  }

  it('backs up while entries are logged, and a restore brings back exactly that moment', async () => {
    const file = path.join(tempDir('backup-'), 'pushups-backup.db');
    if (engine === 'postgres') {
      const refused = await admin('backup', file);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('back it up with pg_dump');
      expect((await admin('restore', file)).stderr).toContain('restore it with pg_restore');
      return;
    }
    const { account } = await registeredAccount(server);
    for (let i = 1; i <= 20; i++) await logEntry(account, i);
    // The server keeps writing before, while and after the command runs.
    let backingUp = true;
    let written = 0;
    const writing = (async () => {
      while (backingUp) await logEntry(account, 100 + (written++ % 50));
    })();
    await expect.poll(() => written).toBeGreaterThan(10);
    const backup = await admin('backup', file);
    const writtenAtBackup = written;
    await expect.poll(() => written).toBeGreaterThan(writtenAtBackup + 2);
    backingUp = false;
    await writing;
    expect(backup).toMatchObject({ code: 0 });
    expect(backup.stdout).toContain(`to ${file}`);
    const atBackup = stateOf(file);
    expect(atBackup.wrongTotals).toBe(0);
    expect(atBackup.entries).toBeGreaterThanOrEqual(20);
    expect(atBackup.entries).toBeLessThan(
      stateOf(path.join(server.db.env.DATA_DIR as string, 'pushups.db')).entries,
    );

    // Restore into another data directory: a new database, then over one that has changed since.
    const elsewhere = { DATA_DIR: tempDir('restore-') };
    const restoredFile = path.join(elsewhere.DATA_DIR, 'pushups.db');
    const restored = await adminWith(elsewhere, 'restore', file);
    expect(restored).toMatchObject({ code: 0 });
    expect(restored.stdout).toContain(`Restored ${restoredFile}`);
    expect(stateOf(restoredFile)).toEqual(atBackup);
    const changed = new SQLite(restoredFile);
    changed.prepare('delete from pushups where count < 10').run();
    changed.close();
    expect(stateOf(restoredFile).entries).toBeLessThan(atBackup.entries);
    expect((await adminWith(elsewhere, 'restore', file)).code).toBe(0);
    expect(stateOf(restoredFile)).toEqual(atBackup);
  });

  it('refuses to overwrite a file or to restore what is not a backup of this app, and changes nothing', async () => {
    if (engine === 'postgres') return;
    const dir = tempDir('backup-refusals-');
    const taken = path.join(dir, 'taken.db');
    fs.writeFileSync(taken, 'keep me');
    const overwrite = await admin('backup', taken);
    expect(overwrite.code).toBe(1);
    expect(overwrite.stderr).toContain('already exists: name a new file');
    expect(fs.readFileSync(taken, 'utf8')).toBe('keep me');

    const live = path.join(server.db.env.DATA_DIR as string, 'pushups.db');
    const before = stateOf(live);
    const notSqlite = await admin('restore', taken);
    expect(notSqlite.code).toBe(1);
    expect(notSqlite.stderr).toContain('is not a SQLite database');
    const otherApp = path.join(dir, 'other.db');
    const other = new SQLite(otherApp);
    other.exec('create table notes (body text)');
    other.close();
    const foreign = await admin('restore', otherApp);
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toContain('is not a Pushup Tracker database');
    expect((await admin('restore', path.join(dir, 'missing.db'))).stderr).toContain('No backup at');
    expect(stateOf(live)).toEqual(before);
  });
});
