import {
  EARLIEST_DAY,
  GOAL_DESCRIPTION_MAX_LENGTH,
  GOAL_MAX,
  GOAL_MIN,
  GROUP_NAME_MAX_LENGTH,
  GROUP_NAME_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from './limits';
import { MESSAGES } from './messages';

/**
 * Validation rules of docs/product.md, "Validation". Each returns the spec's message for the first rule broken,
 * or null when the value is valid. The server runs the same functions (through the zod schemas).
 */

export function validateUsername(raw: string): string | null {
  const username = raw.trim();
  if (username.length === 0) return MESSAGES.usernameEmpty;
  if (username.length < USERNAME_MIN_LENGTH) return MESSAGES.usernameTooShort;
  if (username.length > USERNAME_MAX_LENGTH) return MESSAGES.usernameTooLong;
  if (/\s/.test(username)) return MESSAGES.usernameSpaces;
  if (!/^[A-Za-z0-9_-]+$/.test(username)) return MESSAGES.usernameCharacters;
  return null;
}

export function validateGroupName(raw: string): string | null {
  const name = raw.trim();
  if (name.length < GROUP_NAME_MIN_LENGTH || name.length > GROUP_NAME_MAX_LENGTH) {
    return MESSAGES.groupNameInvalid;
  }
  return null;
}

/** A goal: null (no goal) or a whole number from 1 to 1,000,000; 0 has its own message. */
export function validateGoal(goal: number | null): string | null {
  if (goal === null) return null;
  if (goal === 0) return MESSAGES.goalZero;
  if (!Number.isInteger(goal) || goal < GOAL_MIN || goal > GOAL_MAX) return MESSAGES.goalRange;
  return null;
}

export function validateGoalDescription(description: string): string | null {
  return description.length > GOAL_DESCRIPTION_MAX_LENGTH ? MESSAGES.goalDescriptionTooLong : null;
}

/** A calendar day `YYYY-MM-DD` that is a real date. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * A goal deadline: a real day, not before 2025-01-01 and, when `today` (the user's day, `YYYY-MM-DD`)
 * is given, not before today. Only a deadline being set is checked against today: a saved one that
 * has since passed stays readable.
 */
export function validateGoalDeadline(day: string | null, today?: string): string | null {
  if (day === null) return null;
  if (!isCalendarDay(day)) return MESSAGES.goalDeadlineInvalid;
  if (day < EARLIEST_DAY) return MESSAGES.dateBeforeEarliest;
  if (today !== undefined && day < today) return MESSAGES.goalDeadlinePast;
  return null;
}

/**
 * Back-dating rule for a calendar day chosen in the user's own zone.
 * `today` is the user's current day, `YYYY-MM-DD`.
 */
export function validateEntryDay(day: string, today: string): string | null {
  if (day < EARLIEST_DAY) return MESSAGES.dateBeforeEarliest;
  if (day > today) return MESSAGES.futureDate;
  return null;
}

/** Account deletion needs 'confirm', case-insensitive. */
export function validateDeleteConfirmation(typed: string): string | null {
  return typed.trim().toLowerCase() === 'confirm' ? null : MESSAGES.deleteConfirmation;
}
