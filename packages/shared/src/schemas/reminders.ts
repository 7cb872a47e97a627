import { z } from 'zod';
import { MESSAGES } from '../messages';

/**
 * Daily reminders by Web Push (docs/product.md, "Reminders"): a local time and weekdays; when
 * nothing is logged by then that day, in the user's zone, each of the user's devices gets one.
 */

/** `HH:MM`, 24-hour. */
const reminderTimeSchema = z
  .string({ error: MESSAGES.reminderTimeInvalid })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: MESSAGES.reminderTimeInvalid });

/** Days of the week, 0 = Sunday ... 6 = Saturday, each at most once. */
const reminderWeekdaysSchema = z
  .array(z.number().int().min(0).max(6), { error: MESSAGES.reminderWeekdaysInvalid })
  .max(7, { error: MESSAGES.reminderWeekdaysInvalid })
  .refine((days) => new Set(days).size === days.length, { error: MESSAGES.reminderWeekdaysInvalid });

/** GET and PUT /api/reminders. */
export const reminderSettingsSchema = z.object({
  enabled: z.boolean(),
  time: z.string(),
  weekdays: z.array(z.number().int()),
  /** The IANA zone the time is in: the zone of X-Timezone when the settings were saved. */
  timeZone: z.string(),
  /** The server's VAPID public key (base64url) for PushManager.subscribe; null when it cannot send. */
  vapidPublicKey: z.string().nullable(),
  /** How many devices of the user will be reminded. */
  devices: z.number().int(),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

/** PUT /api/reminders: the zone comes from X-Timezone. */
export const updateRemindersBodySchema = z
  .object({
    enabled: z.boolean({ error: MESSAGES.reminderEnabledInvalid }),
    time: reminderTimeSchema,
    weekdays: reminderWeekdaysSchema,
  })
  .strict();
export type UpdateRemindersBody = z.input<typeof updateRemindersBodySchema>;

/**
 * POST /api/reminders/devices: a browser's PushSubscription (its toJSON()). The server checks more
 * than a browser could (apps/server/src/services/reminders/push-address.ts): that `p256dh` is a point
 * on P-256 (65 bytes, uncompressed), `auth` 16 bytes, and the endpoint a public push service's.
 */
export const reminderDeviceBodySchema = z.object({
  endpoint: z
    .url({ error: MESSAGES.pushSubscriptionInvalid })
    .max(2048, { error: MESSAGES.pushSubscriptionInvalid }),
  keys: z.object(
    {
      p256dh: z.string().min(1).max(256),
      auth: z.string().min(1).max(64),
    },
    { error: MESSAGES.pushSubscriptionInvalid },
  ),
  expirationTime: z.number().nullable().optional(),
});
export type ReminderDeviceBody = z.input<typeof reminderDeviceBodySchema>;

export const reminderDeviceSchema = z.object({
  /** The device's id on the server, to remove it later. */
  deviceId: z.string(),
});
export type ReminderDevice = z.infer<typeof reminderDeviceSchema>;

export const reminderDeviceParamsSchema = z.object({ deviceId: z.string().min(1).max(64) });

/** What a reminder's push carries, for the service worker to show. */
export const reminderPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The page a click opens. */
  url: z.string(),
  tag: z.string(),
});
export type ReminderPayload = z.infer<typeof reminderPayloadSchema>;
