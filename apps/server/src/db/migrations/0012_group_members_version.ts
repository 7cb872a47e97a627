import { type Kysely, type Migration, SqliteAdapter, sql } from 'kysely';

/**
 * `groups.members_version` counts the changes of a group's member list as the group pages show it:
 * a member joins, leaves or changes role, or a member changes their username. An API process caches
 * each group's members with their usernames under the version it read them at and asks the database
 * only for the parts that change with every log (totals, revisions, achievements), with the version
 * in the same statement (reads/group-members.ts, decision 035): correct with any number of processes.
 *
 * Triggers keep it, in the transaction of the change, so no write of a membership or a username can
 * miss it, however it is made (the app, `migrate-to`, a restore).
 */
async function createTriggers(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`create trigger group_members_inserted after insert on group_members begin
      update groups set members_version = members_version + 1 where id = new.group_id;
    end`.execute(db);
    await sql`create trigger group_members_deleted after delete on group_members begin
      update groups set members_version = members_version + 1 where id = old.group_id;
    end`.execute(db);
    await sql`create trigger group_members_updated after update on group_members begin
      update groups set members_version = members_version + 1 where id in (old.group_id, new.group_id);
    end`.execute(db);
    await sql`create trigger users_renamed after update of username on users
      when old.username is not new.username begin
      update groups set members_version = members_version + 1
        where id in (select group_id from group_members where user_uuid = new.uuid);
    end`.execute(db);
    return;
  }
  // OLD is null on an insert and NEW on a delete.
  await sql`create function group_members_changed() returns trigger language plpgsql as $$
    begin
      update groups set members_version = members_version + 1 where id in (old.group_id, new.group_id);
      return null;
    end $$`.execute(db);
  await sql`create trigger group_members_changed after insert or update or delete on group_members
    for each row execute function group_members_changed()`.execute(db);
  await sql`create function user_renamed() returns trigger language plpgsql as $$
    begin
      update groups set members_version = members_version + 1
        where id in (select group_id from group_members where user_uuid = new.uuid);
      return null;
    end $$`.execute(db);
  await sql`create trigger users_renamed after update of username on users
    for each row when (old.username is distinct from new.username) execute function user_renamed()`.execute(
    db,
  );
}

async function dropTriggers(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const name of [
      'group_members_inserted',
      'group_members_deleted',
      'group_members_updated',
      'users_renamed',
    ]) {
      await sql`drop trigger ${sql.id(name)}`.execute(db);
    }
    return;
  }
  await sql`drop trigger users_renamed on users`.execute(db);
  await sql`drop trigger group_members_changed on group_members`.execute(db);
  await sql`drop function user_renamed()`.execute(db);
  await sql`drop function group_members_changed()`.execute(db);
}

export const groupMembersVersion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('groups')
      .addColumn('members_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await createTriggers(db);
  },

  async down(db: Kysely<unknown>) {
    await dropTriggers(db);
    await db.schema.alterTable('groups').dropColumn('members_version').execute();
  },
};
