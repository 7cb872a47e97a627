import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { isUniqueViolation } from '../db/client';
import type { Database, NewUserRow, UserRow, UserUpdate } from '../db/schema';
import { countRows } from './count-rows';
import { likeContains } from './like-pattern';
import { NEVER_LOGGED } from './never-logged';

export type { UserUpdate };

/** Which unique key of users a failed write ran into (a race the service's checks lost), if any. */
export function violatedUserKey(error: unknown): 'username' | 'firebaseUid' | null {
  if (isUniqueViolation(error, 'users', 'username_lower')) return 'username';
  if (isUniqueViolation(error, 'users', 'firebase_uid')) return 'firebaseUid';
  return null;
}

/** A progress picture's owner as the picture shows them, and the revision of their day sums. */
export type PictureOwner = Pick<
  UserRow,
  'username' | 'personal_goal' | 'rest_days_per_week' | 'language' | 'theme'
> & { revision: number };

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

/** A user as the operators' admin page lists them (docs/security.md, "Operators"). */
export interface UserForOperator {
  uuid: string;
  firebase_uid: string;
  username: string;
  email: string;
  created_at: string;
  disabled_at: string | null;
  max_groups: number;
  max_members_per_group: number;
  /** The last day with push-ups (user_days); null: none. */
  last_day: string | null;
  total_pushups: number;
  group_count: number;
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

  /**
   * The profile's uuid, stored email and disabled time for an identity-provider uid (the auth hook,
   * once a request: whether an operator disabled the account rides on this lookup).
   */
  findIdentityByFirebaseUid(
    firebaseUid: string,
  ): Promise<Pick<UserRow, 'uuid' | 'email' | 'disabled_at'> | undefined> {
    return this.db
      .selectFrom('users')
      .select(['uuid', 'email', 'disabled_at'])
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

  /**
   * What names a progress picture besides its day sums: the name, goal, rest days, language and theme,
   * and the day sums' revision (NEVER_LOGGED before the first entry), in one statement (undefined: no
   * profile; reads/progress-picture.ts).
   */
  async pictureOwnerOf(uuid: string): Promise<PictureOwner | undefined> {
    const row = await this.db
      .selectFrom('users')
      .leftJoin('user_totals', 'user_totals.user_uuid', 'users.uuid')
      .select([
        'users.username',
        'users.personal_goal',
        'users.rest_days_per_week',
        'users.language',
        'users.theme',
        'user_totals.revision',
      ])
      .where('users.uuid', '=', uuid)
      .executeTakeFirst();
    return row && { ...row, revision: row.revision ?? NEVER_LOGGED };
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

  /**
   * Disables the account's sign-in at `at`, or enables it (null). False when it already was so
   * (nothing changed).
   */
  async setDisabled(uuid: string, at: string | null): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ disabled_at: at })
      .where('uuid', '=', uuid)
      .where('disabled_at', at === null ? 'is not' : 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(uuid: string): Promise<void> {
    await this.db.deleteFrom('users').where('uuid', '=', uuid).execute();
  }

  count(): Promise<number> {
    return countRows(this.db.selectFrom('users'));
  }

  /**
   * The users whose username or confirmed email contains `text` (any case; empty: everybody), by
   * username, a page at a time, and how many match in all. Each row's figures are lookups of one
   * key (user_totals, user_days' last day, group_members by user), so a page costs its own rows.
   */
  async searchForOperator(
    text: string,
    offset: number,
    limit: number,
  ): Promise<{ rows: UserForOperator[]; total: number }> {
    const pattern = text === '' ? null : likeContains(text.toLowerCase());
    const matching = this.db
      .selectFrom('users')
      .$if(pattern !== null, (query) =>
        query.where((eb) =>
          eb.or([
            sql<boolean>`users.username_lower like ${pattern} escape '\\'`,
            sql<boolean>`users.email like ${pattern} escape '\\'`,
          ]),
        ),
      );
    const [rows, total] = await Promise.all([
      this.forOperator(matching).orderBy('users.username_lower').limit(limit).offset(offset).execute(),
      countRows(matching),
    ]);
    return { rows: rows.map(operatorRow), total };
  }

  /** One user as searchForOperator answers them; undefined: no such user. */
  async findForOperator(uuid: string): Promise<UserForOperator | undefined> {
    const row = await this.forOperator(
      this.db.selectFrom('users').where('users.uuid', '=', uuid),
    ).executeTakeFirst();
    return row ? operatorRow(row) : undefined;
  }

  private forOperator(users: SelectQueryBuilder<Database, 'users', object>) {
    return users
      .innerJoin('subscription_tiers', 'subscription_tiers.id', 'users.tier_id')
      .select([
        'users.uuid',
        'users.firebase_uid',
        'users.username',
        'users.email',
        'users.created_at',
        'users.disabled_at',
        'subscription_tiers.max_groups',
        'subscription_tiers.max_members_per_group',
      ])
      .select((eb) => [
        eb
          .selectFrom('user_totals')
          .select('user_totals.total')
          .whereRef('user_totals.user_uuid', '=', 'users.uuid')
          .as('total_pushups'),
        eb
          .selectFrom('user_days')
          .select((inner) => inner.fn.max('user_days.day').as('day'))
          .whereRef('user_days.user_uuid', '=', 'users.uuid')
          .as('last_day'),
        eb
          .selectFrom('group_members')
          .select(sql<number | string>`count(*)`.as('n'))
          .whereRef('group_members.user_uuid', '=', 'users.uuid')
          .as('group_count'),
      ]);
  }

  listWithTier(): Promise<UserWithTier[]> {
    return this.withTier().orderBy('users.created_at').execute();
  }
}

/** Counts come back as bigint strings from PostgreSQL; a user without entries has no total row. */
function operatorRow<
  R extends Omit<UserForOperator, 'total_pushups' | 'group_count' | 'last_day'> & {
    total_pushups: number | string | null;
    group_count: number | string | null;
    last_day: string | null;
  },
>(row: R): UserForOperator {
  return {
    uuid: row.uuid,
    firebase_uid: row.firebase_uid,
    username: row.username,
    email: row.email,
    created_at: row.created_at,
    disabled_at: row.disabled_at,
    max_groups: row.max_groups,
    max_members_per_group: row.max_members_per_group,
    last_day: row.last_day ?? null,
    total_pushups: Number(row.total_pushups ?? 0),
    group_count: Number(row.group_count ?? 0),
  };
}
