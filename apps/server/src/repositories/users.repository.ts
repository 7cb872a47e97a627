import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../db/client';
import type { Database, NewUserRow, UserRow, UserUpdate } from '../db/schema';
import { countRows } from './count-rows';

export type { UserUpdate };

/** Which unique key of users a failed write ran into (a race the service's checks lost), if any. */
export function violatedUserKey(error: unknown): 'username' | 'firebaseUid' | null {
  if (isUniqueViolation(error, 'users', 'username_lower')) return 'username';
  if (isUniqueViolation(error, 'users', 'firebase_uid')) return 'firebaseUid';
  return null;
}

/** The columns of a profile that streaks and achievements depend on. */
export const USER_HABITS_COLUMNS = ['uuid', 'personal_goal', 'goal_deadline', 'rest_days_per_week'] as const;

/** What streaks and achievements depend on in a profile. */
export type UserHabits = Pick<UserRow, (typeof USER_HABITS_COLUMNS)[number]>;

/**
 * The user's row locked until commit (a no-op update, which also takes SQLite's write lock),
 * answering what earning needs of the profile. A log on PostgreSQL takes the same row lock inside
 * its own statement, without writing the row (engines/postgres.ts).
 */
export function lockWithHabitsQuery(db: Kysely<Database>, firebaseUid: string) {
  return db
    .updateTable('users')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('firebase_uid', '=', firebaseUid)
    .returning(USER_HABITS_COLUMNS);
}

/** What the settings answer holds of a profile (docs/product.md, "Language and theme"). */
export type UserPreferences = Pick<UserRow, 'uuid' | 'rest_days_per_week' | 'language' | 'theme'>;

/** A user row with its tier's limits. */
export interface UserWithTier extends UserRow {
  max_groups: number;
  max_members_per_group: number;
}

/** A new user's row: no goal yet, both timestamps `now`. */
export function newUserRow(user: {
  uuid: string;
  firebaseUid: string;
  username: string;
  email: string;
  photoUrl?: string | null;
  tierId: string;
  now: string;
}): NewUserRow {
  return {
    uuid: user.uuid,
    firebase_uid: user.firebaseUid,
    username: user.username,
    username_lower: user.username.toLowerCase(),
    email: user.email,
    photo_url: user.photoUrl ?? null,
    personal_goal: null,
    goal_deadline: null,
    goal_description: null,
    tier_id: user.tierId,
    rest_days_per_week: 0,
    // Not chosen yet: the app follows the browser's language and the device's theme.
    language: null,
    theme: null,
    created_at: user.now,
    updated_at: user.now,
  };
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

  /**
   * The users whose confirmed email this is. `users.email` holds only an address the identity
   * provider confirmed ('' until one is), so no one is found by an address they merely typed.
   */
  async findByEmail(emailLower: string): Promise<UserWithTier[]> {
    if (emailLower === '') return [];
    return this.withTier().where('users.email', '=', emailLower).execute();
  }

  /** The profile's uuid and stored email for an identity-provider uid (the auth hook, once a request). */
  findIdentityByFirebaseUid(firebaseUid: string): Promise<Pick<UserRow, 'uuid' | 'email'> | undefined> {
    return this.db
      .selectFrom('users')
      .select(['uuid', 'email'])
      .where('firebase_uid', '=', firebaseUid)
      .executeTakeFirst();
  }

  /**
   * Inside a transaction: locks the user's row until commit and returns its uuid (undefined when
   * there is no profile). Every write to a user's push-up data starts here, so one user's writes
   * (and the account's deletion) run one after another on PostgreSQL and never deadlock; on SQLite
   * it makes the transaction's first statement a write. The no-op touches a column that is neither
   * a key nor indexed: no foreign-key scan on SQLite, a HOT update on PostgreSQL.
   */
  async lockByFirebaseUid(firebaseUid: string): Promise<string | undefined> {
    const row = await this.db
      .updateTable('users')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('firebase_uid', '=', firebaseUid)
      .returning('uuid')
      .executeTakeFirst();
    return row?.uuid;
  }

  /**
   * lockByFirebaseUid for a write that may earn achievements: the same no-op update, also answering
   * what earning needs of the profile (goal, rest days), at no extra statement.
   */
  lockWithHabits(firebaseUid: string): Promise<UserHabits | undefined> {
    return lockWithHabitsQuery(this.db, firebaseUid).executeTakeFirst();
  }

  /** What a user's streaks and achievements depend on in their profile (undefined: no profile). */
  habitsOf(uuid: string): Promise<UserHabits | undefined> {
    return this.db
      .selectFrom('users')
      .select(USER_HABITS_COLUMNS)
      .where('uuid', '=', uuid)
      .executeTakeFirst();
  }

  /** The settings a profile holds: rest days, language and theme (undefined: no profile). */
  preferencesOf(uuid: string): Promise<UserPreferences | undefined> {
    return this.db
      .selectFrom('users')
      .select(['uuid', 'rest_days_per_week', 'language', 'theme'])
      .where('uuid', '=', uuid)
      .executeTakeFirst();
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

  count(): Promise<number> {
    return countRows(this.db.selectFrom('users'));
  }

  listWithTier(): Promise<UserWithTier[]> {
    return this.withTier().orderBy('users.created_at').execute();
  }
}
