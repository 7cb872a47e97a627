/**
 * Invalid input to the group calls (docs/product.md, "Validation"), through the HTTP API, on SQLite
 * (and PostgreSQL in the full tier, docs/testing.md "Engines"): each answers 400 with the spec's
 * message and writes nothing.
 */
import { type Group, MESSAGES, type UserJoinRequest } from '@pushup/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, groupsHarness, type Person } from './groups-helpers';
import { ruleEngines, serverForSuite } from './helpers';

describe.each(ruleEngines)('group rules on %s', (engine) => {
  const server = serverForSuite(engine);
  const h = groupsHarness(server);
  const { call, body, person } = h;

  describe('invalid input answers 400 with the spec’s message and writes nothing', () => {
    let owner: Person;
    let g: Group;
    let asker: Person;
    let request: UserJoinRequest;
    beforeAll(async () => {
      owner = await person({ maxGroups: 10, maxMembersPerGroup: 10 });
      asker = await person();
      g = await h.createGroup(owner);
      request = await h.requestJoin(asker, g.id);
    });

    it.each([
      ['too short', { name: 'ab' }],
      ['too short once trimmed', { name: '  ab   ' }],
      ['too long', { name: 'x'.repeat(31) }],
      ['blank', { name: '     ' }],
      ['missing', {}],
      ['not a string', { name: 42 }],
    ])('a group name that is %s', async (_label, payload) => {
      const before = await h.groupsCreatedBy(owner);
      expectError(
        await call(owner, 'POST', '/api/groups', payload),
        400,
        'VALIDATION_ERROR',
        MESSAGES.groupNameInvalid,
      );
      expect(await h.groupsCreatedBy(owner)).toBe(before);
    });

    it('trims the group name (3 and 30 characters once trimmed are fine)', async () => {
      const spaced = body<Group>(
        await call(owner, 'POST', '/api/groups', { name: '   Morning Crew  ' }),
        201,
      );
      expect(spaced.name).toBe('Morning Crew');
      expect(await h.groupRow(spaced.id)).toMatchObject({
        name: 'Morning Crew',
        name_lower: 'morning crew',
      });
      const longest = `  ${'y'.repeat(30)}  `;
      expect(body<Group>(await call(owner, 'POST', '/api/groups', { name: longest }), 201).name).toBe(
        'y'.repeat(30),
      );
      expect(body<Group>(await call(owner, 'POST', '/api/groups', { name: ' abc ' }), 201).name).toBe('abc');
    });

    it.each([
      ['maxUses is 0', { maxUses: 0, expiresInDays: 30 }, MESSAGES.inviteMaxUsesInvalid],
      ['maxUses is 1.5', { maxUses: 1.5 }, MESSAGES.inviteMaxUsesInvalid],
      ['maxUses is 1001', { maxUses: 1001 }, MESSAGES.inviteMaxUsesInvalid],
      ['maxUses is a string', { maxUses: '3' }, MESSAGES.inviteMaxUsesInvalid],
      ['expiresInDays is 0', { maxUses: null, expiresInDays: 0 }, MESSAGES.inviteExpiryInvalid],
      ['expiresInDays is -1', { expiresInDays: -1 }, MESSAGES.inviteExpiryInvalid],
      ['expiresInDays is 366', { expiresInDays: 366 }, MESSAGES.inviteExpiryInvalid],
    ])('an invite whose %s', async (_label, payload, message) => {
      expectError(
        await call(owner, 'POST', `/api/groups/${g.id}/invites`, payload),
        400,
        'VALIDATION_ERROR',
        message,
      );
      expect(await h.inviteRows(g.id)).toEqual([]);
    });

    it.each([
      ['a string', { accept: 'yes' }],
      ['a number', { accept: 1 }],
      ['null', { accept: null }],
      ['missing', {}],
    ])('a decision whose accept is %s', async (_label, payload) => {
      expectError(
        await call(owner, 'POST', `/api/groups/requests/${request.requestId}`, payload),
        400,
        'VALIDATION_ERROR',
        'accept must be true or false',
      );
      expect(await h.requestRows(g.id)).toEqual([`${asker.uuid}:pending`]);
    });

    it.each([
      ['blank', '?q=%20%20%20', MESSAGES.groupSearchEmpty],
      ['empty', '?q=', MESSAGES.groupSearchEmpty],
      ['missing', '', MESSAGES.groupSearchEmpty],
      ['longer than 30 characters', `?q=${'z'.repeat(31)}`, MESSAGES.groupSearchTooLong],
    ])('a search whose q is %s', async (_label, query, message) => {
      expectError(await call(owner, 'GET', `/api/groups/search${query}`), 400, 'VALIDATION_ERROR', message);
    });
  });
});
