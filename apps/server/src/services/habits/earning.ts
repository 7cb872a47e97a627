import { ACHIEVEMENTS, type AchievementId, type AchievementKind, addDays } from '@pushup/shared';
import type { Repositories } from '../../repositories';
import type { StreakCheck } from '../../repositories/streak-check';
import { longestRun } from './streaks';

/**
 * Earning achievements in the transaction of the write that reaches them (docs/product.md,
 * "Achievements"; decision 019). Each runs on the repositories of that transaction, behind the lock
 * the write already holds on the earner's user row, and earns with `insert ... on conflict do
 * nothing`: at most once per user, whatever runs at the same moment. What a write cannot reach is not
 * looked at, so an ordinary log costs no statement more than before.
 */

const ofKind = (kind: AchievementKind) => ACHIEVEMENTS.filter((a) => a.kind === kind);
const STREAKS = ofKind('streak');

/**
 * How far around a written day the streak achievements look: a run of `target` days through that
 * day still shows `target` days within the window, even when the window cuts it where the run rests
 * (at most 2 x 2 rest days in a row, across a week's end).
 */
const STREAK_WINDOW_PAD = 14;
/** The days either side of a written day that the streak check reads: the longest target's run fits. */
const STREAK_REACH = Math.max(...STREAKS.map((a) => a.target)) + STREAK_WINDOW_PAD;

/** The days the streak check of a write to `day` reads. */
export function streakRange(day: string): { from: string; to: string } {
  return { from: addDays(day, -STREAK_REACH), to: addDays(day, STREAK_REACH) };
}

/** The achievements of `kind` whose target lies in (before, after]: the ones this change reached. */
function crossed(kind: 'total' | 'day', before: number, after: number): AchievementId[] {
  return ofKind(kind)
    .filter((a) => before < a.target && a.target <= after)
    .map((a) => a.id);
}

/** Whether the goal counts as reached on `today` (docs/product.md, "Achievements": by its deadline). */
export function goalReached(
  goal: { personal_goal: number | null; goal_deadline: string | null },
  total: number,
  today: string,
): boolean {
  const target = goal.personal_goal;
  if (target === null || target <= 0 || total < target) return false;
  return goal.goal_deadline === null || today <= goal.goal_deadline;
}

/** What an entry write (a log or an edit) changed, as the earning needs it. */
export interface EntryWrite {
  user: {
    uuid: string;
    personal_goal: number | null;
    goal_deadline: string | null;
    rest_days_per_week: number;
  };
  /** The caller's today, in the zone of X-Timezone. */
  today: string;
  now: string;
  /** The running total before and after (equal when the write did not change it). */
  totalBefore: number;
  totalAfter: number;
  /** The day the entry counts for now, and its sum before and after the write. */
  day: string;
  dayBefore: number;
  dayAfter: number;
  /** The streak check of `day` (streakRange), when the write's own statement read it already. */
  streakCheck?: StreakCheck | undefined;
}

/**
 * After a log or an edit: the totals and best days it crossed, a goal it reached by its deadline, and,
 * when the day just got its first push-ups, the streaks through it. Lowering and deleting never reach
 * anything, and never take back what was earned.
 */
export async function earnAfterEntryWrite(repos: Repositories, write: EntryWrite): Promise<void> {
  const ids = [
    ...crossed('total', write.totalBefore, write.totalAfter),
    ...crossed('day', write.dayBefore, write.dayAfter),
  ];
  const goal = write.user.personal_goal;
  if (goal !== null && write.totalBefore < goal && goalReached(write.user, write.totalAfter, write.today)) {
    ids.push('goal-reached');
  }
  // A streak only grows when a day gets its first push-ups (or the rest days go up, in settings).
  if (write.dayBefore <= 0 && write.dayAfter > 0) {
    const check =
      write.streakCheck ?? (await repos.habits.streakCheckOf(write.user.uuid, streakRange(write.day)));
    ids.push(...streaksReached(check, write.user.rest_days_per_week));
  }
  await repos.habits.earn(write.user.uuid, ids, write.now);
}

/**
 * The streak achievements not yet earned that a run through the written day reaches, from what the
 * user earned and their days around it, as wide as the longest target needs (docs/product.md,
 * "Achievements": the run containing the written day is enough).
 */
function streaksReached({ earned, days }: StreakCheck, restDaysPerWeek: number): AchievementId[] {
  const open = STREAKS.filter((a) => !earned.includes(a.id));
  if (open.length === 0) return [];
  const longest = longestRun(days, restDaysPerWeek)?.length ?? 0;
  return open.filter((a) => longest >= a.target).map((a) => a.id);
}

/** What an import changed (docs/product.md, "Import"): the running total and each day it added to. */
export interface ImportWrite {
  user: EntryWrite['user'];
  today: string;
  now: string;
  totalBefore: number;
  totalAfter: number;
  days: readonly { day: string; before: number; after: number }[];
}

/**
 * After an import: what an entry write earns, for the total and every day at once. A day that got
 * its first push-ups may join runs anywhere in the history, so the streaks are counted over all of
 * it (an import is rare, and reads the user's days once).
 */
export async function earnAfterImport(repos: Repositories, write: ImportWrite): Promise<void> {
  const ids = new Set<AchievementId>(crossed('total', write.totalBefore, write.totalAfter));
  for (const d of write.days) for (const id of crossed('day', d.before, d.after)) ids.add(id);
  const goal = write.user.personal_goal;
  if (goal !== null && write.totalBefore < goal && goalReached(write.user, write.totalAfter, write.today)) {
    ids.add('goal-reached');
  }
  await repos.habits.earn(write.user.uuid, [...ids], write.now);
  if (write.days.some((d) => d.before <= 0 && d.after > 0)) {
    await earnStreaksOfHistory(repos, write.user.uuid, write.user.rest_days_per_week, write.now);
  }
}

/**
 * After the rest days went up: the streak achievements the whole history now reaches (a settings
 * change is rare, so it reads all the user's days).
 */
export async function earnStreaksOfHistory(
  repos: Repositories,
  userUuid: string,
  restDaysPerWeek: number,
  now: string,
): Promise<void> {
  const earned = new Set((await repos.habits.earnedOf(userUuid)).map((row) => row.achievement_id));
  const open = STREAKS.filter((a) => !earned.has(a.id));
  if (open.length === 0) return;
  const longest = longestRun(await repos.habits.daysOf(userUuid), restDaysPerWeek)?.length ?? 0;
  await repos.habits.earn(
    userUuid,
    open.filter((a) => longest >= a.target).map((a) => a.id),
    now,
  );
}

/** After a goal change: the goal, if the total already meets it and its deadline is not past. */
export async function earnGoalIfReached(
  repos: Repositories,
  user: { uuid: string; personal_goal: number | null; goal_deadline: string | null },
  today: string,
  now: string,
): Promise<void> {
  if (user.personal_goal === null || user.personal_goal <= 0) return;
  const total = (await repos.pushups.totalOf(user.uuid)) ?? 0;
  if (goalReached(user, total, today)) await repos.habits.earn(user.uuid, ['goal-reached'], now);
}

/** A user took a seat in a group (created it, was accepted, used an invite link): their first group. */
export async function earnFirstGroup(repos: Repositories, userUuid: string, now: string): Promise<void> {
  await repos.habits.earn(userUuid, ['first-group'], now);
}
