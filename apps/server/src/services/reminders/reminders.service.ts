import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  type ReminderDevice,
  type ReminderDeviceBody,
  type ReminderSettings,
  type UpdateRemindersBody,
} from '@pushup/shared';
import type { AuthContext } from '../../auth/context';
import { AppError } from '../../errors/app-error';
import { userNotFound } from '../../errors/user-not-found';
import type { AppMetrics } from '../../metrics/app-metrics';
import type { Repositories } from '../../repositories';
import { checkedPushAddress, type PushAddressPolicy } from './push-address';
import { type Clock, canonicalZone, weekdaysOf, weekdaysToText } from './reminder-context';
import type { ReminderPush } from './reminder-push';
import { nextDueAfter } from './reminder-time';

/** docs/product.md, "Reminders": the settings before a user saves any. */
const DEFAULT_REMINDER_TIME = '18:00';
const ALL_WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
/** At most this many devices per user; registering one more forgets the one registered longest ago. */
const REMINDER_DEVICES_MAX = 10;

export interface RemindersOptions {
  /** The VAPID public key the browsers subscribe with; null: this server cannot send reminders. */
  vapidPublicKey: string | null;
  /** null exactly when vapidPublicKey is. */
  push: ReminderPush | null;
  /** Where a device's pushes may go (push-address.ts): public push services; local mode, loopback too. */
  addresses: PushAddressPolicy;
  clock: Clock;
  /** Counts the devices forgotten (docs/operations.md, "Metrics"). */
  metrics?: AppMetrics;
}

const unavailable = () => new AppError('REMINDERS_UNAVAILABLE', MESSAGES.remindersUnavailable);

function requireUser(auth: AuthContext): string {
  if (!auth.userUuid) throw userNotFound();
  return auth.userUuid;
}

/**
 * The caller's daily reminders by Web Push (docs/product.md, "Reminders"; decision 020): their
 * settings and devices, and the test send. The daily sending is due-reminders.ts's.
 */
export class RemindersService {
  constructor(
    private readonly repos: Repositories,
    private readonly options: RemindersOptions,
  ) {}

  /** The caller's settings (the defaults until saved), the VAPID key and their number of devices. */
  async get(auth: AuthContext): Promise<ReminderSettings> {
    const userUuid = requireUser(auth);
    const [row, devices] = await Promise.all([
      this.repos.reminders.find(userUuid),
      this.repos.reminders.countDevices(userUuid),
    ]);
    return {
      enabled: row ? row.enabled === 1 : false,
      time: row?.time ?? DEFAULT_REMINDER_TIME,
      weekdays: row ? weekdaysOf(row.weekdays) : [...ALL_WEEKDAYS],
      timeZone: row?.time_zone ?? canonicalZone(auth.timezone),
      vapidPublicKey: this.options.vapidPublicKey,
      devices,
    };
  }

  /** Saves the settings in the caller's zone (X-Timezone) and when the reminder is next due. */
  async update(auth: AuthContext, body: UpdateRemindersBody): Promise<ReminderSettings> {
    if (body.enabled && !this.options.push) throw unavailable();
    const timeZone = canonicalZone(auth.timezone);
    const now = this.options.clock();
    const nowIso = new Date(now).toISOString();
    const weekdays = weekdaysToText(body.weekdays);
    const next = body.enabled
      ? nextDueAfter({ time: body.time, weekdays: weekdaysOf(weekdays), timeZone }, new Date(now))
      : null;
    const devices = await this.repos.transaction(async (repos) => {
      // Behind the user's row lock: an account deletion running at the same moment goes first or after.
      const userUuid = await repos.users.lockByFirebaseUid(auth.uid);
      if (!userUuid) throw userNotFound();
      const existing = await repos.reminders.find(userUuid);
      await repos.reminders.save({
        user_uuid: userUuid,
        enabled: body.enabled ? 1 : 0,
        time: body.time,
        weekdays,
        time_zone: timeZone,
        next_due_at: next?.toISOString() ?? null,
        created_at: existing?.created_at ?? nowIso,
        updated_at: nowIso,
      });
      return repos.reminders.countDevices(userUuid);
    });
    return {
      enabled: body.enabled,
      time: body.time,
      weekdays: weekdaysOf(weekdays),
      timeZone,
      vapidPublicKey: this.options.vapidPublicKey,
      devices,
    };
  }

  /** Registers a browser's push subscription for the caller (the same endpoint is the same device). */
  async addDevice(auth: AuthContext, body: ReminderDeviceBody): Promise<ReminderDevice> {
    if (!this.options.push) throw unavailable();
    const address = await checkedPushAddress(body, this.options.addresses);
    const nowIso = new Date(this.options.clock()).toISOString();
    const { id: deviceId, dropped } = await this.repos.transaction(async (repos) => {
      const userUuid = await repos.users.lockByFirebaseUid(auth.uid);
      if (!userUuid) throw userNotFound();
      const id = await repos.reminders.saveDevice({
        id: randomUUID(),
        user_uuid: userUuid,
        ...address,
        created_at: nowIso,
      });
      const dropped = await repos.reminders.deleteOldestDevices(userUuid, REMINDER_DEVICES_MAX);
      return { id, dropped };
    });
    this.options.metrics?.deviceRemoved('over_limit', dropped);
    return { deviceId };
  }

  /** Stops reminding one of the caller's devices; another user's or an unknown id is 404. */
  async removeDevice(auth: AuthContext, deviceId: string): Promise<void> {
    const userUuid = requireUser(auth);
    if (!(await this.repos.reminders.deleteOwnDevice(deviceId, userUuid))) {
      throw new AppError('NOT_FOUND', MESSAGES.reminderDeviceNotFound);
    }
    this.options.metrics?.deviceRemoved('by_user');
  }

  /**
   * Sends the reminder to the caller's devices now (settings and the day's entries aside). The answer
   * is the same whatever the endpoints do (docs/security.md, "Reminders (Web Push)"): it comes once
   * the pushes are started, before any push service is heard from; a device whose push service says
   * it is gone is forgotten afterwards. 404 only when the caller has no device at all.
   */
  async test(auth: AuthContext): Promise<void> {
    const userUuid = requireUser(auth);
    const push = this.options.push;
    if (!push) throw unavailable();
    const devices = await this.repos.reminders.devicesOf(userUuid);
    if (devices.length === 0) throw new AppError('NOT_FOUND', MESSAGES.noReminderDevices);
    const row = await this.repos.reminders.find(userUuid);
    const timeZone = row?.time_zone ?? canonicalZone(auth.timezone);
    await push.startToDevices(userUuid, timeZone, devices);
  }
}
