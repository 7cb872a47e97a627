import { ACHIEVEMENTS, type AchievementId, type AchievementKind, addDays } from '@pushup/shared';
import type { Repositories } from '../../repositories';
import type { StreakCheck } from '../../repositories/streak-check';
import { writeAchievementLines } from '../challenges/feed-writes';
import { localTimeToInstant } from '../shared/local-time';
import { type DayTotal, daysRunsReached, longestRun } from './streaks';

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

/** When a write happened, in the caller's zone: what it reaches is dated by it. */
interface EarningClock {
  /** The caller's today, in the zone of X-Timezone. */
  today: string;
  now: string;
  /** The zone of X-Timezone. */
  timeZone: string;
}

/**
 * When an achievement reached on `day` counts as earned: now when that is today; else 12:00 of that
 * day in the caller's zone, the instant an entry logged for a past day gets (docs/product.md,
 * "Achievements": an achievement reached by back-dated or imported entries carries the day of
 * the history on which it was reached).
 */
function earnedAt(day: string, clock: EarningClock): string {
  return day >= clock.today ? clock.now : localTimeToInstant(day, '12:00', clock.timeZone).toISOString();
}

/**
 * Earns `ids` for the user at `at` (those not earned yet) and reports the new ones in the feeds of
 * the user's groups, in the same transaction (docs/product.md, "Group challenges, cheers and the feed").
 */
async function earn(repos: Repositories, userUuid: string, ids: readonly AchievementId[], at: string) {
  const earned = await repos.habits.earn(userUuid, ids, at);
  await writeAchievementLines(repos, userUuid, earned, at);
}

/** Earns each achievement of `reached` at the instant of the day it was reached on. */
async function earnOnDays(
  repos: Repositories,
  userUuid: string,
  reached: ReadonlyMap<AchievementId, string>,
  clock: EarningClock,
): Promise<void> {
  const byInstant = new Map<string, AchievementId[]>();
  for (const [id, day] of reached) {
    const at = earnedAt(day, clock);
    byInstant.set(at, [...(byInstant.get(at) ?? []), id]);
  }
  for (const [at, ids] of byInstant) await earn(repos, userUuid, ids, at);
}

/**
 * For each of `targets`, the first of `days` (oldest first) on which the running total reached it,
 * counting from `before` (the total of the days before them); a target not reached is left out.
 */
function daysTotalsReached(
  days: readonly DayTotal[],
  before: number,
  targets: readonly number[],
): Map<number, string> {
  const reached = new Map<number, string>();
  let running = before;
  for (const { day, total } of days) {
    running += total;
    for (const target of targets) if (!reached.has(target) && running >= target) reached.set(target, day);
  }
  return reached;
}

/** The achievements of `ids`, each by the day its target was reached on (`today` when not found). */
function onDays(
  ids: readonly AchievementId[],
  targetOf: (id: AchievementId) => number,
  days: ReadonlyMap<number, string>,
  today: string,
): [AchievementId, string][] {
  return ids.map((id) => [id, days.get(targetOf(id)) ?? today]);
}

const targetOf = (id: AchievementId) => ACHIEVEMENTS.find((a) => a.id === id)?.target ?? 0;

/** What an entry write (a log or an edit) changed, as the earning needs it. */
export interface EntryWrite extends EarningClock {
  user: {
    uuid: string;
    personal_goal: number | null;
    goal_deadline: string | null;
    rest_days_per_week: number;
  };
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
 * anything, and never take back what was earned. A write to a past day dates what it reaches by the
 * day of the history it was reached on (earnedAt): reading the days from the written one on only
 * then, and only when it crossed a total.
 */
export async function earnAfterEntryWrite(repos: Repositories, write: EntryWrite): Promise<void> {
  const pastDay = write.day < write.today;
  const totals: AchievementId[] = crossed('total', write.totalBefore, write.totalAfter);
  const goal = write.user.personal_goal;
  const goalTarget =
    goal !== null && write.totalBefore < goal && goalReached(write.user, write.totalAfter, write.today)
      ? goal
      : null;
  const reached = new Map<AchievementId, string>(
    crossed('day', write.dayBefore, write.dayAfter).map((id) => [id, write.day]),
  );
  if (totals.length > 0 || goalTarget !== null) {
    let totalDays = new Map<number, string>();
    if (pastDay) {
      const later = await repos.habits.daysOf(write.user.uuid, { from: write.day });
      const laterSum = later.reduce((sum, d) => sum + d.total, 0);
      const targets = [...totals.map(targetOf), ...(goalTarget === null ? [] : [goalTarget])];
      totalDays = daysTotalsReached(later, write.totalAfter - laterSum, targets);
    }
    for (const [id, day] of onDays(totals, targetOf, totalDays, write.today)) reached.set(id, day);
    if (goalTarget !== null) reached.set('goal-reached', totalDays.get(goalTarget) ?? write.today);
  }
  // A streak only grows when a day gets its first push-ups (or the rest days go up, in settings).
  if (write.dayBefore <= 0 && write.dayAfter > 0) {
    const check =
      write.streakCheck ?? (await repos.habits.streakCheckOf(write.user.uuid, streakRange(write.day)));
    const streaks = streaksReached(check, write.user.rest_days_per_week);
    const runDays = pastDay
      ? daysRunsReached(check.days, write.user.rest_days_per_week, streaks.map(targetOf))
      : new Map<number, string>();
    for (const [id, day] of onDays(streaks, targetOf, runDays, write.today)) reached.set(id, day);
  }
  await earnOnDays(repos, write.user.uuid, reached, write);
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
export interface ImportWrite extends EarningClock {
  user: EntryWrite['user'];
  totalBefore: number;
  totalAfter: number;
  days: readonly { day: string; before: number; after: number }[];
}

/**
 * After an import: what an entry write earns, for the total and every day at once, each dated by
 * the day of the history it was reached on (earnedAt). A day that got its first push-ups may join
 * runs anywhere in the history, so the totals' days and the streaks are found over all of it (an
 * import is rare, and reads the user's days once).
 */
export async function earnAfterImport(repos: Repositories, write: ImportWrite): Promise<void> {
  const reached = new Map<AchievementId, string>();
  // Oldest first: a best-day achievement is reached on the first day that crossed it.
  for (const d of [...write.days].sort((a, b) => (a.day < b.day ? -1 : 1))) {
    for (const id of crossed('day', d.before, d.after)) if (!reached.has(id)) reached.set(id, d.day);
  }
  const totals = crossed('total', write.totalBefore, write.totalAfter);
  const goal = write.user.personal_goal;
  const goalTarget =
    goal !== null && write.totalBefore < goal && goalReached(write.user, write.totalAfter, write.today)
      ? goal
      : null;
  const newDay = write.days.some((d) => d.before <= 0 && d.after > 0);
  if (totals.length > 0 || goalTarget !== null || newDay) {
    const days = await repos.habits.daysOf(write.user.uuid);
    const targets = [...totals.map(targetOf), ...(goalTarget === null ? [] : [goalTarget])];
    const totalDays = daysTotalsReached(days, 0, targets);
    for (const [id, day] of onDays(totals, targetOf, totalDays, write.today)) reached.set(id, day);
    if (goalTarget !== null) reached.set('goal-reached', totalDays.get(goalTarget) ?? write.today);
    if (newDay) {
      for (const [id, day] of await streaksOfHistory(
        repos,
        write.user.uuid,
        write.user.rest_days_per_week,
        days,
      )) {
        reached.set(id, day);
      }
    }
  }
  await earnOnDays(repos, write.user.uuid, reached, write);
}

/**
 * The streak achievements not yet earned that the whole history `days` reaches, each with the day a
 * run first reached its length.
 */
async function streaksOfHistory(
  repos: Repositories,
  userUuid: string,
  restDaysPerWeek: number,
  days: readonly DayTotal[],
): Promise<Map<AchievementId, string>> {
  const earned = new Set((await repos.habits.earnedOf(userUuid)).map((row) => row.achievement_id));
  const open = STREAKS.filter((a) => !earned.has(a.id));
  if (open.length === 0) return new Map();
  const runDays = daysRunsReached(
    days,
    restDaysPerWeek,
    open.map((a) => a.target),
  );
  return new Map(
    open.flatMap((a) => {
      const day = runDays.get(a.target);
      return day === undefined ? [] : [[a.id, day] as const];
    }),
  );
}

/**
 * After the rest days went up: the streak achievements the whole history now reaches, earned now (a
 * change of the rule, not of the history; a settings change is rare, so it reads all the user's days).
 */
export async function earnStreaksOfHistory(
  repos: Repositories,
  userUuid: string,
  restDaysPerWeek: number,
  now: string,
): Promise<void> {
  const reached = await streaksOfHistory(
    repos,
    userUuid,
    restDaysPerWeek,
    await repos.habits.daysOf(userUuid),
  );
  await earn(repos, userUuid, [...reached.keys()], now);
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
  if (goalReached(user, total, today)) await earn(repos, user.uuid, ['goal-reached'], now);
}

/** A user took a seat in a group (created it, was accepted, used an invite link): their first group. */
export async function earnFirstGroup(repos: Repositories, userUuid: string, now: string): Promise<void> {
  await earn(repos, userUuid, ['first-group'], now);
}

/** A workout finished the last session of a plan (docs/product.md, "Training plans"). */
export async function earnPlanFinished(repos: Repositories, userUuid: string, now: string): Promise<void> {
  await earn(repos, userUuid, ['plan-finished'], now);
}

/**
 * A challenge's result was fixed (docs/product.md, "Group challenges, cheers and the feed"): the
 * participant completed it, and won it when they are among a race's winners.
 */
export async function earnChallengeResult(
  repos: Repositories,
  userUuid: string,
  won: boolean,
  now: string,
): Promise<void> {
  await earn(repos, userUuid, won ? ['challenge-completed', 'challenge-won'] : ['challenge-completed'], now);
}
