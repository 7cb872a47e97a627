import { ACHIEVEMENTS, type AchievementId, type GroupAchievements } from '@pushup/shared';

/** How many of each member's achievements a group shows (docs/product.md, "Achievements"). */
export const GROUP_LATEST_ACHIEVEMENTS = 3;

export type LatestAchievements = GroupAchievements[number]['latest'];

/** Each achievement's place in the catalogue. */
const CATALOGUE_INDEX = new Map<string, number>(ACHIEVEMENTS.map((a, i) => [a.id, i]));

/** Newest first; ties in the instant go to the later one in the catalogue. */
function newestFirst(a: { id: string; earnedAt: string }, b: { id: string; earnedAt: string }): number {
  if (a.earnedAt !== b.earnedAt) return a.earnedAt < b.earnedAt ? 1 : -1;
  return (CATALOGUE_INDEX.get(b.id) ?? 0) - (CATALOGUE_INDEX.get(a.id) ?? 0);
}

/**
 * A member's latest achievements as a group shows them, from all they have earned (`[id, earned_at]`
 * pairs in any order); ids no longer in the catalogue are left out.
 */
export function latestAchievements(earned: readonly (readonly [string, string])[]): LatestAchievements {
  return earned
    .filter(([id]) => CATALOGUE_INDEX.has(id))
    .map(([id, earnedAt]) => ({ id: id as AchievementId, earnedAt }))
    .sort(newestFirst)
    .slice(0, GROUP_LATEST_ACHIEVEMENTS);
}
