import type { Kysely } from 'kysely';
import type { Database, InviteRow } from '../db/schema';
import { countRows } from './count-rows';

export interface InviteWithTier extends InviteRow {
  max_groups: number | null;
  max_members_per_group: number | null;
}

/** An invite with its tier and whether an account has confirmed its address (the admin page). */
export interface InviteForOperator extends InviteWithTier {
  /** 1 when a profile holds this address as its confirmed email, else 0. */
  confirmed: number;
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

  /** Every invite, newest first, with its tier and whether an account confirmed it (users_email_idx). */
  async listForOperator(): Promise<InviteForOperator[]> {
    const rows = await this.db
      .selectFrom('platform_invites')
      .leftJoin('subscription_tiers', 'subscription_tiers.id', 'platform_invites.tier_id')
      .selectAll('platform_invites')
      .select(['subscription_tiers.max_groups', 'subscription_tiers.max_members_per_group'])
      .select((eb) =>
        eb
          .case()
          .when(
            eb.exists(
              eb
                .selectFrom('users')
                .select('users.uuid')
                .whereRef('users.email', '=', 'platform_invites.email_lower'),
            ),
          )
          .then(1)
          .else(0)
          .end()
          .as('confirmed'),
      )
      .orderBy('platform_invites.invited_at', 'desc')
      .orderBy('platform_invites.email_lower')
      .execute();
    return rows.map((row) => ({ ...row, confirmed: Number(row.confirmed) }));
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
