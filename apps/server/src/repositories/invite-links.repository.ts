import type { Kysely } from 'kysely';
import type { Database, InviteLinkRow } from '../db/schema';

/** The row services read through this repository. */
export type { InviteLinkRow };

/** An invite link with its creator's username. */
export interface InviteWithCreator extends InviteLinkRow {
  creator_username: string;
}

/** A group's invite links (platform invites by email are in invites.repository.ts). */
export class InviteLinksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertInvite(row: InviteLinkRow): Promise<void> {
    await this.db.insertInto('group_invites').values(row).execute();
  }

  private invitesWithCreator() {
    return this.db
      .selectFrom('group_invites')
      .innerJoin('users', 'users.uuid', 'group_invites.created_by')
      .selectAll('group_invites')
      .select('users.username as creator_username');
  }

  /** The group's links that are not revoked, newest first. */
  invitesOfGroup(groupId: string): Promise<InviteWithCreator[]> {
    return this.invitesWithCreator()
      .where('group_invites.group_id', '=', groupId)
      .where('group_invites.revoked_at', 'is', null)
      .orderBy('group_invites.created_at', 'desc')
      .execute();
  }

  findInvite(id: string): Promise<InviteWithCreator | undefined> {
    return this.invitesWithCreator().where('group_invites.id', '=', id).executeTakeFirst();
  }

  findInviteByCode(code: string): Promise<InviteLinkRow | undefined> {
    return this.db.selectFrom('group_invites').selectAll().where('code', '=', code).executeTakeFirst();
  }

  async revokeInvite(id: string, now: string): Promise<void> {
    await this.db.updateTable('group_invites').set({ revoked_at: now }).where('id', '=', id).execute();
  }

  /**
   * Counts one use of a live link in one statement (not revoked, not expired, uses left): of
   * concurrent accepts of a last use, one wins. false: the link cannot be used.
   */
  async useInvite(id: string, now: string): Promise<boolean> {
    const row = await this.db
      .updateTable('group_invites')
      .set((eb) => ({ uses: eb('uses', '+', 1) }))
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
      .returning('uses')
      .executeTakeFirst();
    return row !== undefined;
  }

  async deleteInvitesCreatedBy(userUuid: string): Promise<void> {
    await this.db.deleteFrom('group_invites').where('created_by', '=', userUuid).execute();
  }
}
