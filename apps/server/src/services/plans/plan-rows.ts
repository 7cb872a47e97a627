import type { PlacementTest, PlanProgress, PlanSettings, Workout } from '@pushup/shared';
import type { PlacementTestRow, PlanRow, WorkoutRow } from '../../repositories/plans.repository';

/**
 * A plan's rows as the plans' rules read them (migration 0015): settings and progress are JSON text,
 * a workout's sets and targets comma-separated numbers. Only this module reads or writes those forms.
 */

export const settingsOf = (row: Pick<PlanRow, 'settings'>): PlanSettings => JSON.parse(row.settings);
export const progressOf = (row: Pick<PlanRow, 'progress'>): PlanProgress => JSON.parse(row.progress);
export const progressText = (progress: PlanProgress): string => JSON.stringify(progress);
export const settingsText = (settings: PlanSettings): string => JSON.stringify(settings);

export const numbersText = (numbers: readonly number[]): string => numbers.join(',');
export const numbersOf = (text: string): number[] => (text === '' ? [] : text.split(',').map(Number));

export function toWorkout(
  row: Pick<WorkoutRow, 'id' | 'session' | 'day' | 'sets' | 'targets' | 'total'>,
): Workout {
  return {
    id: row.id,
    session: row.session,
    day: row.day,
    sets: numbersOf(row.sets),
    targets: numbersOf(row.targets),
    total: row.total,
  };
}

export function toPlacementTest(row: PlacementTestRow): PlacementTest {
  return { id: row.id, count: row.count, day: row.day, takenAt: row.taken_at };
}
