import { afterAll, describe, expect, it, vi } from 'vitest';
import type { OperatorContext } from '../src/auth/context';
import { AuditRepository, ERASED_TARGET } from '../src/repositories/audit.repository';
import { AuditRetention } from '../src/services/operators/audit-retention';
import { auditTrail, pruneAuditTrail } from '../src/services/operators/audit-trail';
import { OperatorsService } from '../src/services/operators/operators.service';
import { AdminService } from '../src/services/users/admin.service';
import { bearer, registeredAccount, ruleEngines, serverForSuite, uniqueEmail } from './helpers';

const cli: OperatorContext = { kind: 'operator', actor: 'command line (ops)', source: 'cli' };
const DAY_MS = 86_400_000;

describe.each(ruleEngines)('audit trail on %s', (engine) => {
  const server = serverForSuite(engine);
  afterAll(() => {
    vi.restoreAllMocks();
  });

  const linesFor = async (target: string) =>
    (await server().repos.audit.since('0000')).filter((line) => line.target === target);
  const admin = () => new AdminService(server().repos);

  it('records invite, tier and uninvite with who, what, which target, when and from where', async () => {
    const email = uniqueEmail('audited').toLowerCase();
    const before = new Date().toISOString();
    expect(await admin().invite(cli, email.toUpperCase())).toBe(true);
    expect(await admin().setTier(cli, email, 3, 7)).toMatchObject({ target: 'invite' });
    expect(await admin().uninvite(cli, email)).toBe(true);
    const lines = await linesFor(email);
    expect(lines.map((l) => [l.action, l.actor, l.source, l.detail])).toEqual([
      ['invite', 'command line (ops)', 'cli', null],
      ['tier', 'command line (ops)', 'cli', '3 groups / 7 members'],
      ['uninvite', 'command line (ops)', 'cli', null],
    ]);
    for (const line of lines) expect(line.at >= before && line.at <= new Date().toISOString()).toBe(true);
    // The operator context without a name (the test helpers'): the command line.
    const other = uniqueEmail('unnamed').toLowerCase();
    await admin().invite({ kind: 'operator' }, other);
    expect((await linesFor(other))[0]).toMatchObject({ actor: 'command line', source: 'cli' });
  });

  it('records the tier of a user named by username, with the name as the target', async () => {
    const { profile } = await registeredAccount(server());
    expect(await admin().setTierOfUsername(cli, profile.username.toUpperCase(), 4, 9)).not.toBeNull();
    expect((await linesFor(`@${profile.username}`)).map((l) => [l.action, l.detail])).toEqual([
      ['tier', '4 groups / 9 members'],
    ]);
  });

  it('writes no line for an action refused or that changed nothing', async () => {
    const email = uniqueEmail('nothing').toLowerCase();
    const count = async () => (await server().repos.audit.since('0000')).length;
    const before = await count();
    expect(await admin().setTier(cli, email, 3, 3)).toBeNull();
    expect(await admin().setTierOfUsername(cli, 'nobody_by_that_name', 3, 3)).toBeNull();
    expect(await admin().uninvite(cli, email)).toBe(false);
    await admin().invite(cli, email);
    expect(await admin().invite(cli, email)).toBe(false);
    expect(await count()).toBe(before + 1);
  });

  it('writes each line in the transaction of its action: when the line fails, the action is undone', async () => {
    const email = uniqueEmail('atomic').toLowerCase();
    const append = vi.spyOn(AuditRepository.prototype, 'append');
    append.mockRejectedValueOnce(new Error('disk full'));
    await expect(admin().invite(cli, email)).rejects.toThrow('disk full');
    expect(await server().repos.invites.find(email)).toBeUndefined();

    await admin().invite(cli, email);
    append.mockRejectedValueOnce(new Error('disk full'));
    await expect(admin().setTier(cli, email, 8, 8)).rejects.toThrow('disk full');
    expect((await server().repos.invites.find(email))?.tier_id).toBeNull();

    append.mockRejectedValueOnce(new Error('disk full'));
    await expect(admin().uninvite(cli, email)).rejects.toThrow('disk full');
    expect(await server().repos.invites.find(email)).toBeDefined();
    append.mockRestore();
    expect((await linesFor(email)).map((l) => l.action)).toEqual(['invite']);
  });

  it("records an account's deletion without its email, username, uuid or uid, and erases them from earlier lines", async () => {
    const { account, profile } = await registeredAccount(server());
    const email = account.email.toLowerCase();
    await admin().setTierOfUsername(cli, profile.username, 6, 6);
    await new OperatorsService(server().repos, []).grant(cli, email);
    const before = new Date().toISOString();
    const append = vi
      .spyOn(AuditRepository.prototype, 'append')
      .mockRejectedValueOnce(new Error('disk full'));
    const failed = await server().app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: bearer(account),
    });
    expect(failed.statusCode).toBe(500);
    expect(await server().repos.users.findByUuid(profile.uuid)).toBeDefined();
    expect((await linesFor(email)).length).toBe(2); // its invite and its grant, named still
    append.mockRestore();

    const deleted = await server().app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: bearer(account),
    });
    expect(deleted.statusCode).toBe(204);
    const trail = await server().repos.audit.since('0000');
    const lines = trail.filter((l) => l.at >= before && l.action === 'account-deleted');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ actor: 'account owner', source: 'app', target: null, detail: null });
    // The operator's earlier lines stay, their target erased; the grant went with the account.
    expect(await linesFor(ERASED_TARGET)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'invite' }),
        expect.objectContaining({ action: 'tier', detail: '6 groups / 6 members' }),
        expect.objectContaining({ action: 'grant-admin' }),
      ]),
    );
    expect(await server().repos.operators.isGranted(email)).toBe(false);
    const text = JSON.stringify(trail).toLowerCase();
    for (const trace of [email, profile.username, profile.uuid, account.uid]) {
      expect(text).not.toContain(trace.toLowerCase());
    }
  });

  it('prunes only the lines older than the retention, at most once a day', async () => {
    const repos = server().repos;
    const now = Date.parse('2031-06-15T12:00:00.000Z');
    const line = (daysAgo: number, target: string) =>
      repos.audit.append({
        at: new Date(now - daysAgo * DAY_MS).toISOString(),
        actor: 'command line',
        source: 'cli',
        action: 'invite',
        target,
        detail: null,
      });
    await line(31, 'retention-old@example.com');
    await line(30.01, 'retention-just-older@example.com');
    await line(29.99, 'retention-just-younger@example.com');
    await line(1, 'retention-new@example.com');
    const retention = new AuditRetention(repos, 30, () => now);
    // The other tests' lines are from today, years before this clock: only this test's are counted.
    await retention.tick();
    const left = (await repos.audit.since('0000'))
      .map((l) => l.target)
      .filter((t) => t?.startsWith('retention-'));
    expect(left).toEqual(['retention-just-younger@example.com', 'retention-new@example.com']);

    // The next tick within a day does not prune; a prune a day later takes the line older by then.
    await line(40, 'retention-late@example.com');
    expect(await retention.tick()).toBe(0);
    expect(await pruneAuditTrail(repos, 30, now + DAY_MS)).toBe(2);
    const trail = await auditTrail(cli, repos, 2, now);
    expect(trail.map((l) => l.target)).toEqual(['retention-new@example.com']);
  });
});
