import { ACHIEVEMENTS, type AchievementStatus, type Records, type Streak } from '@pushup/shared';
import type { EarnedRow } from '../../repositories/habits.repository';
import { goalReached } from './earning';

/** What the achievements' progress is measured on: the user's profile and standing. */
export interface AchievementsBasis {
  personal_goal: number | null;
  goal_deadline: string | null;
  total: number;
  in_group: boolean;
  earned: readonly EarnedRow[];
}

/**
 * Every achievement in the catalogue's order (docs/product.md, "Achievements"): when it was earned and
 * whether it is still to be announced, and the measure it asks for now (capped at its target; the
 * target once earned). `today` is the caller's, for the goal's deadline.
 */
export function achievementStatuses(
  user: AchievementsBasis,
  history: { streak: Streak; records: Records },
  today: string,
): AchievementStatus[] {
  const earned = new Map(user.earned.map((row) => [row.achievement_id, row]));
  const measure: Record<(typeof ACHIEVEMENTS)[number]['kind'], number> = {
    total: user.total,
    day: history.records.bestDay?.total ?? 0,
    streak: history.streak.longest,
    goal: goalReached(user, user.total, today) ? 1 : 0,
    group: user.in_group ? 1 : 0,
    // Reached only by the workout that finishes a plan, which earns it at once.
    plan: 0,
  };
  return ACHIEVEMENTS.map((a) => {
    const row = earned.get(a.id);
    // A group challenge's are reached only when a challenge's result is fixed, which earns them at once.
    const now = a.id === 'challenge-completed' || a.id === 'challenge-won' ? 0 : measure[a.kind];
    return {
      id: a.id,
      earnedAt: row?.earned_at ?? null,
      unseen: row !== undefined && row.seen_at === null,
      progress: row ? a.target : Math.min(now, a.target),
      target: a.target,
    };
  });
}
