import type { Kysely } from 'kysely';
import type { Database, InviteRow } from '../db/schema';
import { countRows } from './count-rows';

export interface InviteWithTier extends InviteRow {
  max_groups: number | null;
  max_members_per_group: number | null;
}

export class InvitesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(emailLower: string): Promise<InviteRow | undefined> {
    return this.db
      .selectFrom('platform_invites')
      .selectAll()
      .where('email_lower', '=', emailLower)
      .executeTakeFirst();
  }

  /** Adds the invite; an existing one is left as it is (keeps its tier and date). */
  async add(emailLower: string, now: string): Promise<boolean> {
    const result = await this.db
      .insertInto('platform_invites')
      .values({ email_lower: emailLower, invited_at: now, tier_id: null })
      .onConflict((oc) => oc.column('email_lower').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async remove(emailLower: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('platform_invites')
      .where('email_lower', '=', emailLower)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async setTier(emailLower: string, tierId: string): Promise<void> {
    await this.db
      .updateTable('platform_invites')
      .set({ tier_id: tierId })
      .where('email_lower', '=', emailLower)
      .execute();
  }

  count(): Promise<number> {
    return countRows(this.db.selectFrom('platform_invites'));
  }

  listWithTier(): Promise<InviteWithTier[]> {
    return this.db
      .selectFrom('platform_invites')
      .leftJoin('subscription_tiers', 'subscription_tiers.id', 'platform_invites.tier_id')
      .selectAll('platform_invites')
      .select(['subscription_tiers.max_groups', 'subscription_tiers.max_members_per_group'])
      .orderBy('platform_invites.invited_at')
      .execute();
  }
}
