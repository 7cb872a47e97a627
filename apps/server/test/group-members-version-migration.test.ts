/**
 * Migration 0012_group_members_version: every change of a group's member list as the group pages
 * show it (a member joins, leaves, changes role or username) raises the group's members_version, in
 * the same transaction, on both engines; nothing else does; and it goes back.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMigrator } from '../src/db/migrate';
import { createRepositories } from '../src/repositories';
import { createUnmigratedTestDatabase, engines, insertUserBefore } from './helpers';

const NOW = '2026-11-27T12:00:00.000Z';

describe.each(engines)('migration 0012_group_members_version on %s', (engine) => {
  it('raises a group’s version with each change of its members or their names, and goes back', async () => {
    const scratch = await createUnmigratedTestDatabase(engine);
    try {
      const { db } = scratch.handle;
      const migrator = await createMigrator(scratch.handle);
      expect((await migrator.migrateTo('0011_day_sums_in_their_key')).error).toBeUndefined();
      const [alice, bob, carol] = [
        await insertUserBefore(db, '0012', NOW),
        await insertUserBefore(db, '0012', NOW),
        await insertUserBefore(db, '0012', NOW),
      ] as [string, string, string];
      const group = (id: string) => ({
        id,
        name: `Group ${id.slice(0, 8)}`,
        name_lower: `group ${id.slice(0, 8)}`,
        description: null,
        created_by: alice,
        max_members: 10,
        member_count: 1,
        created_at: NOW,
        updated_at: NOW,
      });
      const [kept, other] = [randomUUID(), randomUUID()];
      await db
        .insertInto('groups')
        .values([group(kept), group(other)])
        .execute();
      await db
        .insertInto('group_members')
        .values({ group_id: kept, user_uuid: alice, role: 'admin', joined_at: NOW })
        .execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const versions = async () =>
        Object.fromEntries(
          (await db.selectFrom('groups').select(['id', 'members_version']).execute()).map((g) => [
            g.id === kept ? 'kept' : 'other',
            g.members_version,
          ]),
        );
      expect(await versions()).toEqual({ kept: 0, other: 0 });

      const repos = createRepositories(scratch.handle);
      await repos.memberships.insertMember(kept, bob, 'member', NOW);
      expect(await versions()).toEqual({ kept: 1, other: 0 });
      await repos.memberships.setRole(kept, bob, 'admin');
      expect((await versions()).kept).toBe(2);
      // A member's new username changes the lists of their groups only; other changes of the user
      // and a non-member's new name change none.
      await db
        .updateTable('users')
        .set({ username: 'bob_renamed', username_lower: 'bob_renamed' })
        .where('uuid', '=', bob)
        .execute();
      expect(await versions()).toEqual({ kept: 3, other: 0 });
      await db.updateTable('users').set({ personal_goal: 500 }).where('uuid', '=', bob).execute();
      await db
        .updateTable('users')
        .set({ username: 'carol_renamed', username_lower: 'carol_renamed' })
        .where('uuid', '=', carol)
        .execute();
      await db.updateTable('groups').set({ name: 'Renamed' }).where('id', '=', kept).execute();
      expect(await versions()).toEqual({ kept: 3, other: 0 });
      // A write that fails changes nothing: the version moves with its transaction.
      await expect(
        repos.transaction(async (trx) => {
          await trx.memberships.insertMember(other, carol, 'member', NOW);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await versions()).toEqual({ kept: 3, other: 0 });
      expect(await repos.memberships.deleteMember(kept, bob)).toBe('admin');
      expect((await versions()).kept).toBe(4);
      // A group deleted with its members.
      await repos.groups.deleteGroup(kept);
      expect(await versions()).toEqual({ other: 0 });

      expect((await migrator.migrateTo('0011_day_sums_in_their_key')).error).toBeUndefined();
      await db
        .insertInto('group_members')
        .values({ group_id: other, user_uuid: carol, role: 'admin', joined_at: NOW })
        .execute();
      await db
        .updateTable('users')
        .set({ username: 'carol_again', username_lower: 'carol_again' })
        .where('uuid', '=', carol)
        .execute();
      const columns = Object.keys(
        (await db.selectFrom('groups').selectAll().executeTakeFirstOrThrow()) as object,
      );
      expect(columns).not.toContain('members_version');
    } finally {
      await scratch.drop();
    }
  });
});
