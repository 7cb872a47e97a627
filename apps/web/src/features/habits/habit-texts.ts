/** Our wording for streaks, records and achievements where docs/product.md quotes none. */
export const HABIT_TEXTS = {
  settingsSaved: 'Settings saved',
  settingsFailed: 'Failed to save settings',
  logTodayToStart: 'Log today to start a streak',
  restDaysLeft: (left: number) =>
    left === 1 ? '1 rest day left this week' : `${left} rest days left this week`,
  achievementUnlocked: 'Achievement unlocked!',
  achievementsUnlocked: (count: number) => `${count} achievements unlocked!`,
} as const;
