import { t } from '@lingui/core/macro';
import type { PublicProfilePart } from '@pushup/shared';

/**
 * Our wording for the public profile (docs/product.md, "Public profile"), in the active language:
 * call it when the texts are shown, never at module level.
 */
export function publicProfileTexts() {
  return {
    title: t`Public profile`,
    description: t`Off unless you turn it on. Choose what anyone with the link may see; never your email or your groups.`,
    enabled: t`Make my profile public`,
    partsLegend: t`What it shows`,
    parts: {
      totals: t`Totals`,
      streak: t`Streak`,
      records: t`Records`,
      heatmap: t`Year heatmap`,
      achievements: t`Achievements`,
    } satisfies Record<PublicProfilePart, string>,
    address: t`Your public address`,
    copy: t`Copy`,
    copied: t`Address copied`,
    copyFailed: t`Could not copy the address`,
    saveFailed: t`Failed to save your public profile`,
    previewTitle: t`Preview: what others see`,
    privateNote: t`Your profile is private: its address shows “Page not found” to everyone else.`,
    nothingChosen: t`Only your username: choose a part to show more.`,
    previewFailed: t`Failed to load the preview`,
    totalPushups: t`Pushups`,
    activeDays: t`Active days`,
    currentStreak: t`Current streak`,
    longestStreak: t`Longest streak`,
    bestDay: t`Best day`,
    bestWeek: t`Best week`,
    bestMonth: t`Best month`,
    none: t`None yet`,
    noAchievements: t`No achievements earned yet.`,
    pageLead: t`A public profile on Pushup Tracker.`,
    loadFailed: t`Failed to load this profile`,
  };
}
