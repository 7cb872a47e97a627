/**
 * A plan among others (docs/product.md, "Training plans: calls"), on SQLite (and PostgreSQL in the
 * full tier, docs/testing.md "Engines"): a group member's shared plan and who may read it, the
 * export that holds the caller's plans, tests and workouts, and the account deletion that removes
 * them.
 */
import { type ExportDocument, MESSAGES, type MemberPlan } from '@pushup/shared';
import { describe, expect, it } from 'vitest';
import { expectError, groupsHarness } from './groups-helpers';
import { ruleEngines, serverForSuite } from './helpers';
import { plansHarness } from './plans-helpers';

describe.each(ruleEngines)('plans among others on %s', (engine) => {
  const server = serverForSuite(engine);
  const h = groupsHarness(server);
  const p = plansHarness(h);
  const memberPlan = (caller: Parameters<typeof h.call>[0], groupId: string, userId: string) =>
    h.call(caller, 'GET', `/api/groups/${groupId}/members/${userId}/plan`);

  it('shows a member’s plan to the members of a group both are in, only while they share it', async () => {
    const [owner, sharer, outsider] = await h.people(3);
    const group = await h.groupWith(owner, [sharer]);
    expect(h.body(await memberPlan(owner, group.id, sharer.uuid), 200)).toBeNull();

    await p.start(sharer, { level: 1 });
    expect(h.body(await memberPlan(owner, group.id, sharer.uuid), 200)).toBeNull();
    await p.act(sharer, { action: 'share', shared: true });
    const done = await p.doNext(sharer);
    const shown = h.body<MemberPlan>(await memberPlan(owner, group.id, sharer.uuid), 200);
    expect(shown).toEqual({
      planId: 'hundred',
      level: 1,
      status: 'active',
      position: 1,
      sessionCount: (await p.state(sharer)).plan?.sessionCount,
      lastWorkoutDay: done.workout.day,
    });
    // The member reads their own through the same path, and an admin is a member too.
    expect(h.body(await memberPlan(sharer, group.id, sharer.uuid), 200)).toEqual(shown);

    expectError(
      await memberPlan(outsider, group.id, sharer.uuid),
      403,
      'FORBIDDEN',
      MESSAGES.serverNotGroupMember,
    );
    expectError(
      await memberPlan(owner, group.id, outsider.uuid),
      404,
      'NOT_FOUND',
      MESSAGES.serverMemberNotFound,
    );
    expectError(
      await memberPlan(owner, '00000000-0000-4000-8000-000000000000', sharer.uuid),
      404,
      'NOT_FOUND',
      MESSAGES.serverGroupNotFound,
    );

    // Unshared, or abandoned: null again.
    await p.act(sharer, { action: 'share', shared: false });
    expect(h.body(await memberPlan(owner, group.id, sharer.uuid), 200)).toBeNull();
    await p.act(sharer, { action: 'share', shared: true });
    await p.act(sharer, { action: 'abandon' });
    expect(h.body(await memberPlan(owner, group.id, sharer.uuid), 200)).toBeNull();
  });

  it('stops showing a member’s plan once the reader leaves the group', async () => {
    const [owner, sharer] = await h.people(2);
    const group = await h.groupWith(owner, [sharer]);
    await p.start(sharer, { shared: true });
    expect(h.body<MemberPlan>(await memberPlan(owner, group.id, sharer.uuid), 200).status).toBe('active');
    expect((await h.call(sharer, 'DELETE', `/api/groups/${group.id}/members`)).statusCode).toBe(204);
    expectError(
      await memberPlan(sharer, group.id, owner.uuid),
      403,
      'FORBIDDEN',
      MESSAGES.serverNotGroupMember,
    );
    expectError(
      await memberPlan(owner, group.id, sharer.uuid),
      404,
      'NOT_FOUND',
      MESSAGES.serverMemberNotFound,
    );
  });

  it('exports the caller’s plans, tests and workouts', async () => {
    const [who] = await h.people(1);
    await p.start(who, { planId: 'daily', level: 1, daily: { total: 30, sets: 3 } });
    await p.start(who, { shared: true });
    const test = h.body<{ test: unknown }>(await p.takeTest(who, { count: 14 }), 201).test;
    const done = await p.doNext(who);
    const response = await h.call(who, 'GET', '/api/users/me/export');
    expect(response.statusCode, response.body).toBe(200);
    const doc = JSON.parse(response.body) as ExportDocument;
    expect(doc.plans.map((plan) => [plan.settings.planId, plan.progress.status, plan.shared])).toEqual([
      ['daily', 'abandoned', false],
      ['hundred', 'active', true],
    ]);
    expect(doc.placementTests).toEqual([test]);
    expect(doc.workouts).toEqual([
      {
        ...done.workout,
        planId: doc.plans[1]?.id,
        date: done.entry.date,
        outcome: done.outcome.kind,
        createdAt: expect.any(String),
      },
    ]);
    expect(doc.entries.map((e) => e.uuid)).toEqual([done.entry.uuid]);
  });

  it('removes the plans, tests and workouts with the account', async () => {
    const [owner, who] = await h.people(2);
    const group = await h.groupWith(owner, [who]);
    await p.start(who);
    await p.start(who, { shared: true });
    await p.takeTest(who, { count: 9 });
    await p.doNext(who);
    expect(await p.rowCounts(who.uuid)).toEqual({ plans: 2, tests: 1, workouts: 1, entries: 1 });
    expect((await h.call(who, 'DELETE', '/api/users/me')).statusCode).toBe(204);
    expect(await p.rowCounts(who.uuid)).toEqual({ plans: 0, tests: 0, workouts: 0, entries: 0 });
    expectError(await memberPlan(owner, group.id, who.uuid), 404, 'NOT_FOUND', MESSAGES.serverMemberNotFound);
  });
});
