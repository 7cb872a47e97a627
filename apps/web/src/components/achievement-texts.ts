import { t } from '@lingui/core/macro';
import type { AchievementDefinition, AchievementId } from '@pushup/shared';
import { formatNumber } from '@/lib/i18n/format';

/**
 * The achievements' names and descriptions in the active language. packages/shared
 * keeps the English ones for the server; these say the same, with numbers as the language writes
 * them ('1,000 pushups in total', '1.000 Liegestütze insgesamt').
 */

function inTotal(target: number): string {
  const count = formatNumber(target);
  return t`${count} pushups in total`;
}

function inOneDay(target: number): string {
  const count = formatNumber(target);
  return t`${count} pushups in one day`;
}

function streakOf(target: number): string {
  const days = formatNumber(target);
  return t`A ${days}-day streak`;
}

const TEXTS: Record<AchievementId, { title: () => string; description: (target: number) => string }> = {
  'first-entry': { title: () => t`First Rep`, description: () => t`Log your first pushups` },
  'total-100': { title: () => t`Century`, description: inTotal },
  'total-1000': { title: () => t`Thousand Club`, description: inTotal },
  'total-10000': { title: () => t`Ten Thousand`, description: inTotal },
  'total-100000': { title: () => t`Legend`, description: inTotal },
  'day-50': { title: () => t`Solid Day`, description: inOneDay },
  'day-100': { title: () => t`Hundred Day`, description: inOneDay },
  'day-200': { title: () => t`Powerhouse`, description: inOneDay },
  'streak-7': { title: () => t`One Week Strong`, description: streakOf },
  'streak-30': { title: () => t`Monthly Habit`, description: streakOf },
  'streak-100': { title: () => t`Unstoppable`, description: streakOf },
  'streak-365': { title: () => t`Year of Pushups`, description: streakOf },
  'goal-reached': { title: () => t`Goal Getter`, description: () => t`Reach your goal by its deadline` },
  'first-group': { title: () => t`Team Player`, description: () => t`Join or create your first group` },
  'plan-finished': { title: () => t`Plan Complete`, description: () => t`Finish a training plan` },
  'challenge-completed': {
    title: () => t`Challenge Accepted`,
    description: () => t`Complete a group challenge`,
  },
  'challenge-won': { title: () => t`Champion`, description: () => t`Win a group challenge race` },
};

/** An achievement's name and description in the active language (its English ones for an unknown id). */
export function achievementText(
  achievement: Pick<AchievementDefinition, 'id' | 'target' | 'title' | 'description'>,
): {
  title: string;
  description: string;
} {
  const texts = TEXTS[achievement.id as AchievementId];
  if (!texts) return { title: achievement.title, description: achievement.description };
  return { title: texts.title(), description: texts.description(achievement.target) };
}
