import {
  GOAL_DESCRIPTION_MAX_LENGTH,
  type UpdateGoalBody,
  type UserProfile,
  validateGoal,
  validateGoalDeadline,
  validateGoalDescription,
} from '@pushup/shared';
import { localizeMessage } from '@/lib/i18n/catalog';

/** The goal form's values as the inputs hold them. */
export interface GoalFormValues {
  personalGoal: string;
  goalDeadline: string;
  goalDescription: string;
}

export function valuesFromProfile(profile: UserProfile): GoalFormValues {
  return {
    personalGoal:
      profile.personalGoal === null || profile.personalGoal === undefined ? '' : String(profile.personalGoal),
    goalDeadline: profile.goalDeadline ? profile.goalDeadline.slice(0, 10) : '',
    goalDescription: profile.goalDescription ?? '',
  };
}

function parseGoal(value: string): number | null {
  return value.trim() === '' ? null : Number(value);
}

export interface GoalFormErrors {
  personalGoal: string | null;
  goalDeadline: string | null;
  goalDescription: string | null;
}

/** A shared validation result in the active language. */
const localized = (problem: string | null) => (problem ? localizeMessage(problem) : null);

/**
 * Each field's problem, in the active language. Only a field that differs from the saved value is
 * checked: a saved deadline that has since passed (or a goal saved before 0 was refused) does not
 * block a change of another field, just as the server checks only the fields it is sent. A deadline
 * being set must not be before `today`, the user's day (`YYYY-MM-DD`, the zone the API is told).
 */
export function validateGoalForm(
  values: GoalFormValues,
  saved: GoalFormValues,
  today: string,
): GoalFormErrors {
  const goal = parseGoal(values.personalGoal);
  const goalChanged = goal !== parseGoal(saved.personalGoal);
  const deadlineChanged = values.goalDeadline !== saved.goalDeadline;
  return {
    personalGoal: goalChanged
      ? localized(goal !== null && Number.isNaN(goal) ? validateGoal(-1) : validateGoal(goal))
      : null,
    goalDeadline: deadlineChanged
      ? localized(validateGoalDeadline(values.goalDeadline === '' ? null : values.goalDeadline, today))
      : null,
    goalDescription: localized(validateGoalDescription(values.goalDescription)),
  };
}

/** Whether the saved deadline has passed (the form says so, and asks for a new one). */
export function savedDeadlinePassed(saved: GoalFormValues, today: string): boolean {
  return saved.goalDeadline !== '' && saved.goalDeadline < today;
}

/** Only the fields that differ from the saved values (docs/product.md, "Calls"). */
export function changedGoalFields(saved: GoalFormValues, current: GoalFormValues): UpdateGoalBody {
  const body: UpdateGoalBody = {};
  if (parseGoal(saved.personalGoal) !== parseGoal(current.personalGoal)) {
    body.personalGoal = parseGoal(current.personalGoal);
  }
  if (saved.goalDeadline !== current.goalDeadline) {
    body.goalDeadline = current.goalDeadline === '' ? null : current.goalDeadline;
  }
  if (saved.goalDescription.trim() !== current.goalDescription.trim()) {
    const description = current.goalDescription.trim();
    body.goalDescription = description === '' ? null : description;
  }
  return body;
}

export const remainingCharacters = (description: string) => GOAL_DESCRIPTION_MAX_LENGTH - description.length;
