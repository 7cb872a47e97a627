import { MESSAGES } from '@pushup/shared';
import { describe, expect, it } from 'vitest';
import {
  changedGoalFields,
  savedDeadlinePassed,
  validateGoalForm,
} from '@/features/profile/components/goal-form-state';

const TODAY = '2026-03-10';
const empty = { personalGoal: '', goalDeadline: '', goalDescription: '' };

describe('goal form: goals that make sense', () => {
  it('refuses a goal of 0 and a deadline before today at their fields; today is fine', () => {
    const errors = validateGoalForm(
      { ...empty, personalGoal: '0', goalDeadline: '2026-03-09' },
      empty,
      TODAY,
    );
    expect(errors.personalGoal).toBe(MESSAGES.goalZero);
    expect(errors.goalDeadline).toBe(MESSAGES.goalDeadlinePast);
    const fine = validateGoalForm({ ...empty, personalGoal: '1', goalDeadline: TODAY }, empty, TODAY);
    expect(fine).toEqual({ personalGoal: null, goalDeadline: null, goalDescription: null });
  });

  it('does not refuse a saved value the user did not change: a passed deadline, a goal of 0', () => {
    const saved = { personalGoal: '0', goalDeadline: '2025-06-30', goalDescription: 'Old' };
    const values = { ...saved, goalDescription: 'New' };
    expect(validateGoalForm(values, saved, TODAY)).toEqual({
      personalGoal: null,
      goalDeadline: null,
      goalDescription: null,
    });
    expect(changedGoalFields(saved, values)).toEqual({ goalDescription: 'New' });
    expect(savedDeadlinePassed(saved, TODAY)).toBe(true);
    expect(savedDeadlinePassed({ ...saved, goalDeadline: TODAY }, TODAY)).toBe(false);
  });

  it('lets a passed deadline be cleared, and refuses setting it again after a change', () => {
    const saved = { personalGoal: '500', goalDeadline: '2025-06-30', goalDescription: '' };
    expect(validateGoalForm({ ...saved, goalDeadline: '' }, saved, TODAY).goalDeadline).toBeNull();
    expect(validateGoalForm({ ...saved, goalDeadline: '2025-07-01' }, saved, TODAY).goalDeadline).toBe(
      MESSAGES.goalDeadlinePast,
    );
  });
});
