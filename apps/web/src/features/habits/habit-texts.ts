import { plural, t } from '@lingui/core/macro';

/**
 * Our wording for streaks, records and achievements where docs/product.md quotes none. Functions, so
 * each text is looked up in the active language when it is shown.
 */
export const HABIT_TEXTS = {
  settingsSaved: () => t`Settings saved`,
  settingsFailed: () => t`Failed to save settings`,
  logTodayToStart: () => t`Log today to start a streak`,
  restDaysLeft: (left: number) =>
    plural(left, { one: '# rest day left this week', other: '# rest days left this week' }),
  /** 'Achievement unlocked!' for one, '3 achievements unlocked!' for more. */
  achievementsUnlocked: (count: number) =>
    plural(count, { one: 'Achievement unlocked!', other: '# achievements unlocked!' }),
};
