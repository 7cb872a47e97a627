import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { isUniqueViolation } from '../db/client';
import { DEFAULT_TIER_ID } from '../db/migrations/0001_initial';
import type { Database, TierRow } from '../db/schema';

/** The row services read through this repository. */
export type { TierRow };

/** A tier with how many accounts have it. */
export interface TierWithUsers extends TierRow {
  users: number;
}

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

  /** Every tier with how many accounts have it, the default first, then by name. */
  async listWithUsers(): Promise<TierWithUsers[]> {
    const rows = await this.db
      .selectFrom('subscription_tiers')
      .selectAll()
      .select(
        sql<number | string>`(select count(*) from users where users.tier_id = subscription_tiers.id)`.as(
          'users',
        ),
      )
      .orderBy(sql`case when id = ${DEFAULT_TIER_ID} then 0 else 1 end`)
      .orderBy('name')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...row, users: Number(row.users) }));
  }

  async findWithUsers(id: string): Promise<TierWithUsers | undefined> {
    return (await this.listWithUsers()).find((tier) => tier.id === id);
  }

  /** The tier, its row locked for the rest of the transaction (a no-op update, as lockGroup). */
  async lock(id: string): Promise<TierRow | undefined> {
    await this.db
      .updateTable('subscription_tiers')
      .set((eb) => ({ name: eb.ref('name') }))
      .where('id', '=', id)
      .execute();
    return this.db.selectFrom('subscription_tiers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The tier named `name` in any case, but `exceptId`. */
  findByName(name: string, exceptId = ''): Promise<TierRow | undefined> {
    return this.db
      .selectFrom('subscription_tiers')
      .selectAll()
      .where(sql<string>`lower(name)`, '=', name.toLowerCase())
      .where('id', '<>', exceptId)
      .executeTakeFirst();
  }

  /** False when the name is taken (a unique violation: on PostgreSQL the transaction must end). */
  async insert(tier: TierRow): Promise<boolean> {
    try {
      await this.db.insertInto('subscription_tiers').values(tier).execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error, 'subscription_tiers', 'name')) return false;
      throw error;
    }
  }

  /** False when the new name is taken (as insert). */
  async update(
    id: string,
    changes: Partial<Pick<TierRow, 'name' | 'max_groups' | 'max_members_per_group'>>,
  ): Promise<boolean> {
    try {
      await this.db.updateTable('subscription_tiers').set(changes).where('id', '=', id).execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error, 'subscription_tiers', 'name')) return false;
      throw error;
    }
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
