/**
 * Seeds the benchmark's database: users, entries spread over 2025-01-01..now with consistent
 * running totals, rank bands and day sums, the total and best-day achievements they reached (the
 * streak ones are left out: the reads compute streaks either way), and groups of GROUP_SIZE
 * consecutive users (the first is admin). Every user has a training plan (docs/product.md, "Training
 * plans"): a custom one of five sets of 20 on every day, started two weeks ago, with a placement
 * test and a workout on each of the last 14 days that missed its targets, so that the next is still
 * the first session (the bench's workouts keep it there too).
 */
import { randomUUID } from 'node:crypto';
import { ACHIEVEMENTS, addDays, dayInZone, type PlanSettings, startProgress } from '@pushup/shared';
import { type Kysely, sql } from 'kysely';
import type { DbHandle } from '../src/db/client';
import { usersPerBucket } from '../src/db/rank-buckets';
import type { Database } from '../src/db/schema';
import { newUserRow } from '../src/repositories/users.repository';
import { emailOf, uidOf, zoneOf } from './identity';

export const GROUP_SIZE = 10;
/**
 * Besides them, groups of BIG_GROUP_SIZE consecutive users (each user is in one of each), each with a
 * running race all its members take part in and a feed of three days' lines per member: the
 * challenge page and the feed at the size the tier allows most (docs/product.md, "Group challenges,
 * cheers and the feed").
 */
export const BIG_GROUP_SIZE = 100;
/** The days of the big groups' races before and after today, and the days their feeds hold. */
const RACE_DAYS_BACK = 14;
const FEED_DAYS = 3;
const FIRST_INSTANT = Date.parse('2025-01-01T14:00:00Z'); // 2025-01-01 in every bench zone

/** The name of group g, by which kept data finds its groups again (bench/database.ts). */
export const groupName = (g: number) => `Bench group ${g}`;
export const bigGroupName = (g: number) => `Bench big group ${g}`;

/** A skewed pick: a few users log a lot, most log a little (user 0 is the busiest). */
function pickUser(userCount: number): number {
  const r = Math.random();
  return Math.min(userCount - 1, Math.floor(userCount * r * r));
}

export interface Seeded {
  seconds: number;
  userUuids: string[];
  /** The group of user i is groupIds[floor(i / GROUP_SIZE)]. */
  groupIds: string[];
  /** (user, day) pairs that have entries: the day-history samples. */
  samples: { user: number; day: string }[];
  /** User i's group of BIG_GROUP_SIZE is bigGroups[floor(i / BIG_GROUP_SIZE)], with its race. */
  bigGroups: { groupId: string; challengeId: string }[];
}

export async function seed(
  db: Kysely<Database>,
  engine: DbHandle['engine'],
  { userCount, entryCount }: { userCount: number; entryCount: number },
): Promise<Seeded> {
  const started = performance.now();
  const now = new Date().toISOString();
  if (engine === 'sqlite') {
    // Seeding only: a big page cache (1M random keys thrash the default 2 MB) and no fsync per
    // commit. Both are put back before timing, so the timed calls see the server's settings.
    await sql`pragma cache_size = -262144`.execute(db);
    await sql`pragma synchronous = OFF`.execute(db);
  }
  // Parameters per statement stay under both engines' limits (SQLite 32766, PostgreSQL 65535).
  const parameterLimit = engine === 'sqlite' ? 32_766 : 65_535;
  const batch = engine === 'sqlite' ? 2000 : 5000;
  const perTransaction = 100_000;

  const userUuids = Array.from({ length: userCount }, () => randomUUID());
  // A user row has a dozen columns and more as migrations add them: rows per statement follow.
  const userColumns = Object.keys(
    newUserRow({ uuid: '', firebaseUid: '', username: '', email: '', tierId: '', now }),
  ).length;
  const userBatch = Math.floor(parameterLimit / userColumns);
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < userCount; start += userBatch) {
      const rows = [];
      for (let i = start; i < Math.min(userCount, start + userBatch); i++) {
        const username = `bench_${String(i).padStart(6, '0')}`;
        rows.push(
          newUserRow({
            uuid: userUuids[i] as string,
            firebaseUid: uidOf(i),
            username,
            email: emailOf(uidOf(i)),
            tierId: 'default',
            now,
          }),
        );
      }
      await trx.insertInto('users').values(rows).execute();
    }
  });

  // How many entries each user gets (skewed), then the entries user by user in uuid order: the
  // two indexes that lead with user_uuid grow at their end instead of all over (fast seeding).
  const perUser = new Uint32Array(userCount);
  for (let i = 0; i < entryCount; i++) {
    const user = pickUser(userCount);
    perUser[user] = (perUser[user] as number) + 1;
  }
  const order = Array.from({ length: userCount }, (_, i) => i).sort((a, b) =>
    (userUuids[a] as string) < (userUuids[b] as string) ? -1 : 1,
  );
  const totals = new Float64Array(userCount);
  const samples: Seeded['samples'] = [];
  const span = Date.now() - 60_000 - FIRST_INSTANT;
  function* entries() {
    let n = 0;
    for (const user of order) {
      for (let k = 0; k < (perUser[user] as number); k++, n++) {
        const count = 1 + Math.floor(Math.random() * 100);
        const instant = new Date(FIRST_INSTANT + Math.floor(Math.random() * span));
        const date = instant.toISOString();
        const day = dayInZone(instant, zoneOf(user));
        totals[user] = (totals[user] as number) + count;
        if (n % 1000 === 0) samples.push({ user, day });
        yield {
          uuid: randomUUID(),
          user_uuid: userUuids[user] as string,
          count,
          date,
          day,
          created_at: date,
          updated_at: date,
        };
      }
    }
  }
  const source = entries();
  let exhausted = false;
  while (!exhausted) {
    await db.transaction().execute(async (trx) => {
      for (let inTransaction = 0; inTransaction < perTransaction && !exhausted; inTransaction += batch) {
        const rows = [];
        while (rows.length < batch) {
          const next = source.next();
          if (next.done) {
            exhausted = true;
            break;
          }
          rows.push(next.value);
        }
        if (rows.length > 0) await trx.insertInto('pushups').values(rows).execute();
      }
    });
  }

  await db.transaction().execute(async (trx) => {
    const rows = [];
    for (let i = 0; i < userCount; i++) {
      if (totals[i])
        rows.push({ user_uuid: userUuids[i] as string, total: totals[i] as number, updated_at: now });
    }
    for (let start = 0; start < rows.length; start += batch) {
      await trx
        .insertInto('user_totals')
        .values(rows.slice(start, start + batch))
        .execute();
    }
    // Straight into user_totals, so the rank bands are counted here (decision 012).
    const bands = usersPerBucket(rows.map((row) => ({ total: row.total, users: 1 })));
    for (const [bucket, users] of bands.entries()) {
      if (users > 0)
        await trx.updateTable('rank_buckets').set({ users }).where('bucket', '=', bucket).execute();
    }
  });
  // Each user's day sums, as every entry write keeps them, and the totals and best days reached.
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('user_days')
      .columns(['user_uuid', 'day', 'total'])
      .expression((eb) =>
        eb
          .selectFrom('pushups')
          .select((s) => ['user_uuid', 'day', s.fn.sum<number>('count').as('total')])
          .groupBy(['user_uuid', 'day']),
      )
      .execute();
    for (const achievement of ACHIEVEMENTS) {
      if (achievement.kind !== 'total' && achievement.kind !== 'day') continue;
      const values = { achievement_id: achievement.id, earned_at: now, seen_at: now };
      const reached =
        achievement.kind === 'total'
          ? trx.selectFrom('user_totals').select('user_uuid').where('total', '>=', achievement.target)
          : trx
              .selectFrom('user_days')
              .select('user_uuid')
              .where('total', '>=', achievement.target)
              .groupBy('user_uuid');
      const users = await reached.execute();
      for (let i = 0; i < users.length; i += batch) {
        await trx
          .insertInto('achievements')
          .values(users.slice(i, i + batch).map(({ user_uuid }) => ({ user_uuid, ...values })))
          .execute();
      }
    }
  });
  // Groups of 10 consecutive users; the first of each is its admin.
  const groupIds = Array.from({ length: Math.floor(userCount / GROUP_SIZE) }, () => randomUUID());
  await db.transaction().execute(async (trx) => {
    const groups = groupIds.map((id, g) => ({
      id,
      name: groupName(g),
      name_lower: groupName(g).toLowerCase(),
      description: null,
      created_by: userUuids[g * GROUP_SIZE] as string,
      max_members: GROUP_SIZE,
      member_count: GROUP_SIZE,
      created_at: now,
      updated_at: now,
    }));
    const members = groupIds.flatMap((id, g) =>
      Array.from({ length: GROUP_SIZE }, (_, k) => ({
        group_id: id,
        user_uuid: userUuids[g * GROUP_SIZE + k] as string,
        role: k === 0 ? ('admin' as const) : ('member' as const),
        joined_at: now,
      })),
    );
    for (let start = 0; start < groups.length; start += batch / 10) {
      await trx
        .insertInto('groups')
        .values(groups.slice(start, start + batch / 10))
        .execute();
    }
    for (let start = 0; start < members.length; start += batch / 2) {
      await trx
        .insertInto('group_members')
        .values(members.slice(start, start + batch / 2))
        .execute();
    }
  });
  await seedPlans(db, userUuids, now, batch);
  const bigGroups = await seedBigGroups(db, userUuids, now, batch);
  await seedPublicProfiles(db, userUuids, now, batch);
  await seedAuditTrail(db, userCount, batch);
  // PostgreSQL's autovacuum would have vacuumed and analysed tables this size; do it now rather
  // than wait. SQLite runs with the planner's defaults, as the server does (no ANALYZE).
  if (engine === 'postgres') await sql`vacuum analyze`.execute(db);
  if (engine === 'sqlite') {
    await sql`pragma wal_checkpoint(truncate)`.execute(db);
    await sql`pragma cache_size = -2000`.execute(db);
    await sql`pragma synchronous = FULL`.execute(db);
  }
  return { seconds: (performance.now() - started) / 1000, userUuids, groupIds, samples, bigGroups };
}

/** Days of seeded workouts before today, one a day. */
const PLAN_DAYS = 14;
/** The bench's plan: five sets of 20 every day, without end. */
export const BENCH_PLAN_SETS = [20, 20, 20, 20, 20];

/** A plan for every user, their placement test and a workout on each of the last PLAN_DAYS days. */
async function seedPlans(db: Kysely<Database>, userUuids: string[], now: string, batch: number) {
  const today = now.slice(0, 10);
  const settings: PlanSettings = {
    planId: 'custom',
    level: 1,
    startDay: addDays(today, -PLAN_DAYS),
    weekdays: [0, 1, 2, 3, 4, 5, 6],
    custom: { sets: BENCH_PLAN_SETS.length, reps: 20, restSeconds: 60 },
  };
  const progress = JSON.stringify({
    ...startProgress(settings),
    lastOutcome: { kind: 'repeat-day', session: 0, day: addDays(today, -1) },
  });
  const planIds = userUuids.map(() => randomUUID());
  const missed = BENCH_PLAN_SETS.map(() => 10);
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < userUuids.length; start += batch / 10) {
      const users = userUuids.slice(start, start + batch / 10);
      await trx
        .insertInto('plans')
        .values(
          users.map((user_uuid, i) => ({
            id: planIds[start + i] as string,
            user_uuid,
            status: 'active' as const,
            settings: JSON.stringify(settings),
            progress,
            shared: 1,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      await trx
        .insertInto('placement_tests')
        .values(
          users.map((user_uuid) => ({
            id: randomUUID(),
            user_uuid,
            count: 12,
            day: settings.startDay,
            taken_at: now,
          })),
        )
        .execute();
    }
    // 14 workouts of 11 columns a user: 100 users a statement stay far below either engine's limit.
    for (let start = 0; start < userUuids.length; start += 100) {
      const users = userUuids.slice(start, start + 100);
      await trx
        .insertInto('workouts')
        .values(
          users.flatMap((user_uuid, i) =>
            Array.from({ length: PLAN_DAYS }, (_, d) => {
              const day = addDays(today, d - PLAN_DAYS);
              return {
                id: randomUUID(),
                user_uuid,
                plan_id: planIds[start + i] as string,
                session: 0,
                day,
                date: `${day}T12:00:00.000Z`,
                sets: missed.join(','),
                targets: BENCH_PLAN_SETS.join(','),
                total: missed.reduce((a, b) => a + b, 0),
                outcome: 'repeat-day',
                created_at: now,
              };
            }),
          ),
        )
        .execute();
    }
  });
}

/**
 * Groups of BIG_GROUP_SIZE consecutive users (the first is admin), each with a race of every member
 * from RACE_DAYS_BACK days ago to as many ahead, and a feed: each member's joining of the race, then a
 * line for each of their days with push-ups in the last FEED_DAYS days.
 */
/**
 * Every user's profile public with every part shown, in the user's zone: the public profile's page
 * then costs the most it can (docs/performance.md, "The public profile").
 */
async function seedPublicProfiles(db: Kysely<Database>, userUuids: string[], now: string, batch: number) {
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < userUuids.length; start += batch) {
      const rows = userUuids.slice(start, start + batch).map((uuid, k) => ({
        user_uuid: uuid,
        enabled: 1,
        show_totals: 1,
        show_streak: 1,
        show_records: 1,
        show_heatmap: 1,
        show_achievements: 1,
        timezone: zoneOf(start + k),
        updated_at: now,
      }));
      await trx.insertInto('public_profiles').values(rows).execute();
    }
  });
}

async function seedBigGroups(db: Kysely<Database>, userUuids: string[], now: string, batch: number) {
  const today = now.slice(0, 10);
  const count = Math.floor(userUuids.length / BIG_GROUP_SIZE);
  const bigGroups = Array.from({ length: count }, () => ({
    groupId: randomUUID(),
    challengeId: randomUUID(),
  }));
  const startDay = addDays(today, -RACE_DAYS_BACK);
  const endDay = addDays(today, RACE_DAYS_BACK);
  await db.transaction().execute(async (trx) => {
    for (const [g, { groupId, challengeId }] of bigGroups.entries()) {
      const members = userUuids.slice(g * BIG_GROUP_SIZE, (g + 1) * BIG_GROUP_SIZE);
      await trx
        .insertInto('groups')
        .values({
          id: groupId,
          name: bigGroupName(g),
          name_lower: bigGroupName(g).toLowerCase(),
          description: null,
          created_by: members[0] as string,
          max_members: BIG_GROUP_SIZE,
          member_count: BIG_GROUP_SIZE,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx
        .insertInto('group_members')
        .values(
          members.map((user_uuid, k) => ({
            group_id: groupId,
            user_uuid,
            role: k === 0 ? ('admin' as const) : ('member' as const),
            joined_at: now,
          })),
        )
        .execute();
      await trx
        .insertInto('challenges')
        .values({
          id: challengeId,
          group_id: groupId,
          created_by: members[0] as string,
          name: `Bench race ${g}`,
          kind: 'race',
          target: null,
          min_per_day: null,
          start_day: startDay,
          end_day: endDay,
          starts_at: `${startDay}T00:00:00.000Z`,
          ends_at: `${addDays(endDay, 1)}T00:00:00.000Z`,
          start_pushed: 1,
          fixed_at: null,
          created_at: now,
        })
        .execute();
      await trx
        .insertInto('challenge_participants')
        .values(
          members.map((user_uuid) => ({
            challenge_id: challengeId,
            user_uuid,
            time_zone: 'UTC',
            joined_at: now,
          })),
        )
        .execute();
      // Each member's joining of the race, then a line for each of their days with push-ups in the last
      // FEED_DAYS days (as logging writes them), oldest first.
      const days = await trx
        .selectFrom('user_days')
        .select(['user_uuid', 'day'])
        .where('user_uuid', 'in', members)
        .where('day', '>=', addDays(today, -FEED_DAYS))
        .orderBy('day')
        .orderBy('user_uuid')
        .execute();
      const line = { achievement_id: null, challenge_id: null, challenge_name: null };
      const lines = [
        ...members.map((user_uuid) => ({
          ...line,
          group_id: groupId,
          kind: 'challenge-joined' as const,
          user_uuid,
          line_key: `challenge-joined:${challengeId}:${user_uuid}`,
          day: null,
          challenge_id: challengeId,
          challenge_name: `Bench race ${g}`,
          at: now,
        })),
        ...days.map(({ user_uuid, day }) => ({
          ...line,
          group_id: groupId,
          kind: 'day' as const,
          user_uuid,
          line_key: `day:${user_uuid}:${day}`,
          day: day as string | null,
          at: `${day}T12:00:00.000Z`,
        })),
      ];
      for (let start = 0; start < lines.length; start += batch / 10) {
        await trx
          .insertInto('group_feed')
          .values(lines.slice(start, start + batch / 10).map((line, i) => ({ ...line, seq: start + i + 1 })))
          .execute();
      }
      await trx.insertInto('group_activity').values({ group_id: groupId, feed_seq: lines.length }).execute();
    }
  });
  return bigGroups;
}

/**
 * The operators' audit trail: the invite of every user and a tier for one in ten, over the last
 * year, as an instance whose operator invited everyone would hold (the admin page's list reads it).
 */
async function seedAuditTrail(db: Kysely<Database>, userCount: number, batch: number) {
  const yearMs = 365 * 86_400_000;
  const lines: {
    id: string;
    at: string;
    actor: string;
    source: string;
    action: string;
    detail: string | null;
  }[] = [];
  const targets: { line_id: string; target: string }[] = [];
  for (let i = 0; i < userCount; i++) {
    const at = (offset: number) =>
      new Date(Date.now() - yearMs + ((i + offset) * yearMs) / userCount).toISOString();
    const invite = randomUUID();
    lines.push({
      id: invite,
      at: at(0),
      actor: 'command line (bench)',
      source: 'cli',
      action: 'invite',
      detail: null,
    });
    targets.push({ line_id: invite, target: emailOf(uidOf(i)) });
    if (i % 10 === 0) {
      const tier = randomUUID();
      lines.push({
        id: tier,
        at: at(0.5),
        actor: 'ops@bench.invalid',
        source: '127.0.0.1',
        action: 'tier',
        detail: '10 groups / 20 members',
      });
      targets.push({ line_id: tier, target: `@bench_${String(i).padStart(6, '0')}` });
    }
  }
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < lines.length; start += batch / 2) {
      await trx
        .insertInto('audit_log')
        .values(lines.slice(start, start + batch / 2))
        .execute();
      await trx
        .insertInto('audit_targets')
        .values(targets.slice(start, start + batch / 2))
        .execute();
    }
  });
}
