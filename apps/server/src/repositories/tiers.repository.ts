import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DEFAULT_TIER_ID } from '../db/migrations/0001_initial';
import type { Database, TierRow } from '../db/schema';

export class TiersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  readonly defaultTierId = DEFAULT_TIER_ID;

  findByLimits(maxGroups: number, maxMembersPerGroup: number): Promise<TierRow | undefined> {
    return this.db
      .selectFrom('subscription_tiers')
      .selectAll()
      .where('max_groups', '=', maxGroups)
      .where('max_members_per_group', '=', maxMembersPerGroup)
      .orderBy('created_at')
      .executeTakeFirst();
  }

  /** The tier with these limits; created (named after them) when none exists yet. */
  async findOrCreate(maxGroups: number, maxMembersPerGroup: number, now: string): Promise<TierRow> {
    const existing = await this.findByLimits(maxGroups, maxMembersPerGroup);
    if (existing) return existing;
    const tier: TierRow = {
      id: randomUUID(),
      name: `groups-${maxGroups}-members-${maxMembersPerGroup}`,
      max_groups: maxGroups,
      max_members_per_group: maxMembersPerGroup,
      created_at: now,
    };
    await this.db.insertInto('subscription_tiers').values(tier).execute();
    return tier;
  }
}
