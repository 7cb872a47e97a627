import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../src/config/paths';
import { bearer, createTestServer, engines, signUp, type TestServer, uniqueEmail } from './helpers';

const run = promisify(execFile);
const TSX = path.join(SERVER_ROOT, '..', '..', 'node_modules', '.bin', 'tsx');

describe.each(engines)('admin command on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    // The server stays open while the command writes: the same database, like a running instance.
    server = await createTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent' };
    // A SQLite run must not pick up a DATABASE_URL from the developer's shell.
    delete env.DATABASE_URL;
    Object.assign(env, server.db.env);
    try {
      const { stdout, stderr } = await run(TSX, ['src/cli/admin.ts', ...args], { cwd: SERVER_ROOT, env });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  }

  it('prints the usage and exits 1 on bad input', async () => {
    for (const args of [
      [],
      ['bogus'],
      ['invite'],
      ['invite', 'not-an-email'],
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

  it('lets an invited user in and changes a registered user’s tier (seen by the API)', async () => {
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

    const tier = await admin('tier', account.email, '12', '40');
    expect(tier.code).toBe(0);
    expect(tier.stdout).toContain('(user)');
    const profile = await server.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(account),
    });
    expect(profile.json().subscriptionTier).toEqual({ maxGroups: 12, maxMembersPerGroup: 40 });
    expect((await admin('list')).stdout).toContain(
      `${created.json().username}  ${account.email.toLowerCase()}`,
    );
  });
});
