/**
 * The operators' calls on the instance (docs/product.md, "Calls"; decision 038): groups, tiers,
 * usage and the audit trail, over HTTP on SQLite and, with TEST_DATABASE_URL, PostgreSQL. Who may
 * call them is also in the authorization matrix (authorization/rows.ts); here: what each does, the
 * audit line of each change, the filters, the CSV, and the usage numbers of a seeded database.
 */
import { randomUUID } from 'node:crypto';
import {
  type AdminGroupsPage,
  type AuditPage,
  addDays,
  type InstanceUsage,
  MESSAGES,
  type ReminderSettings,
  type TierDetails,
} from '@pushup/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorContext } from '../src/auth/context';
import { OperatorsService } from '../src/services/operators/operators.service';
import { AdminService } from '../src/services/users/admin.service';
import {
  bearer,
  createTestServer,
  engines,
  registeredAccount,
  type TestAccount,
  type TestServer,
} from './helpers';
import {
  type PushService,
  type StubPushService,
  startPushService,
  startStubPushService,
} from './push-service';
import { body, call, manualClock, report } from './reminders-helpers';

const cli: OperatorContext = { kind: 'operator', actor: 'command line (test)', source: 'cli' };

describe.each(engines)('the operators’ instance calls on %s', (engine) => {
  let server: TestServer;
  let operator: TestAccount;
  let user: TestAccount;
  let userName: string;

  beforeAll(async () => {
    server = await createTestServer(engine);
    operator = (await registeredAccount(server)).account;
    await new OperatorsService(server.repos, []).grant(cli, operator.email);
    const registered = await registeredAccount(server);
    user = registered.account;
    userName = registered.profile.username;
    // Room for the groups these tests make.
    await new AdminService(server.repos).setTierOfUsername(cli, userName, 100, 10);
  });
  afterAll(async () => {
    await server?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    who: TestAccount | null = operator,
  ) =>
    server.app.inject({
      method,
      url,
      headers: who ? bearer(who) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const auditOf = async (query: string) => (await call('GET', `/api/admin/audit?${query}`)).json<AuditPage>();

  const createGroup = async (owner: TestAccount, name: string): Promise<string> => {
    const response = await call('POST', '/api/groups', { name }, owner);
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  };

  describe('who may call', () => {
    const reads = [
      '/api/admin/groups',
      `/api/admin/groups/${randomUUID()}/members`,
      '/api/admin/tiers',
      '/api/admin/usage',
      '/api/admin/audit',
      '/api/admin/audit/export',
    ];

    it('answers 401 signed out and 403 to a signed-in user who is not an operator, bad input or not', async () => {
      for (const url of reads) {
        expect((await call('GET', url, undefined, null)).statusCode, url).toBe(401);
        const refused = await call('GET', url, undefined, user);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json()).toEqual({ code: 'FORBIDDEN', message: MESSAGES.adminOperatorsOnly });
      }
      // Refused before the input is looked at: a non-operator learns nothing of what the calls take.
      for (const [method, url, payload] of [
        ['GET', '/api/admin/audit?action=nonsense', undefined],
        ['POST', '/api/admin/tiers', { name: '' }],
        ['PATCH', `/api/admin/tiers/${randomUUID()}`, {}],
        ['DELETE', `/api/admin/groups/${randomUUID()}`, { confirmName: 'x' }],
      ] as const) {
        const refused = await call(method, url, payload, user);
        expect(refused.statusCode, url).toBe(403);
      }
    });

    it('lets an operator by ADMIN_EMAILS in as well as one granted', async () => {
      const listed = await createTestServer(engine, { db: server.db, env: { ADMIN_EMAILS: user.email } });
      try {
        const response = await listed.app.inject({
          method: 'GET',
          url: '/api/admin/tiers',
          headers: bearer(user),
        });
        expect(response.statusCode).toBe(200);
      } finally {
        await listed.app.close();
      }
    });
  });

  describe('groups', () => {
    it('lists groups by name, a page at a time, with member count, creator and date', async () => {
      const tag = `g${randomUUID().slice(0, 6)}`;
      const ids = [];
      for (const name of [`${tag} Cedar`, `${tag} alder`, `${tag} Birch`])
        ids.push(await createGroup(user, name));
      const first = (
        await call('GET', `/api/admin/groups?q=${tag.toUpperCase()}&limit=2`)
      ).json<AdminGroupsPage>();
      expect(first.total).toBe(3);
      expect(first.nextOffset).toBe(2);
      expect(first.groups.map((g) => g.name)).toEqual([`${tag} alder`, `${tag} Birch`]);
      expect(first.groups[0]).toMatchObject({ memberCount: 1, maxMembers: 10, creator: userName });
      expect(Date.parse(first.groups[0]?.createdAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
      const second = (
        await call('GET', `/api/admin/groups?q=${tag}&limit=2&offset=2`)
      ).json<AdminGroupsPage>();
      expect(second).toMatchObject({ total: 3, nextOffset: null });
      expect(second.groups.map((g) => g.name)).toEqual([`${tag} Cedar`]);
      // No q: every group; a % in q is a character, not a wildcard.
      const all = (await call('GET', '/api/admin/groups?limit=100')).json<AdminGroupsPage>();
      expect(all.total).toBeGreaterThanOrEqual(3);
      expect((await call('GET', `/api/admin/groups?q=${tag}%25`)).json<AdminGroupsPage>().total).toBe(0);
      expect((await call('GET', '/api/admin/groups?limit=101')).statusCode).toBe(400);
    });

    it('lists a group’s members with their role; an unknown group is 404', async () => {
      const id = await createGroup(user, `m${randomUUID().slice(0, 6)}`);
      const members = await call('GET', `/api/admin/groups/${id}/members`);
      expect(members.statusCode).toBe(200);
      expect(members.json()).toEqual([expect.objectContaining({ username: userName, role: 'admin' })]);
      const unknown = await call('GET', `/api/admin/groups/${randomUUID()}/members`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ message: MESSAGES.serverGroupNotFound });
    });

    it('refuses a deletion whose typed name is not the group’s: nothing deleted, nothing recorded', async () => {
      const name = `Keep ${randomUUID().slice(0, 6)}`;
      const id = await createGroup(user, name);
      for (const confirmName of [name.toLowerCase(), `${name}x`, '']) {
        const refused = await call('DELETE', `/api/admin/groups/${id}`, { confirmName });
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({
          code: 'VALIDATION_ERROR',
          message: MESSAGES.adminGroupNameMismatch,
        });
      }
      expect((await call('GET', `/api/admin/groups/${id}/members`)).statusCode).toBe(200);
      expect((await auditOf(`action=group-deleted&target=${encodeURIComponent(name)}`)).total).toBe(0);
      expect(
        (await call('DELETE', `/api/admin/groups/${randomUUID()}`, { confirmName: name })).statusCode,
      ).toBe(404);
    });

    it('deletes a group when the name typed is its name, and records who, from where and what', async () => {
      const name = `Gone ${randomUUID().slice(0, 6)}`;
      const id = await createGroup(user, name);
      const deleted = await call('DELETE', `/api/admin/groups/${id}`, { confirmName: ` ${name} ` });
      expect(deleted.statusCode).toBe(204);
      expect((await call('GET', `/api/groups/public/${id}`, undefined, user)).statusCode).toBe(404);
      expect(await server.repos.memberships.members(id)).toEqual([]);
      const { lines } = await auditOf(`action=group-deleted&target=${encodeURIComponent(name)}`);
      expect(lines).toEqual([
        expect.objectContaining({
          actor: operator.email.toLowerCase(),
          source: '127.0.0.1',
          action: 'group-deleted',
          target: name,
          detail: `id ${id}, 1 members`,
        }),
      ]);
    });
  });

  describe('tiers', () => {
    const tiers = async () => (await call('GET', '/api/admin/tiers')).json<TierDetails[]>();

    it('lists the tiers, the default first, with their limits and accounts', async () => {
      const [first] = await tiers();
      expect(first).toMatchObject({ id: 'default', isDefault: true, maxGroups: 5, maxMembersPerGroup: 10 });
      expect(first?.users).toBeGreaterThanOrEqual(1);
    });

    it('creates a tier and records it; a name taken in any case is 409', async () => {
      const name = `Pro ${randomUUID().slice(0, 6)}`;
      const created = await call('POST', '/api/admin/tiers', {
        name: ` ${name} `,
        maxGroups: 12,
        maxMembersPerGroup: 40,
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        name,
        maxGroups: 12,
        maxMembersPerGroup: 40,
        users: 0,
        isDefault: false,
      });
      expect((await tiers()).map((t) => t.name)).toContain(name);
      const { lines } = await auditOf(`action=tier-created&target=${encodeURIComponent(name)}`);
      expect(lines).toEqual([
        expect.objectContaining({
          actor: operator.email.toLowerCase(),
          target: name,
          detail: '12 groups / 40 members',
        }),
      ]);
      const again = await call('POST', '/api/admin/tiers', {
        name: name.toUpperCase(),
        maxGroups: 1,
        maxMembersPerGroup: 1,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ code: 'CONFLICT', message: MESSAGES.tierNameTaken });
      expect((await auditOf(`action=tier-created&target=${encodeURIComponent(name)}`)).total).toBe(1);
    });

    it('refuses bad limits and names with their own messages', async () => {
      const good = { name: `ok ${randomUUID().slice(0, 6)}`, maxGroups: 1, maxMembersPerGroup: 1 };
      const cases: [Record<string, unknown>, string][] = [
        [{ ...good, maxGroups: 0 }, MESSAGES.tierMaxGroupsInvalid],
        [{ ...good, maxGroups: 100_001 }, MESSAGES.tierMaxGroupsInvalid],
        [{ ...good, maxGroups: 1.5 }, MESSAGES.tierMaxGroupsInvalid],
        [{ ...good, maxGroups: '3' }, MESSAGES.tierMaxGroupsInvalid],
        [{ ...good, maxMembersPerGroup: -1 }, MESSAGES.tierMaxMembersInvalid],
        [{ ...good, maxMembersPerGroup: undefined }, MESSAGES.tierMaxMembersInvalid],
        [{ ...good, name: '   ' }, MESSAGES.tierNameInvalid],
        [{ ...good, name: 'x'.repeat(41) }, MESSAGES.tierNameInvalid],
        [{ ...good, name: 'two\nlines' }, MESSAGES.tierNameInvalid],
      ];
      for (const [payload, message] of cases) {
        const refused = await call('POST', '/api/admin/tiers', payload);
        expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
        expect(refused.json().message, JSON.stringify(payload)).toContain(message);
      }
      expect((await tiers()).map((t) => t.name)).not.toContain(good.name);
    });

    it('edits a tier: its accounts get the new limits, the change is recorded; no change, no line', async () => {
      const name = `Team ${randomUUID().slice(0, 6)}`;
      const { id } = (
        await call('POST', '/api/admin/tiers', { name, maxGroups: 7, maxMembersPerGroup: 21 })
      ).json<TierDetails>();
      // The command line's tier of these limits is this tier.
      const someone = await registeredAccount(server);
      await new AdminService(server.repos).setTierOfUsername(cli, someone.profile.username, 7, 21);
      const quota = async () =>
        (await call('GET', '/api/groups/quota', undefined, someone.account)).json<{ maxGroups: number }>();
      expect((await quota()).maxGroups).toBe(7);

      const edited = await call('PATCH', `/api/admin/tiers/${id}`, { name: `${name}+`, maxGroups: 9 });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({
        id,
        name: `${name}+`,
        maxGroups: 9,
        maxMembersPerGroup: 21,
        users: 1,
      });
      expect((await quota()).maxGroups).toBe(9);
      const { lines } = await auditOf(`action=tier-edited&target=${encodeURIComponent(name)}`);
      expect(lines).toEqual([
        expect.objectContaining({
          target: `${name}+`,
          detail: `name ${name} → ${name}+, 7 groups / 21 members → 9 groups / 21 members`,
        }),
      ]);

      expect((await call('PATCH', `/api/admin/tiers/${id}`, { maxGroups: 9 })).statusCode).toBe(200);
      expect((await auditOf(`action=tier-edited&target=${encodeURIComponent(name)}`)).total).toBe(1);

      const empty = await call('PATCH', `/api/admin/tiers/${id}`, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toContain(MESSAGES.settingsEmpty);
      const bad = await call('PATCH', `/api/admin/tiers/${id}`, { maxMembersPerGroup: 0 });
      expect(bad.json().message).toContain(MESSAGES.tierMaxMembersInvalid);
      const taken = await call('PATCH', `/api/admin/tiers/${id}`, { name: 'DEFAULT' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(MESSAGES.tierNameTaken);
      const unknown = await call('PATCH', `/api/admin/tiers/${randomUUID()}`, { maxGroups: 2 });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(MESSAGES.tierNotFound);
    });
  });

  describe('the audit trail', () => {
    const actor = `auditor-${randomUUID().slice(0, 6)}@example.com`;
    const line = (at: string, action: string, target: string | null, detail: string | null = null) =>
      server.repos.audit.append({ at, actor, source: '10.0.0.1', action, target, detail });

    beforeAll(async () => {
      await line('2026-01-01T10:00:00.000Z', 'invite', 'alice@example.com');
      await line('2026-01-02T23:59:59.999Z', 'tier', '@bob', '3 groups / 4 members');
      await line('2026-01-03T00:00:00.000Z', 'invite', '=cmd|calc', null);
      await line('2026-01-04T08:00:00.000Z', 'uninvite', 'alice@example.com');
    });

    const ours = `actor=${encodeURIComponent(actor.toUpperCase().slice(0, 14))}`;

    it('lists the lines newest first, a page at a time, with their total', async () => {
      const first = await auditOf(`${ours}&limit=3`);
      expect(first.total).toBe(4);
      expect(first.nextOffset).toBe(3);
      expect(first.lines.map((l) => l.at.slice(0, 10))).toEqual(['2026-01-04', '2026-01-03', '2026-01-02']);
      expect(first.lines[0]).toMatchObject({ actor, source: '10.0.0.1', action: 'uninvite' });
      const second = await auditOf(`${ours}&limit=3&offset=3`);
      expect(second).toMatchObject({ total: 4, nextOffset: null });
      expect(second.lines.map((l) => l.target)).toEqual(['alice@example.com']);
    });

    it('filters by action, actor, target text and days (both inclusive, UTC)', async () => {
      const targets = async (query: string) => (await auditOf(`${ours}&${query}`)).lines.map((l) => l.target);
      expect(await targets('action=invite')).toEqual(['=cmd|calc', 'alice@example.com']);
      expect(await targets('target=ALICE')).toEqual(['alice@example.com', 'alice@example.com']);
      expect(await targets('target=%25')).toEqual([]);
      expect(await targets('from=2026-01-02&to=2026-01-03')).toEqual(['=cmd|calc', '@bob']);
      expect(await targets('to=2026-01-01')).toEqual(['alice@example.com']);
      expect(await targets('from=2026-01-04')).toEqual(['alice@example.com']);
      expect(await targets('action=invite&target=alice&from=2026-01-01&to=2026-01-01')).toEqual([
        'alice@example.com',
      ]);
      expect((await auditOf('actor=nobody-has-this-actor')).total).toBe(0);
    });

    it('refuses an unknown action, a bad day and from after to', async () => {
      for (const [query, message] of [
        ['action=drop', MESSAGES.auditActionInvalid],
        ['from=2026-13-01', MESSAGES.dayInvalid],
        ['from=2026-01-05&to=2026-01-04', MESSAGES.dayRangeReversed],
        [`actor=${'x'.repeat(201)}`, MESSAGES.auditFilterTooLong],
      ]) {
        const refused = await call('GET', `/api/admin/audit?${query}`);
        expect(refused.statusCode, query).toBe(400);
        expect(refused.json().message, query).toContain(message);
      }
    });

    it('exports the same filter as CSV, oldest first, a formula neutralised', async () => {
      const response = await call('GET', `/api/admin/audit/export?${ours}&from=2026-01-02`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="audit-trail.csv"');
      expect(response.body).toBe(
        [
          'at,actor,source,action,target,detail',
          `2026-01-02T23:59:59.999Z,${actor},10.0.0.1,tier,'@bob,3 groups / 4 members`,
          `2026-01-03T00:00:00.000Z,${actor},10.0.0.1,invite,'=cmd|calc,`,
          `2026-01-04T08:00:00.000Z,${actor},10.0.0.1,uninvite,alice@example.com,`,
          '',
        ].join('\r\n'),
      );
    });
  });
});

describe.each(engines)('the usage numbers on %s', (engine) => {
  let server: TestServer;
  let operator: TestAccount;
  const now = Date.now();
  const hoursAgo = (hours: number) => new Date(now - hours * 3_600_000).toISOString();

  beforeAll(async () => {
    server = await createTestServer(engine);
    const ops = await registeredAccount(server);
    operator = ops.account;
    await new OperatorsService(server.repos, []).grant(cli, operator.email);
    const uuids = [ops.profile.uuid];
    for (let i = 0; i < 3; i++) uuids.push((await registeredAccount(server)).profile.uuid);
    const [a, b, c, d] = uuids as [string, string, string, string];
    const entry = (user: string, date: string, count: number) => ({
      uuid: randomUUID(),
      user_uuid: user,
      count,
      date,
      day: date.slice(0, 10),
      created_at: date,
      updated_at: date,
    });
    await server.db.handle.db
      .insertInto('pushups')
      .values([
        entry(b, hoursAgo(2), 10),
        entry(b, hoursAgo(3), 5),
        entry(c, hoursAgo(24 * 3), 20),
        entry(d, hoursAgo(24 * 20), 30),
        entry(d, hoursAgo(24 * 40), 40),
        entry(a, hoursAgo(24 * 100), 50),
      ])
      .execute();
    const device = (user: string) => ({
      id: randomUUID(),
      user_uuid: user,
      endpoint: `https://push.example.com/${randomUUID()}`,
      p256dh: 'k',
      auth: 'a',
      created_at: hoursAgo(1),
    });
    await server.db.handle.db
      .insertInto('reminder_devices')
      .values([device(b), device(c)])
      .execute();
    await server.db.handle.db
      .insertInto('reminder_sends')
      .values([
        { user_uuid: b, day: hoursAgo(1).slice(0, 10), sent_at: hoursAgo(1), failed_pushes: 2 },
        { user_uuid: c, day: hoursAgo(5).slice(0, 10), sent_at: hoursAgo(5), failed_pushes: 0 },
        { user_uuid: d, day: hoursAgo(30).slice(0, 10), sent_at: hoursAgo(30), failed_pushes: 5 },
      ])
      .execute();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('counts accounts, the active ones, entries per day, reminders, devices and the database’s size', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/admin/usage',
      headers: bearer(operator),
    });
    expect(response.statusCode).toBe(200);
    const usage = response.json<InstanceUsage>();
    expect(usage.users).toEqual({ total: 4, active1d: 1, active7d: 2, active30d: 3 });
    expect(usage.reminders).toEqual({ sentLastDay: 2, failedLastDay: 2 });
    expect(usage.devices).toBe(2);
    expect(usage.databaseBytes).toBeGreaterThan(10_000);

    const today = new Date().toISOString().slice(0, 10);
    expect(usage.entriesPerDay).toHaveLength(90);
    expect(usage.entriesPerDay[89]?.day).toBe(today);
    expect(usage.entriesPerDay[0]?.day).toBe(addDays(today, -89));
    const expected = new Map<string, { entries: number; pushups: number }>();
    for (const [hours, count] of [
      [2, 10],
      [3, 5],
      [72, 20],
      [480, 30],
      [960, 40],
    ] as const) {
      const day = hoursAgo(hours).slice(0, 10);
      const sum = expected.get(day) ?? { entries: 0, pushups: 0 };
      expected.set(day, { entries: sum.entries + 1, pushups: sum.pushups + count });
    }
    for (const { day, entries, pushups } of usage.entriesPerDay) {
      expect({ day, entries, pushups }).toEqual({
        day,
        ...(expected.get(day) ?? { entries: 0, pushups: 0 }),
      });
    }
    expect(usage.entriesPerDay.reduce((sum, d) => sum + d.entries, 0)).toBe(5);
  });
});

describe.each(engines)('reminder pushes that failed, in the usage numbers on %s', (engine) => {
  // Tuesday 10 June 2025, 10:00 UTC (12:00 in Berlin).
  const clock = manualClock('2025-06-10T10:00:00Z');
  let server: TestServer;
  let push: PushService;
  let stub: StubPushService;

  beforeAll(async () => {
    [server, push, stub] = await Promise.all([
      createTestServer(engine, { clock: clock.now }),
      startPushService(),
      startStubPushService(),
    ]);
  });
  afterAll(async () => {
    await stub?.close();
    await server?.close();
    await push?.close();
  });

  it('keeps how many pushes of a sent reminder failed, so any process’s usage numbers count them', async () => {
    const { account } = await registeredAccount(server);
    await new OperatorsService(server.repos, []).grant(cli, account.email);
    const settings = body<ReminderSettings>(
      await call(server, account, 'PUT', '/api/reminders', { enabled: true, time: '18:00', weekdays: [2] }),
      200,
    );
    // Real keys of a browser, at an endpoint whose push service answers 500, and one that takes it.
    const taken = await push.subscribe(settings.vapidPublicKey as string);
    for (const endpoint of [`${stub.url}/500/a`, `${stub.url}/500/b`, taken.endpoint]) {
      body(
        await call(server, account, 'POST', '/api/reminders/devices', { endpoint, keys: taken.keys }),
        201,
      );
    }
    clock.set('2025-06-10T16:00:30Z');
    expect(await server.app.reminderScheduler.tick()).toEqual(
      report({ due: 1, sent: 1, pushes: { delivered: 1, failed: 2 } }),
    );
    // The usage numbers look at the last 24 hours of the real clock: the send is moved into them.
    await server.db.handle.db
      .updateTable('reminder_sends')
      .set({ sent_at: new Date().toISOString() })
      .execute();
    const usage = body<InstanceUsage>(await call(server, account, 'GET', '/api/admin/usage'), 200);
    expect(usage.reminders).toEqual({ sentLastDay: 1, failedLastDay: 2 });
    expect(usage.devices).toBe(3);
  });
});
