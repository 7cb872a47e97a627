import { type Language, type ReminderPayload, reminderPayloadSchema, SHARED_TEXTS_EN } from '@pushup/shared';
import { SHARED_TEXTS_DE } from '@pushup/shared/messages-de';
import type { TodaysWorkout } from '../plans/plan-reminder';

/** A push service keeps an undelivered reminder this long; after that it is stale. */
export const REMINDER_TTL_SECONDS = 4 * 60 * 60;
/** The push's topic: a newer reminder replaces one the device has not received yet. */
export const REMINDER_TAG = 'daily-reminder';
const REMINDER_NOTIFICATION_TITLE = 'Pushup Tracker';

/**
 * The push's JSON: docs/product.md, "Reminders", in the user's language (English when not chosen).
 * On a training day of the user's plan it names today's workout instead of the streak.
 */
export function reminderPayload(
  streakDays: number,
  language: Language | null = null,
  workout: TodaysWorkout | null = null,
): ReminderPayload {
  const texts = language === 'de' ? SHARED_TEXTS_DE : SHARED_TEXTS_EN;
  return reminderPayloadSchema.parse({
    title: REMINDER_NOTIFICATION_TITLE,
    body: workout
      ? texts.reminderWorkoutText(workout.week, workout.day, workout.sets, workout.pushups)
      : texts.reminderText(streakDays),
    url: '/',
    tag: REMINDER_TAG,
  });
}
