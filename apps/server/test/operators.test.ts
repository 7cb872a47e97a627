import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OperatorContext } from '../src/auth/context';
import { ConfigError, loadConfig } from '../src/config/env';
import { createRepositories, type Repositories } from '../src/repositories';
import { AuditRepository } from '../src/repositories/audit.repository';
import { OperatorsService } from '../src/services/operators/operators.service';
import { createTestDatabase, ruleEngines, type TestDatabase, uniqueEmail } from './helpers';

const cli: OperatorContext = { kind: 'operator', actor: 'command line (ops)', source: 'cli' };

describe('ADMIN_EMAILS and AUDIT_RETENTION_DAYS settings', () => {
  it('reads ADMIN_EMAILS as lower-cased addresses and AUDIT_RETENTION_DAYS with a default of 365', () => {
    expect(loadConfig({})).toMatchObject({ adminEmails: [], auditRetentionDays: 365 });
    expect(
      loadConfig({ ADMIN_EMAILS: ' Ops@Example.com, second@example.org ,', AUDIT_RETENTION_DAYS: '30' }),
    ).toMatchObject({ adminEmails: ['ops@example.com', 'second@example.org'], auditRetentionDays: 30 });
  });

  it('refuses an ADMIN_EMAILS entry that is not an address and a retention outside 1 to 3650 days', () => {
    for (const env of [
      { ADMIN_EMAILS: 'ops@example.com,not-an-address' },
      { AUDIT_RETENTION_DAYS: '0' },
      { AUDIT_RETENTION_DAYS: '3651' },
      { AUDIT_RETENTION_DAYS: '1.5' },
    ]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
    }
  });
});

describe.each(ruleEngines)('operators on %s', (engine) => {
  let db: TestDatabase;
  let repos: Repositories;

  beforeAll(async () => {
    db = await createTestDatabase(engine);
    repos = createRepositories(db.handle);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await db?.drop();
  });

  const linesFor = async (target: string) =>
    (await repos.audit.since('0000')).filter((line) => line.target === target);

  it('makes an address in ADMIN_EMAILS an operator only once its account has confirmed it', async () => {
    const listed = uniqueEmail('listed').toLowerCase();
    const operators = new OperatorsService(repos, [listed.toUpperCase()]);
    expect(await operators.isOperator({ email: listed, emailVerified: true })).toBe(true);
    expect(await operators.isOperator({ email: listed.toUpperCase(), emailVerified: true })).toBe(true);
    // Anyone can sign up with any address: unconfirmed, it is nobody's yet.
    expect(await operators.isOperator({ email: listed, emailVerified: false })).toBe(false);
    expect(await operators.isOperator({ email: uniqueEmail('other'), emailVerified: true })).toBe(false);
    expect(await operators.isOperator({ email: null, emailVerified: true })).toBe(false);
  });

  it('grant-admin and revoke-admin change isOperator, each writing one audit line when it changes something', async () => {
    const email = uniqueEmail('granted').toLowerCase();
    const operators = new OperatorsService(repos, []);
    expect(await operators.isOperator({ email, emailVerified: true })).toBe(false);

    expect(await operators.grant(cli, email.toUpperCase())).toBe(true);
    expect(await operators.isOperator({ email, emailVerified: true })).toBe(true);
    expect(await operators.isOperator({ email, emailVerified: false })).toBe(false);
    // Granted already: nothing changes, nothing is recorded.
    expect(await operators.grant(cli, email)).toBe(false);
    expect(await operators.list(cli)).toContainEqual({ email, source: expect.stringMatching(/^granted /) });

    expect(await operators.revoke(cli, email)).toBe(true);
    expect(await operators.isOperator({ email, emailVerified: true })).toBe(false);
    expect(await operators.revoke(cli, email)).toBe(false);

    const lines = await linesFor(email);
    expect(lines.map((l) => [l.action, l.actor, l.source, l.detail])).toEqual([
      ['grant-admin', 'command line (ops)', 'cli', null],
      ['revoke-admin', 'command line (ops)', 'cli', null],
    ]);
  });

  it('revoke-admin leaves an address of ADMIN_EMAILS an operator: the setting decides', async () => {
    const email = uniqueEmail('setting').toLowerCase();
    const operators = new OperatorsService(repos, [email]);
    await operators.grant(cli, email);
    await operators.revoke(cli, email);
    expect(await operators.isOperator({ email, emailVerified: true })).toBe(true);
    expect(await operators.list(cli)).toContainEqual({ email, source: 'ADMIN_EMAILS' });
  });

  it('grants and revokes in the transaction of the audit line: no line, no change', async () => {
    const email = uniqueEmail('atomic').toLowerCase();
    const operators = new OperatorsService(repos, []);
    const failing = vi
      .spyOn(AuditRepository.prototype, 'append')
      .mockRejectedValueOnce(new Error('disk full'));
    await expect(operators.grant(cli, email)).rejects.toThrow('disk full');
    expect(await operators.isOperator({ email, emailVerified: true })).toBe(false);

    expect(await operators.grant(cli, email)).toBe(true);
    failing.mockRejectedValueOnce(new Error('disk full'));
    await expect(operators.revoke(cli, email)).rejects.toThrow('disk full');
    expect(await operators.isOperator({ email, emailVerified: true })).toBe(true);
    failing.mockRestore();
    expect((await linesFor(email)).map((l) => l.action)).toEqual(['grant-admin']);
  });
});
