import { z } from 'zod';
import {
  reminderDeviceBodySchema,
  reminderDeviceParamsSchema,
  reminderDeviceSchema,
  reminderSettingsSchema,
  updateRemindersBodySchema,
} from '../schemas/reminders';
import { defineCall } from './define';

const tags = ['reminders'];

/** Daily reminders by Web Push (docs/product.md, "Reminders"). */
export const remindersCalls = {
  get: defineCall({
    method: 'GET',
    path: '/api/reminders',
    summary:
      'The caller’s reminder settings, the server’s VAPID public key and how many devices are reminded',
    tags,
    auth: true,
    status: 200,
    answer: reminderSettingsSchema,
    errors: ['USER_NOT_FOUND'],
  }),
  update: defineCall({
    method: 'PUT',
    path: '/api/reminders',
    summary: 'Set the reminder: on or off, a local time and weekdays (the zone is X-Timezone)',
    tags,
    auth: true,
    body: updateRemindersBodySchema,
    status: 200,
    answer: reminderSettingsSchema,
    errors: ['USER_NOT_FOUND', 'REMINDERS_UNAVAILABLE'],
  }),
  addDevice: defineCall({
    method: 'POST',
    path: '/api/reminders/devices',
    summary: 'Remind this browser too: its PushSubscription (the same endpoint again is the same device)',
    tags,
    auth: true,
    body: reminderDeviceBodySchema,
    status: 201,
    answer: reminderDeviceSchema,
    errors: ['USER_NOT_FOUND', 'REMINDERS_UNAVAILABLE'],
  }),
  removeDevice: defineCall({
    method: 'DELETE',
    path: '/api/reminders/devices/:deviceId',
    summary: 'Stop reminding one of the caller’s devices',
    tags,
    auth: true,
    params: reminderDeviceParamsSchema,
    status: 204,
    answer: z.null().describe('Removed'),
    errors: ['USER_NOT_FOUND', 'NOT_FOUND'],
  }),
  test: defineCall({
    method: 'POST',
    path: '/api/reminders/test',
    summary:
      'Send a reminder to the caller’s devices now, to see that it arrives: answered once the pushes are started, alike whatever the push services do',
    tags,
    auth: true,
    status: 204,
    answer: z.null().describe('Started'),
    errors: ['USER_NOT_FOUND', 'REMINDERS_UNAVAILABLE', 'NOT_FOUND'],
  }),
} as const;
