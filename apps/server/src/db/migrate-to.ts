import fs from 'node:fs';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { createDb, type DbHandle } from './client';
import { migrateToLatest } from './migrate';
import { DEFAULT_TIER_ID } from './migrations/0001_initial';
import { RANK_BUCKET_COUNT, recountRankBuckets } from './rank-buckets';
import type { Database } from './schema';

/**
 * `npm run admin -- migrate-to <DATABASE_URL>`: copies the embedded SQLite database into an empty
 * PostgreSQL database, checked by counts and sums before the copy commits.
 *
 * Values copy unchanged: the schema uses only `text` and `integer` columns on both engines
 * (timestamps are ISO-8601 text, days `YYYY-MM-DD` text, no booleans, no JSON type (a plan's JSON is
 * text), no blobs), and the
 * repositories read them the same way on both. Each value is still checked against its column's
 * kind, so a value SQLite's loose typing let in is named instead of being copied as something else.
 * No column has a sequence or identity; any that a later migration adds is set past the copied rows.
 */

/** The copy was refused or failed its checks; nothing was written to the target. */
export class MigrateToError extends Error {}

export type TableName = keyof Database;
type Kind = 'text' | 'integer';
type Value = string | number | null;
type Row = Record<string, Value>;

interface TableSpec<T extends TableName> {
  /** The primary key: the source is read in pages along it. */
  key: readonly (keyof Database[T] & string)[];
  /** Every column (the type requires all of schema.ts's), with its kind in the migrations. */
  columns: { [C in keyof Database[T]]-?: Kind };
  /** How the report names one row and several. */
  label: readonly [string, string];
}

/** A table's spec as the copy loop uses it. */
interface LooseSpec {
  key: readonly string[];
  columns: Record<string, Kind>;
  label: readonly [string, string];
}

/** Every table of schema.ts (the type requires each one). Checked at run time against the migrated source. */
const TABLES: { [T in TableName]: TableSpec<T> } = {
  subscription_tiers: {
    key: ['id'],
    columns: {
      id: 'text',
      name: 'text',
      max_groups: 'integer',
      max_members_per_group: 'integer',
      created_at: 'text',
    },
    label: ['tier', 'tiers'],
  },
  users: {
    key: ['uuid'],
    columns: {
      uuid: 'text',
      firebase_uid: 'text',
      username: 'text',
      username_lower: 'text',
      email: 'text',
      photo_url: 'text',
      personal_goal: 'integer',
      goal_deadline: 'text',
      goal_description: 'text',
      tier_id: 'text',
      rest_days_per_week: 'integer',
      language: 'text',
      theme: 'text',
      created_at: 'text',
      updated_at: 'text',
      disabled_at: 'text',
    },
    label: ['user', 'users'],
  },
  platform_invites: {
    key: ['email_lower'],
    columns: { email_lower: 'text', invited_at: 'text', tier_id: 'text' },
    label: ['platform invite', 'platform invites'],
  },
  pushups: {
    key: ['uuid'],
    columns: {
      uuid: 'text',
      user_uuid: 'text',
      count: 'integer',
      date: 'text',
      day: 'text',
      created_at: 'text',
      updated_at: 'text',
    },
    label: ['push-up entry', 'push-up entries'],
  },
  user_totals: {
    key: ['user_uuid'],
    columns: {
      user_uuid: 'text',
      total: 'integer',
      updated_at: 'text',
      hidden: 'integer',
      revision: 'integer',
    },
    label: ['running total', 'running totals'],
  },
  user_days: {
    key: ['user_uuid', 'day'],
    columns: { user_uuid: 'text', day: 'text', total: 'integer' },
    label: ['day total', 'day totals'],
  },
  achievements: {
    key: ['user_uuid', 'achievement_id'],
    columns: { user_uuid: 'text', achievement_id: 'text', earned_at: 'text', seen_at: 'text' },
    label: ['achievement', 'achievements'],
  },
  rank_buckets: {
    key: ['bucket'],
    columns: { bucket: 'integer', users: 'integer' },
    label: ['rank band', 'rank bands'],
  },
  leaderboard_privacy: {
    key: ['id'],
    columns: { id: 'integer', version: 'integer' },
    label: ['leaderboard privacy version', 'leaderboard privacy versions'],
  },
  groups: {
    key: ['id'],
    columns: {
      id: 'text',
      name: 'text',
      name_lower: 'text',
      description: 'text',
      created_by: 'text',
      max_members: 'integer',
      member_count: 'integer',
      created_at: 'text',
      updated_at: 'text',
    },
    label: ['group', 'groups'],
  },
  group_members: {
    key: ['group_id', 'user_uuid'],
    columns: { group_id: 'text', user_uuid: 'text', role: 'text', joined_at: 'text' },
    label: ['group membership', 'group memberships'],
  },
  group_join_requests: {
    key: ['id'],
    columns: {
      id: 'text',
      group_id: 'text',
      user_uuid: 'text',
      status: 'text',
      created_at: 'text',
      updated_at: 'text',
    },
    label: ['join request', 'join requests'],
  },
  group_invites: {
    key: ['id'],
    columns: {
      id: 'text',
      group_id: 'text',
      code: 'text',
      created_by: 'text',
      max_uses: 'integer',
      uses: 'integer',
      expires_at: 'text',
      revoked_at: 'text',
      created_at: 'text',
    },
    label: ['group invite link', 'group invite links'],
  },
  reminders: {
    key: ['user_uuid'],
    columns: {
      user_uuid: 'text',
      enabled: 'integer',
      time: 'text',
      weekdays: 'text',
      time_zone: 'text',
      next_due_at: 'text',
      created_at: 'text',
      updated_at: 'text',
    },
    label: ['reminder', 'reminders'],
  },
  reminder_devices: {
    key: ['id'],
    columns: {
      id: 'text',
      user_uuid: 'text',
      endpoint: 'text',
      p256dh: 'text',
      auth: 'text',
      created_at: 'text',
    },
    label: ['reminder device', 'reminder devices'],
  },
  reminder_sends: {
    key: ['user_uuid', 'day'],
    columns: { user_uuid: 'text', day: 'text', sent_at: 'text', failed_pushes: 'integer' },
    label: ['reminder sent', 'reminders sent'],
  },
  plans: {
    key: ['id'],
    columns: {
      id: 'text',
      user_uuid: 'text',
      status: 'text',
      settings: 'text',
      progress: 'text',
      shared: 'integer',
      created_at: 'text',
      updated_at: 'text',
    },
    label: ['training plan', 'training plans'],
  },
  placement_tests: {
    key: ['id'],
    columns: { id: 'text', user_uuid: 'text', count: 'integer', day: 'text', taken_at: 'text' },
    label: ['placement test', 'placement tests'],
  },
  workouts: {
    key: ['id'],
    columns: {
      id: 'text',
      user_uuid: 'text',
      plan_id: 'text',
      session: 'integer',
      day: 'text',
      date: 'text',
      sets: 'text',
      targets: 'text',
      total: 'integer',
      outcome: 'text',
      created_at: 'text',
    },
    label: ['workout', 'workouts'],
  },
  group_activity: {
    key: ['group_id'],
    columns: { group_id: 'text', members_may_create_challenges: 'integer', feed_seq: 'integer' },
    label: ['group activity', 'group activities'],
  },
  challenges: {
    key: ['id'],
    columns: {
      id: 'text',
      group_id: 'text',
      created_by: 'text',
      name: 'text',
      kind: 'text',
      target: 'integer',
      min_per_day: 'integer',
      start_day: 'text',
      end_day: 'text',
      starts_at: 'text',
      ends_at: 'text',
      start_pushed: 'integer',
      fixed_at: 'text',
      end_pushed: 'integer',
      created_at: 'text',
    },
    label: ['challenge', 'challenges'],
  },
  challenge_participants: {
    key: ['challenge_id', 'user_uuid'],
    columns: { challenge_id: 'text', user_uuid: 'text', time_zone: 'text', joined_at: 'text' },
    label: ['challenge participant', 'challenge participants'],
  },
  challenge_results: {
    key: ['challenge_id', 'place'],
    columns: {
      challenge_id: 'text',
      place: 'integer',
      user_uuid: 'text',
      total: 'integer',
      rank: 'integer',
      reached: 'integer',
    },
    label: ['challenge result', 'challenge results'],
  },
  cheers: {
    key: ['giver_uuid', 'receiver_uuid', 'day'],
    columns: { giver_uuid: 'text', receiver_uuid: 'text', day: 'text', at: 'text' },
    label: ['cheer', 'cheers'],
  },
  cheer_settings: {
    key: ['user_uuid'],
    columns: { user_uuid: 'text', push: 'integer' },
    label: ['cheer setting', 'cheer settings'],
  },
  group_feed: {
    key: ['group_id', 'seq'],
    columns: {
      group_id: 'text',
      seq: 'integer',
      kind: 'text',
      user_uuid: 'text',
      line_key: 'text',
      day: 'text',
      achievement_id: 'text',
      challenge_id: 'text',
      challenge_name: 'text',
      at: 'text',
    },
    label: ['group feed line', 'group feed lines'],
  },
  operators: {
    key: ['email_lower'],
    columns: { email_lower: 'text', granted_at: 'text' },
    label: ['operator', 'operators'],
  },
  audit_log: {
    key: ['id'],
    columns: {
      id: 'text',
      at: 'text',
      actor: 'text',
      source: 'text',
      action: 'text',
      detail: 'text',
    },
    label: ['audit line', 'audit lines'],
  },
  audit_targets: {
    key: ['line_id'],
    columns: { line_id: 'text', target: 'text' },
    label: ['audit target', 'audit targets'],
  },
  public_profiles: {
    key: ['user_uuid'],
    columns: {
      user_uuid: 'text',
      enabled: 'integer',
      show_totals: 'integer',
      show_streak: 'integer',
      show_records: 'integer',
      show_heatmap: 'integer',
      show_achievements: 'integer',
      timezone: 'text',
      updated_at: 'text',
    },
    label: ['public profile', 'public profiles'],
  },
};

/** Every table of the schema, each after the tables its foreign keys point to (the copy order). */
export const COPY_ORDER = [
  'subscription_tiers',
  'users',
  'platform_invites',
  'pushups',
  'user_totals',
  'user_days',
  'achievements',
  'rank_buckets',
  'leaderboard_privacy',
  'groups',
  'group_members',
  'group_join_requests',
  'group_invites',
  'reminders',
  'reminder_devices',
  'reminder_sends',
  'plans',
  'placement_tests',
  'workouts',
  'group_activity',
  'challenges',
  'challenge_participants',
  'challenge_results',
  'cheers',
  'cheer_settings',
  'group_feed',
  'operators',
  'audit_log',
  'audit_targets',
  'public_profiles',
] as const satisfies readonly TableName[];
// Fails to compile when a table of schema.ts is missing above.
const everyTableCopied: Exclude<TableName, (typeof COPY_ORDER)[number]> extends never ? true : never = true;
void everyTableCopied;

/** Rows per INSERT (and per read from the source): at most 12,000 parameters, far below PostgreSQL's 65,535. */
export const BATCH_ROWS = 1000;

/** What was copied, as verified in the target before the commit. */
export interface MigrateToReport {
  rows: Record<TableName, number>;
  /** Sum of every entry's count. */
  pushups: number;
  /** Sum of the users' running totals (equal to `pushups`). */
  runningTotals: number;
  /** Users with a positive total, counted in the rank bands. */
  rankedUsers: number;
}

export interface MigrateToSource {
  sqlitePath: string;
  /** The configured DATABASE_URL: when set, the app already runs on PostgreSQL and the copy is refused. */
  databaseUrl?: string | undefined;
}

export interface MigrateToTarget {
  /** postgres:// or postgresql://, an empty database (or one with only this app's empty tables). */
  url: string;
  /** The schema to copy into (default: the connection's search_path, normally `public`). */
  pgSchema?: string;
}

/** The schema's own tables are typed; the copy goes through every table alike. */
type AnyDb = Kysely<Record<string, Row>>;
const loose = (db: Kysely<Database>) => db as unknown as AnyDb;

/**
 * Copies every table of the SQLite database at `source.sqlitePath` into the PostgreSQL database of
 * `target`, in one target transaction that commits only when the counts and sums of the target
 * equal those of the source and every running total equals its entries. The source is read in one
 * SQLite read transaction (a consistent moment, even while the server writes; writes after that
 * moment are not copied, so stop the server first). `batchRows`: rows per read and per INSERT
 * (the tests use tiny batches, so that every table spans several).
 */
export async function migrateTo(
  source: MigrateToSource,
  target: MigrateToTarget,
  options: { batchRows?: number } = {},
): Promise<MigrateToReport> {
  const batchRows = options.batchRows ?? BATCH_ROWS;
  if (source.databaseUrl) {
    throw new MigrateToError(
      'The configured database is already PostgreSQL (DATABASE_URL is set): migrate-to copies the SQLite ' +
        'database of DATA_DIR. Unset DATABASE_URL to copy it.',
    );
  }
  if (!/^postgres(ql)?:\/\//.test(target.url)) {
    throw new MigrateToError('The target must be a postgres:// or postgresql:// URL');
  }
  if (!fs.existsSync(source.sqlitePath)) throw new MigrateToError(`No database at ${source.sqlitePath}`);

  const from = createDb({ sqlitePath: source.sqlitePath });
  let to: DbHandle | undefined;
  try {
    // What the server does at start: the source then has exactly the tables this code knows.
    await migrateToLatest(from);
    to = createDb({
      databaseUrl: target.url,
      sqlitePath: '',
      ...(target.pgSchema ? { pgSchema: target.pgSchema } : {}),
    });
    const targetDb = to.db;
    // Refused before the migrations touch anything.
    await refuseUnlessEmpty(targetDb);
    await migrateToLatest(to);

    return await from.db.transaction().execute((src) =>
      targetDb.transaction().execute(async (dst) => {
        // Nobody writes to the target until this commits; then check it again, under the lock.
        await sql`lock table ${sql.join(COPY_ORDER.map((t) => sql.table(t)))} in exclusive mode`.execute(dst);
        await refuseUnlessEmpty(dst);
        await checkTables(src);
        const expected = await figuresOf(src);

        // The migrations seeded the default tier, one row per rank band and the leaderboard's privacy
        // version: the source's replace them.
        await dst.deleteFrom('rank_buckets').execute();
        await dst.deleteFrom('leaderboard_privacy').execute();
        await dst.deleteFrom('subscription_tiers').execute();
        for (const table of COPY_ORDER) await copyTable(loose(src), loose(dst), table, batchRows);
        await resetSequences(dst);

        await verify(src, dst, expected);
        return {
          rows: expected.rows,
          pushups: expected.pushups,
          runningTotals: expected.runningTotals,
          rankedUsers: expected.rankedUsers,
        };
      }),
    );
  } finally {
    await from.close();
    await to?.close();
  }
}

/** "1 user", "1,234 push-up entries". */
function rowCount(count: number, table: TableName): string {
  const [one, several] = TABLES[table].label;
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : several}`;
}

/** The CLI's line: "Copied 10 users, 1,234 push-up entries (45,678 push-ups), ... into PostgreSQL; ...". */
export function describeMigration(report: MigrateToReport): string {
  const { rows } = report;
  const n = (value: number) => value.toLocaleString('en-US');
  const count = (table: TableName) => rowCount(rows[table], table);
  const parts = [
    count('users'),
    `${count('pushups')} (${n(report.pushups)} push-ups)`,
    count('user_totals'),
    count('user_days'),
    count('achievements'),
    `${count('rank_buckets')} (${n(report.rankedUsers)} ${report.rankedUsers === 1 ? 'user' : 'users'} ranked)`,
    count('groups'),
    count('group_members'),
    count('group_join_requests'),
    count('group_invites'),
    count('platform_invites'),
    count('subscription_tiers'),
    count('plans'),
    count('placement_tests'),
    count('workouts'),
  ];
  return `Copied ${parts.join(', ')} into PostgreSQL; counts and sums match.`;
}

/**
 * Refuses a target that holds any row of this app beyond what the migrations seed (the default
 * tier and the empty rank bands). Looks only at the tables that exist, so it runs before migrating.
 */
async function refuseUnlessEmpty(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema()`.execute(db);
  const present = new Set(rows.map((r) => r.name));
  const held: string[] = [];
  for (const table of COPY_ORDER) {
    // A counter for the API processes' caches, not anyone's data.
    if (!present.has(table) || table === 'leaderboard_privacy') continue;
    let query = loose(db)
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'));
    if (table === 'subscription_tiers') query = query.where('id', '<>', DEFAULT_TIER_ID);
    if (table === 'rank_buckets') query = query.where('users', '<>', 0);
    const count = Number((await query.executeTakeFirstOrThrow()).n);
    if (count > 0) held.push(rowCount(count, table));
  }
  if (held.length > 0) {
    throw new MigrateToError(
      `The target database already holds data (${held.join(', ')}): migrate-to copies only into an ` +
        'empty database. Nothing was changed.',
    );
  }
}

/** The migrated source has exactly the tables and columns this module copies (a new migration must extend it). */
async function checkTables(src: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master
    where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(src);
  const problems: string[] = [];
  const known = new Set<string>(COPY_ORDER);
  for (const { name } of rows) if (!known.has(name)) problems.push(`table ${name} is not copied`);
  for (const table of COPY_ORDER) {
    const { rows: columns } = await sql<{ name: string }>`
      select name from pragma_table_info(${table})`.execute(src);
    const actual = new Set(columns.map((c) => c.name));
    const listed = Object.keys(TABLES[table].columns);
    if (actual.size === 0) problems.push(`table ${table} is missing`);
    else {
      for (const c of actual) if (!listed.includes(c)) problems.push(`column ${table}.${c} is not copied`);
      for (const c of listed) if (!actual.has(c)) problems.push(`column ${table}.${c} is missing`);
    }
  }
  if (problems.length > 0) {
    throw new MigrateToError(
      `The SQLite database does not match what migrate-to copies: ${problems.join('; ')}`,
    );
  }
}

/** Reads the source in pages along the primary key and inserts each page as one statement. */
async function copyTable(src: AnyDb, dst: AnyDb, table: TableName, batchRows: number): Promise<void> {
  const spec = TABLES[table] as LooseSpec;
  const columns = Object.keys(spec.columns);
  let last: Row | undefined;
  for (;;) {
    let query = src.selectFrom(table).select(columns);
    if (last) query = query.where(after(spec.key, last));
    for (const k of spec.key) query = query.orderBy(k);
    const rows = await query.limit(batchRows).execute();
    if (rows.length === 0) return;
    for (const row of rows) checkValues(table, spec, row);
    await dst.insertInto(table).values(rows).execute();
    if (rows.length < batchRows) return;
    last = rows[rows.length - 1];
  }
}

/** `key > last` in key order, for a key of one or more columns. */
function after(key: readonly string[], last: Row): RawBuilder<boolean> {
  const [first, ...rest] = key as [string, ...string[]];
  const greater = sql<boolean>`${sql.ref(first)} > ${last[first]}`;
  if (rest.length === 0) return greater;
  return sql<boolean>`(${greater} or (${sql.ref(first)} = ${last[first]} and ${after(rest, last)}))`;
}

function checkValues(table: TableName, spec: LooseSpec, row: Row): void {
  for (const [column, kind] of Object.entries(spec.columns) as [string, Kind][]) {
    const value = row[column];
    const fits =
      value === null ||
      (kind === 'text'
        ? typeof value === 'string'
        : typeof value === 'number' && Number.isSafeInteger(value));
    if (!fits) {
      const key = spec.key.map((k) => String(row[k])).join(', ');
      throw new MigrateToError(
        `${table}.${column} of row (${key}) holds ${JSON.stringify(value)}, not ${kind}: fix it in SQLite first`,
      );
    }
  }
}

/** Sets every sequence or identity of the target past the copied rows (the schema has none today). */
async function resetSequences(dst: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema()
      and (is_identity = 'YES' or column_default like 'nextval(%')`.execute(dst);
  for (const { table_name, column_name } of rows) {
    await sql`
      select setval(pg_get_serial_sequence(${table_name}, ${column_name}),
                    coalesce(max(${sql.ref(column_name)}), 0) + 1, false)
      from ${sql.table(table_name)}`.execute(dst);
  }
}

/** Counts and sums that must come out equal on both sides. */
interface Figures {
  rows: Record<TableName, number>;
  pushups: number;
  runningTotals: number;
  rankedUsers: number;
  /** Users per non-empty rank band, `band:users`. */
  bands: string;
  memberCounts: number;
  inviteUses: number;
}

async function figuresOf(db: Kysely<Database>): Promise<Figures> {
  const rows = {} as Record<TableName, number>;
  for (const table of COPY_ORDER) {
    const row = await loose(db)
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    rows[table] = Number(row.n);
  }
  const sums = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('pushups')
        .select((s) => s.fn.coalesce(s.fn.sum<number | string>('count'), s.lit(0)).as('n'))
        .as('pushups'),
      eb
        .selectFrom('user_totals')
        .select((s) => s.fn.coalesce(s.fn.sum<number | string>('total'), s.lit(0)).as('n'))
        .as('totals'),
      eb
        .selectFrom('rank_buckets')
        .select((s) => s.fn.coalesce(s.fn.sum<number | string>('users'), s.lit(0)).as('n'))
        .as('ranked'),
      eb
        .selectFrom('groups')
        .select((s) => s.fn.coalesce(s.fn.sum<number | string>('member_count'), s.lit(0)).as('n'))
        .as('members'),
      eb
        .selectFrom('group_invites')
        .select((s) => s.fn.coalesce(s.fn.sum<number | string>('uses'), s.lit(0)).as('n'))
        .as('uses'),
    ])
    .executeTakeFirstOrThrow();
  const bands = await db
    .selectFrom('rank_buckets')
    .select(['bucket', 'users'])
    .where('users', '<>', 0)
    .orderBy('bucket')
    .execute();
  return {
    rows,
    pushups: Number(sums.pushups),
    runningTotals: Number(sums.totals),
    rankedUsers: Number(sums.ranked),
    bands: bands.map((b) => `${b.bucket}:${b.users}`).join(' '),
    memberCounts: Number(sums.members),
    inviteUses: Number(sums.uses),
  };
}

/** What must hold inside one database: the running totals, rank bands and member counts agree with their rows. */
async function inconsistencies(db: Kysely<Database>): Promise<string[]> {
  const problems: string[] = [];
  // One pass over the entries; the full join also finds entries whose user has no running total.
  const totals = await sql<{ n: number | string }>`
    select count(*) as n
    from (select user_uuid, sum(count) as sum from pushups group by user_uuid) as p
    full join user_totals as t on t.user_uuid = p.user_uuid
    where coalesce(p.sum, 0) <> coalesce(t.total, 0)`.execute(db);
  const wrongTotals = Number(totals.rows[0]?.n ?? 0);
  if (wrongTotals > 0) {
    problems.push(`${wrongTotals} user(s) whose running total differs from the sum of their entries`);
  }

  // user_days: one row per user and day with push-ups, its total the sum of that day's entries.
  const days = await sql<{ n: number | string }>`
    select count(*) as n
    from (select user_uuid, day, sum(count) as sum from pushups group by user_uuid, day having sum(count) <> 0) as p
    full join user_days as d on d.user_uuid = p.user_uuid and d.day = p.day
    where coalesce(p.sum, 0) <> coalesce(d.total, 0) or d.total = 0`.execute(db);
  const wrongDays = Number(days.rows[0]?.n ?? 0);
  if (wrongDays > 0) {
    problems.push(`${wrongDays} user day(s) whose total differs from the sum of that day's entries`);
  }

  const expected = await recountRankBuckets(db);
  const stored = await db.selectFrom('rank_buckets').select(['bucket', 'users']).execute();
  const actual = new Array<number>(RANK_BUCKET_COUNT).fill(0);
  let strayBands = 0;
  for (const { bucket, users } of stored) {
    if (bucket >= 0 && bucket < RANK_BUCKET_COUNT) actual[bucket] = users;
    else strayBands++;
  }
  const wrongBands = expected.filter((users, bucket) => actual[bucket] !== users).length + strayBands;
  if (stored.length !== RANK_BUCKET_COUNT || wrongBands > 0) {
    problems.push(
      `${wrongBands} rank band(s) that do not count the users of their totals (${stored.length} of ${RANK_BUCKET_COUNT} bands present)`,
    );
  }

  const members = await sql<{ n: number | string }>`
    select count(*) as n from groups g
    where g.member_count <> (select count(*) from group_members m where m.group_id = g.id)`.execute(db);
  const wrongGroups = Number(members.rows[0]?.n ?? 0);
  if (wrongGroups > 0) problems.push(`${wrongGroups} group(s) whose member count differs from their members`);
  return problems;
}

/** Throws (so the target transaction rolls back) unless the copy equals the source and is consistent. */
async function verify(src: Kysely<Database>, dst: Kysely<Database>, expected: Figures): Promise<void> {
  const actual = await figuresOf(dst);
  const problems: string[] = [];
  for (const table of COPY_ORDER) {
    if (actual.rows[table] !== expected.rows[table]) {
      problems.push(`${table}: ${actual.rows[table]} rows copied, ${expected.rows[table]} in SQLite`);
    }
  }
  const sums: [keyof Figures, string][] = [
    ['pushups', 'sum of push-up counts'],
    ['runningTotals', 'sum of running totals'],
    ['rankedUsers', 'users in rank bands'],
    ['bands', 'users per rank band'],
    ['memberCounts', 'sum of group member counts'],
    ['inviteUses', 'sum of invite link uses'],
  ];
  for (const [figure, name] of sums) {
    if (actual[figure] !== expected[figure]) {
      problems.push(`${name}: ${String(actual[figure])} copied, ${String(expected[figure])} in SQLite`);
    }
  }
  const copied = await inconsistencies(dst);
  if (copied.length > 0) {
    const inSource = await inconsistencies(src);
    problems.push(
      `the copy has ${copied.join(', ')}` +
        (inSource.length > 0 ? ` (so does the SQLite database: ${inSource.join(', ')})` : ''),
    );
  }
  if (problems.length > 0) {
    throw new MigrateToError(
      `The copy does not match, nothing was written to PostgreSQL (rolled back): ${problems.join('; ')}`,
    );
  }
}
