import type { Kysely } from 'kysely';
import type { Database, NewUserRow, UserRow, UserUpdate } from '../db/schema';

/** A user row with its tier's limits. */
export interface UserWithTier extends UserRow {
  max_groups: number;
  max_members_per_group: number;
}

export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private withTier() {
    return this.db
      .selectFrom('users')
      .innerJoin('subscription_tiers', 'subscription_tiers.id', 'users.tier_id')
      .selectAll('users')
      .select(['subscription_tiers.max_groups', 'subscription_tiers.max_members_per_group']);
  }

  findByFirebaseUid(firebaseUid: string): Promise<UserWithTier | undefined> {
    return this.withTier().where('users.firebase_uid', '=', firebaseUid).executeTakeFirst();
  }

  findByUuid(uuid: string): Promise<UserWithTier | undefined> {
    return this.withTier().where('users.uuid', '=', uuid).executeTakeFirst();
  }

  findByEmail(emailLower: string): Promise<UserWithTier[]> {
    return this.withTier().where('users.email', '=', emailLower).execute();
  }

  async existsByFirebaseUid(firebaseUid: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('uuid')
      .where('firebase_uid', '=', firebaseUid)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The uuid of the user holding this username (case-insensitive), if any. */
  async findUuidByUsername(username: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select('uuid')
      .where('username_lower', '=', username.toLowerCase())
      .executeTakeFirst();
    return row?.uuid;
  }

  async insert(user: NewUserRow): Promise<void> {
    await this.db.insertInto('users').values(user).execute();
  }

  async update(uuid: string, changes: UserUpdate): Promise<void> {
    await this.db.updateTable('users').set(changes).where('uuid', '=', uuid).execute();
  }

  async setTier(uuid: string, tierId: string, now: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ tier_id: tierId, updated_at: now })
      .where('uuid', '=', uuid)
      .execute();
  }

  async delete(uuid: string): Promise<void> {
    await this.db.deleteFrom('users').where('uuid', '=', uuid).execute();
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    // PostgreSQL answers count() as a string (bigint).
    return Number(row.n);
  }

  listWithTier(): Promise<UserWithTier[]> {
    return this.withTier().orderBy('users.created_at').execute();
  }
}
