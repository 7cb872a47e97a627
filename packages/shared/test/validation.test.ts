import { describe, expect, it } from 'vitest';
import {
  createPushupBodySchema,
  createUserBodySchema,
  MESSAGES,
  updateGoalBodySchema,
  validateDeleteConfirmation,
  validateEntryDay,
  validateGoal,
  validateGoalDeadline,
  validateGoalDescription,
  validateGroupName,
  validateUsername,
} from '../src';

describe('username rules (docs/product.md, "Validation")', () => {
  it.each([
    ['', 'Username cannot be empty'],
    ['   ', 'Username cannot be empty'],
    ['ab', 'Username must be at least 3 characters long'],
    ['a'.repeat(31), 'Username cannot be longer than 30 characters'],
    ['push up', 'Username cannot contain spaces'],
    ['push.up', 'Username can only contain letters, numbers, underscores, and hyphens'],
    ['pushé', 'Username can only contain letters, numbers, underscores, and hyphens'],
  ])('%j gives %j', (input, message) => {
    expect(validateUsername(input)).toBe(message);
  });

  it.each(['abc', 'Push_Up-2025', 'a'.repeat(30), '  trimmed  '])('%j is valid', (input) => {
    expect(validateUsername(input)).toBeNull();
  });

  it('the request schema trims and reports the same message', () => {
    expect(createUserBodySchema.parse({ username: '  alice ' }).username).toBe('alice');
    const result = createUserBodySchema.safeParse({ username: 'a b' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.usernameSpaces);
  });
});

describe('group name rules', () => {
  it.each(['', '  ', 'ab', 'x'.repeat(31)])('%j is refused', (name) => {
    expect(validateGroupName(name)).toBe(MESSAGES.groupNameInvalid);
  });
  it.each(['abc', ' Morning Crew ', 'x'.repeat(30)])('%j is accepted', (name) => {
    expect(validateGroupName(name)).toBeNull();
  });
});

describe('goal rules', () => {
  it('accepts 1..1,000,000 whole numbers and null', () => {
    expect(validateGoal(1)).toBeNull();
    expect(validateGoal(1_000_000)).toBeNull();
    expect(validateGoal(null)).toBeNull();
  });
  it.each([-1, 1_000_001, 2.5, Number.NaN])('%d is refused', (goal) => {
    expect(validateGoal(goal)).toBe(MESSAGES.goalRange);
  });
  it('a goal of 0 is refused with its own message (docs/decisions/024)', () => {
    expect(validateGoal(0)).toBe(MESSAGES.goalZero);
  });
  it('a deadline being set may not be before today; today itself is fine', () => {
    expect(validateGoalDeadline('2026-03-09', '2026-03-10')).toBe(MESSAGES.goalDeadlinePast);
    expect(validateGoalDeadline('2026-03-10', '2026-03-10')).toBeNull();
    expect(validateGoalDeadline('2026-03-11', '2026-03-10')).toBeNull();
    expect(validateGoalDeadline(null, '2026-03-10')).toBeNull();
  });
  it('deadline must be a real day not before 2025-01-01', () => {
    expect(validateGoalDeadline('2024-12-31')).toBe('Cannot select dates before January 1, 2025');
    expect(validateGoalDeadline('2025-02-30')).not.toBeNull();
    expect(validateGoalDeadline('2025-01-01')).toBeNull();
  });
  it('description is at most 50 characters', () => {
    expect(validateGoalDescription('x'.repeat(50))).toBeNull();
    expect(validateGoalDescription('x'.repeat(51))).toBe(MESSAGES.goalDescriptionTooLong);
  });
  it('the goal body needs at least one goal field and nothing else', () => {
    expect(updateGoalBodySchema.safeParse({}).success).toBe(false);
    expect(updateGoalBodySchema.safeParse({ personalGoal: 500 }).success).toBe(true);
    expect(updateGoalBodySchema.safeParse({ personalGoal: 500, subscriptionTier: {} }).success).toBe(false);
    expect(updateGoalBodySchema.safeParse({ goalDescription: null }).success).toBe(true);
  });
});

describe('back-dating rules', () => {
  it('refuses the future and days before 2025', () => {
    expect(validateEntryDay('2026-11-23', '2026-11-22')).toBe('Cannot select future dates');
    expect(validateEntryDay('2024-12-31', '2026-11-22')).toBe('Cannot select dates before January 1, 2025');
    expect(validateEntryDay('2026-11-22', '2026-11-22')).toBeNull();
    expect(validateEntryDay('2025-01-01', '2026-11-22')).toBeNull();
  });
});

describe('entry id of a new entry (docs/product.md, "Logging an entry once")', () => {
  const uuid = '3f0c8a4e-5b1d-4c2a-9e7f-1a2b3c4d5e6f';

  it('is optional, and read in lower case', () => {
    expect(createPushupBodySchema.parse({ count: 5 })).toEqual({ count: 5 });
    expect(createPushupBodySchema.parse({ count: 5, uuid: uuid.toUpperCase() })).toEqual({ count: 5, uuid });
  });

  it.each(['', 'not-a-uuid', uuid.slice(1), uuid.replace(/-/g, ''), `{${uuid}}`, ` ${uuid}`, 12, null])(
    '%j is refused with the entry id message',
    (bad) => {
      const result = createPushupBodySchema.safeParse({ count: 5, uuid: bad });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([MESSAGES.entryIdInvalid]);
    },
  );
});

describe('account deletion confirmation', () => {
  it.each(['confirm', 'CONFIRM', ' Confirm '])('%j confirms', (typed) => {
    expect(validateDeleteConfirmation(typed)).toBeNull();
  });
  it.each(['', 'conf', 'delete'])('%j is refused with the spec message', (typed) => {
    expect(validateDeleteConfirmation(typed)).toBe('Please type "confirm" to delete your account');
  });
});
