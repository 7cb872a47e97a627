import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../src/repositories';
import { OperatorsService } from '../src/services/operators/operators.service';
import { runAdmin } from './admin-command';
import { createTestDatabase, ruleEngines, type TestDatabase, uniqueEmail } from './helpers';

describe.each(ruleEngines)('operators and the audit trail on the command line on %s', (engine) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await db?.drop();
  });

  const admin = (...args: string[]) => runAdmin(db.env, ...args);

  const lines = () => createRepositories(db.handle).audit.since('0000');

  it('grants and revokes an operator, records both with the OS user, and refuses a bad address without a line', async () => {
    const email = uniqueEmail('cli-op').toLowerCase();
    const refused = await admin('grant-admin', 'not-an-email');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Not an email address');
    expect(await lines()).toEqual([]);

    const granted = await admin('grant-admin', email);
    expect(granted).toMatchObject({ code: 0 });
    expect(granted.stdout).toContain(`${email} is an operator once its account has confirmed the address`);
    const operators = new OperatorsService(createRepositories(db.handle), []);
    expect(await operators.isOperator({ email, emailVerified: true })).toBe(true);
    expect((await admin('list')).stdout).toMatch(
      new RegExp(`Operators \\(1\\):\\n  ${email.replace(/[.]/g, '\\.')}  granted `),
    );

    expect((await admin('revoke-admin', email)).stdout).toContain(`${email} is no longer granted`);
    expect(await operators.isOperator({ email, emailVerified: true })).toBe(false);

    const actor = `command line (${os.userInfo().username})`;
    expect((await lines()).map((l) => [l.actor, l.source, l.action, l.target])).toEqual([
      [actor, 'cli', 'grant-admin', email],
      [actor, 'cli', 'revoke-admin', email],
    ]);
  });

  it('prints the trail of the last days, and as CSV with its fields quoted', async () => {
    const odd = 'a,"b"@example.com';
    // The command line takes only plain addresses; a later caller might not: the CSV must hold any.
    const repos = createRepositories(db.handle);
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
    const line = { actor: 'command line', source: 'cli', action: 'invite', detail: null };
    await repos.audit.append({ ...line, at: at(40), target: 'old@example.com' });
    await repos.audit.append({ ...line, at: at(0), target: odd });
    const printed = await admin('audit');
    expect(printed.code).toBe(0);
    expect(printed.stdout).toMatch(/^Audit trail, last 30 days \(3\):/);
    expect(printed.stdout).toContain('grant-admin');
    expect(printed.stdout).not.toContain('old@example.com');
    expect((await admin('audit', '--days', '60')).stdout).toContain('old@example.com');

    const csv = await admin('audit', '--csv');
    expect(csv.code).toBe(0);
    const rows = csv.stdout.split('\r\n');
    expect(rows[0]).toBe('at,actor,source,action,target,detail');
    expect(rows).toHaveLength(5); // header, three lines, and the last line's end
    expect(csv.stdout).toContain(',"a,""b""@example.com",');

    const bad = await admin('audit', '--days', '0');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--days must be a whole number');
  });
});
