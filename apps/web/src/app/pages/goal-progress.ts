import { daysBetween } from '@pushup/shared';

/**
 * Where the user stands with their goal, at a glance: the share done, and what
 * is left per day until the deadline, today included (the day's set may still come).
 */
export type GoalProgress =
  | { state: 'reached'; total: number; goal: number; share: 1 }
  | { state: 'passed'; total: number; goal: number; share: number; deadline: string }
  | {
      state: 'on-the-way';
      total: number;
      goal: number;
      share: number;
      left: number;
      /** null without a deadline. */
      perDay: number | null;
      deadline: string | null;
    };

export function goalProgress(
  total: number,
  goal: number,
  deadline: string | null,
  today: string,
): GoalProgress {
  const share = goal > 0 ? Math.min(1, total / goal) : 1;
  if (total >= goal) return { state: 'reached', total, goal, share: 1 };
  if (deadline !== null && deadline < today) return { state: 'passed', total, goal, share, deadline };
  const left = goal - total;
  const daysLeft = deadline === null ? null : daysBetween(today, deadline) + 1;
  return {
    state: 'on-the-way',
    total,
    goal,
    share,
    left,
    perDay: daysLeft === null ? null : Math.ceil(left / daysLeft),
    deadline,
  };
}
