/**
 * The achievements a user can earn (docs/product.md, "Achievements"): what each one asks, in one
 * list for the server, which awards them, and the web app, which shows them. An achievement is
 * earned once, when the write that reaches it commits, and stays earned.
 */

/**
 * What an achievement measures: the all-time total, the best single day, the longest streak (days),
 * and one-offs: a goal, a group (a seat in one; a group challenge completed or won), a training plan
 * finished.
 */
export type AchievementKind = 'total' | 'day' | 'streak' | 'goal' | 'group' | 'plan';

export interface AchievementDefinition {
  id: string;
  kind: AchievementKind;
  /** What the measure must reach (1 for the one-offs). */
  target: number;
  title: string;
  description: string;
}

export const ACHIEVEMENTS = [
  { id: 'first-entry', kind: 'total', target: 1, title: 'First Rep', description: 'Log your first pushups' },
  { id: 'total-100', kind: 'total', target: 100, title: 'Century', description: '100 pushups in total' },
  {
    id: 'total-1000',
    kind: 'total',
    target: 1000,
    title: 'Thousand Club',
    description: '1,000 pushups in total',
  },
  {
    id: 'total-10000',
    kind: 'total',
    target: 10_000,
    title: 'Ten Thousand',
    description: '10,000 pushups in total',
  },
  {
    id: 'total-100000',
    kind: 'total',
    target: 100_000,
    title: 'Legend',
    description: '100,000 pushups in total',
  },
  { id: 'day-50', kind: 'day', target: 50, title: 'Solid Day', description: '50 pushups in one day' },
  { id: 'day-100', kind: 'day', target: 100, title: 'Hundred Day', description: '100 pushups in one day' },
  { id: 'day-200', kind: 'day', target: 200, title: 'Powerhouse', description: '200 pushups in one day' },
  { id: 'streak-7', kind: 'streak', target: 7, title: 'One Week Strong', description: 'A 7-day streak' },
  { id: 'streak-30', kind: 'streak', target: 30, title: 'Monthly Habit', description: 'A 30-day streak' },
  { id: 'streak-100', kind: 'streak', target: 100, title: 'Unstoppable', description: 'A 100-day streak' },
  {
    id: 'streak-365',
    kind: 'streak',
    target: 365,
    title: 'Year of Pushups',
    description: 'A 365-day streak',
  },
  {
    id: 'goal-reached',
    kind: 'goal',
    target: 1,
    title: 'Goal Getter',
    description: 'Reach your goal by its deadline',
  },
  {
    id: 'first-group',
    kind: 'group',
    target: 1,
    title: 'Team Player',
    description: 'Join or create your first group',
  },
  {
    id: 'plan-finished',
    kind: 'plan',
    target: 1,
    title: 'Plan Complete',
    description: 'Finish a training plan',
  },
  {
    id: 'challenge-completed',
    kind: 'group',
    target: 1,
    title: 'Challenge Accepted',
    description: 'Complete a group challenge',
  },
  {
    id: 'challenge-won',
    kind: 'group',
    target: 1,
    title: 'Champion',
    description: 'Win a group challenge race',
  },
] as const satisfies readonly AchievementDefinition[];

export type AchievementId = (typeof ACHIEVEMENTS)[number]['id'];

export const ACHIEVEMENT_IDS = ACHIEVEMENTS.map((achievement) => achievement.id) as [
  AchievementId,
  ...AchievementId[],
];

/** How many rest days a week a streak may hold without breaking (docs/product.md, "Streaks"). */
export const REST_DAYS_PER_WEEK_MAX = 2;
