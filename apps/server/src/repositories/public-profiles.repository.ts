import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema';
import type { EngineSql } from './engines/engine-sql';
import { PreparedQuery } from './prepared-query';

type PublicProfileRow = Selectable<Database['public_profiles']>;

/** The choices of a public profile, as stored (each part 0 or 1). */
export type PublicProfileChoices = Omit<PublicProfileRow, 'user_uuid' | 'timezone' | 'updated_at'>;

/** A user found by name, with their public profile's row (null: never set, i.e. private). */
export interface PublicProfileOwner {
  uuid: string;
  username: string;
  /** What the profile's parts are computed from, for the cache of reads/public-profile.ts. */
  rest_days_per_week: number;
  /** The revision of the user's day sums (user_totals.revision, migration 0010); -1: never logged. */
  revision: number;
  /** How many achievements the user earned (they are never taken back). */
  earned: number;
  profile: (PublicProfileChoices & { timezone: string }) | null;
}

/**
 * ownerByUsername's statement, prepared once per engine (decision 029): the public profile's page
 * reads it on every call.
 */
const OWNER_BY_USERNAME = new PreparedQuery({ usernameLower: 'string' }, (db, { usernameLower }) =>
  db
    .selectFrom('users')
    .leftJoin('public_profiles', 'public_profiles.user_uuid', 'users.uuid')
    .leftJoin('user_totals', 'user_totals.user_uuid', 'users.uuid')
    .select((eb) => [
      'users.uuid',
      'users.username',
      'users.rest_days_per_week',
      'user_totals.revision',
      eb
        .selectFrom('achievements')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .whereRef('achievements.user_uuid', '=', 'users.uuid')
        .as('earned'),
      'public_profiles.enabled',
      'public_profiles.show_totals',
      'public_profiles.show_streak',
      'public_profiles.show_records',
      'public_profiles.show_heatmap',
      'public_profiles.show_achievements',
      'public_profiles.timezone',
    ])
    .where('users.username_lower', '=', usernameLower),
);

/** Public profiles (migration 0019): who shows what on /u/<username>. */
export class PublicProfilesRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: EngineSql,
  ) {}

  /** The user's row, if they ever saved it. */
  async of(userUuid: string): Promise<PublicProfileRow | undefined> {
    return this.db
      .selectFrom('public_profiles')
      .selectAll()
      .where('user_uuid', '=', userUuid)
      .executeTakeFirst();
  }

  /**
   * The user holding this username (case-insensitive) and their public profile's row, in one
   * statement through the username's key and the row's. Read afresh on every public read: nothing
   * caches whether a profile is public (docs/security.md, "Public profiles").
   */
  async ownerByUsername(username: string): Promise<PublicProfileOwner | undefined> {
    const [row] = await OWNER_BY_USERNAME.execute(this.db, this.engine, {
      usernameLower: username.toLowerCase(),
    });
    if (!row) return undefined;
    const { uuid, username: name, timezone, enabled } = row;
    const owner = {
      uuid,
      username: name,
      rest_days_per_week: row.rest_days_per_week,
      revision: row.revision ?? -1,
      // PostgreSQL's count is a bigint, which pg returns as text.
      earned: Number(row.earned ?? 0),
    };
    if (timezone === null || enabled === null) return { ...owner, profile: null };
    return {
      ...owner,
      profile: {
        enabled,
        show_totals: row.show_totals ?? 0,
        show_streak: row.show_streak ?? 0,
        show_records: row.show_records ?? 0,
        show_heatmap: row.show_heatmap ?? 0,
        show_achievements: row.show_achievements ?? 0,
        timezone,
      },
    };
  }

  /** Writes the user's choices and zone (a first save inserts the row). */
  async save(userUuid: string, choices: PublicProfileChoices, timezone: string, now: string): Promise<void> {
    const values = { ...choices, timezone, updated_at: now };
    await this.db
      .insertInto('public_profiles')
      .values({ user_uuid: userUuid, ...values })
      .onConflict((oc) => oc.column('user_uuid').doUpdateSet(values))
      .execute();
  }
}
