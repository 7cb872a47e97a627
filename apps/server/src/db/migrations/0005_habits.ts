import { type Kysely, type Migration, sql } from 'kysely';

/*
 * The achievements as they were when this migration was written (packages/shared/src/achievements.ts
 * has the live list). A migration is history: it keeps its own copy, so a later change to the
 * catalogue cannot change what it awarded.
 */
const TOTAL_TARGETS: [string, number][] = [
  ['first-entry', 1],
  ['total-100', 100],
  ['total-1000', 1000],
  ['total-10000', 10_000],
  ['total-100000', 100_000],
];
const DAY_TARGETS: [string, number][] = [
  ['day-50', 50],
  ['day-100', 100],
  ['day-200', 200],
];
const STREAK_TARGETS: [string, number][] = [
  ['streak-7', 7],
  ['streak-30', 30],
  ['streak-100', 100],
  ['streak-365', 365],
];
/** user_days rows read per page of the backfill (keyset pages along the primary key). */
const PAGE = 20_000;
const DAY_MS = 86_400_000;

/** What one user's history already reached, as the backfill adds it up. */
interface Reached {
  total: number;
  bestDay: number;
  longest: number;
  run: number;
  lastDay: number;
}

/**
 * Streaks, personal records and achievements (docs/product.md, "Streaks", "Personal records",
 * "Achievements"; decision 019). Portable columns only: days `YYYY-MM-DD` text, instants ISO text.
 *
 * - `user_days`: each user's sum per day (the day each entry carries), kept in the same transaction
 *   as every entry write from now on; a day without push-ups has no row. Streaks and records read a
 *   user's own rows, the daily limit one row.
 * - `users.rest_days_per_week`: 0 to 2, the days a week a streak may rest without breaking.
 * - `achievements`: one row per user and achievement earned, never taken back; `seen_at` stays
 *   null until the app has announced it.
 *
 * History is backfilled: the days from the entries, and what each user's history already reached
 * (totals, best day, the longest run of consecutive days, as every user starts with 0 rest days, a
 * goal met by a deadline not yet past in UTC, a group), earned at the instant of this migration.
 */
export const habits: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('user_days')
      .addColumn('user_uuid', 'text', (c) => c.notNull().references('users.uuid'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      // A user's days in order (streaks, records), one day (the daily limit): ranges of the key.
      .addPrimaryKeyConstraint('user_days_pkey', ['user_uuid', 'day'])
      .execute();
    await sql`
      insert into user_days (user_uuid, day, total)
      select user_uuid, day, sum(count) from pushups group by user_uuid, day having sum(count) > 0`.execute(
      db,
    );

    await db.schema
      .alterTable('users')
      .addColumn('rest_days_per_week', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('achievements')
      .addColumn('user_uuid', 'text', (c) => c.notNull().references('users.uuid'))
      .addColumn('achievement_id', 'text', (c) => c.notNull())
      .addColumn('earned_at', 'text', (c) => c.notNull())
      .addColumn('seen_at', 'text')
      // One row per user and achievement: earning is `insert ... on conflict do nothing`.
      .addPrimaryKeyConstraint('achievements_pkey', ['user_uuid', 'achievement_id'])
      .execute();
    // A group's latest achievements: each member's rows in the order they were earned.
    await db.schema
      .createIndex('achievements_user_earned_idx')
      .on('achievements')
      .columns(['user_uuid', 'earned_at', 'achievement_id'])
      .execute();

    await backfillAchievements(db, new Date());
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('achievements').execute();
    await db.schema.alterTable('users').dropColumn('rest_days_per_week').execute();
    await db.schema.dropTable('user_days').execute();
  },
};

async function backfillAchievements(db: Kysely<unknown>, now: Date): Promise<void> {
  const earnedAt = now.toISOString();
  const todayUtc = earnedAt.slice(0, 10);
  const rows: { user_uuid: string; achievement_id: string; earned_at: string; seen_at: null }[] = [];
  const award = (user: string, id: string) =>
    rows.push({ user_uuid: user, achievement_id: id, earned_at: earnedAt, seen_at: null });

  const totals = new Map<string, number>();
  const finish = (user: string, reached: Reached) => {
    totals.set(user, reached.total);
    for (const [id, target] of TOTAL_TARGETS) if (reached.total >= target) award(user, id);
    for (const [id, target] of DAY_TARGETS) if (reached.bestDay >= target) award(user, id);
    for (const [id, target] of STREAK_TARGETS) if (reached.longest >= target) award(user, id);
  };

  // Every user's days in key order, a page at a time.
  let current: { user: string; reached: Reached } | undefined;
  let after: { user_uuid: string; day: string } | undefined;
  for (;;) {
    const { rows: page } = after
      ? await sql<{ user_uuid: string; day: string; total: number }>`
          select user_uuid, day, total from user_days
          where user_uuid > ${after.user_uuid} or (user_uuid = ${after.user_uuid} and day > ${after.day})
          order by user_uuid, day limit ${PAGE}`.execute(db)
      : await sql<{ user_uuid: string; day: string; total: number }>`
          select user_uuid, day, total from user_days order by user_uuid, day limit ${PAGE}`.execute(db);
    for (const row of page) {
      const total = Number(row.total);
      const dayNumber = Math.round(Date.parse(`${row.day}T00:00:00Z`) / DAY_MS);
      if (current?.user !== row.user_uuid) {
        if (current) finish(current.user, current.reached);
        current = {
          user: row.user_uuid,
          reached: { total: 0, bestDay: 0, longest: 0, run: 0, lastDay: Number.NaN },
        };
      }
      const r = current.reached;
      r.total += total;
      r.bestDay = Math.max(r.bestDay, total);
      r.run = dayNumber === r.lastDay + 1 ? r.run + 1 : 1;
      r.longest = Math.max(r.longest, r.run);
      r.lastDay = dayNumber;
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1];
  }
  if (current) finish(current.user, current.reached);

  const { rows: goals } = await sql<{ uuid: string; personal_goal: number; goal_deadline: string | null }>`
    select uuid, personal_goal, goal_deadline from users where personal_goal > 0`.execute(db);
  for (const goal of goals) {
    const reached = (totals.get(goal.uuid) ?? 0) >= Number(goal.personal_goal);
    if (reached && (goal.goal_deadline === null || todayUtc <= goal.goal_deadline)) {
      award(goal.uuid, 'goal-reached');
    }
  }
  const { rows: members } = await sql<{ user_uuid: string }>`
    select distinct user_uuid from group_members`.execute(db);
  for (const member of members) award(member.user_uuid, 'first-group');

  for (let start = 0; start < rows.length; start += 1000) {
    await db
      .insertInto('achievements' as never)
      .values(rows.slice(start, start + 1000) as never)
      .execute();
  }
}
