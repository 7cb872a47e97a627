import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import {
  type Language,
  MESSAGES,
  type ReminderDevice,
  type ReminderDeviceBody,
  type ReminderPayload,
  type ReminderSettings,
  reminderPayloadSchema,
  SHARED_TEXTS_EN,
  type UpdateRemindersBody,
} from '@pushup/shared';
import { SHARED_TEXTS_DE } from '@pushup/shared/messages-de';
import type { AuthContext } from '../auth/context';
import { AppError } from '../errors/app-error';
import type { Repositories } from '../repositories';
import type { DueReminderRow, ReminderDeviceRow } from '../repositories/reminders.repository';
import { knownPreferences } from './preferences';
import type { PushSender } from './push-sender';
import { localDayOf, nextDueAfter, type ReminderSchedule } from './reminder-time';

/** docs/product.md, "Reminders": the settings before a user saves any. */
export const DEFAULT_REMINDER_TIME = '18:00';
export const ALL_WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
/** At most this many devices per user; registering one more forgets the one registered longest ago. */
export const REMINDER_DEVICES_MAX = 10;
/** A push service keeps an undelivered reminder this long; after that it is stale. */
export const REMINDER_TTL_SECONDS = 4 * 60 * 60;
/** A reminder found due later than this (the server was down) is skipped, not sent late. */
export const REMINDER_LATE_LIMIT_MS = 60 * 60 * 1000;
/** The push's topic: a newer reminder replaces one the device has not received yet. */
export const REMINDER_TAG = 'daily-reminder';
export const REMINDER_NOTIFICATION_TITLE = 'Pushup Tracker';
const DUE_BATCH = 200;
/** Batches per tick at most (a tick never loops for ever, whatever the rows say). */
const MAX_BATCHES = 50;
/** Users whose reminders go out at the same time. */
const SEND_CONCURRENCY = 8;
/** Claims of sent reminders are kept this many days (a local day ends within 2 days of its UTC day). */
const SEND_CLAIM_DAYS = 3;

/** Milliseconds since the epoch: the system clock, or a test's. */
export type Clock = () => number;
export const systemClock: Clock = () => Date.now();

/** A user's current streak in days at `now` in their zone (the habits' computation), 0 for none. */
export type StreakSource = (
  repos: Repositories,
  userUuid: string,
  timeZone: string,
  now: number,
) => Promise<number>;

/** The part of the server's (pino) logger a tick writes to. */
export interface ReminderLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface RemindersOptions {
  /** The VAPID public key the browsers subscribe with; null: this server cannot send reminders. */
  vapidPublicKey: string | null;
  /** null exactly when vapidPublicKey is. */
  sender: PushSender | null;
  /** Whether a device's endpoint may be plain http (local mode); else https only. */
  allowHttpEndpoints: boolean;
  clock: Clock;
  streakOf: StreakSource;
  log: ReminderLog;
}

/** What one tick did (logged, and read by the tests). */
export interface TickReport {
  due: number;
  sent: number;
  skipped: { logged: number; noDevice: number; late: number; claimedElsewhere: number };
  pushes: { delivered: number; gone: number; failed: number };
}

const userNotFound = () => new AppError('USER_NOT_FOUND', MESSAGES.serverUserNotFound);
const unavailable = () => new AppError('REMINDERS_UNAVAILABLE', MESSAGES.remindersUnavailable);
const badSubscription = () => new AppError('VALIDATION_ERROR', MESSAGES.pushSubscriptionInvalid);

function requireUser(auth: AuthContext): string {
  if (!auth.userUuid) throw userNotFound();
  return auth.userUuid;
}

/** The zone's canonical name ('europe/berlin' is stored as 'Europe/Berlin'); X-Timezone is valid by now. */
function canonicalZone(timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
}

const weekdaysToText = (weekdays: readonly number[]) => [...new Set(weekdays)].sort().join('');
const weekdaysOf = (text: string) => [...text].map(Number);

/** The bytes of base64url text (padding allowed), or null. */
function base64urlBytes(text: string): Buffer | null {
  const bare = text.replace(/=+$/, '');
  return /^[A-Za-z0-9_-]+$/.test(bare) ? Buffer.from(bare, 'base64url') : null;
}

/** A domain name of two labels or more, not an IP address and not localhost. */
function isPublicHostName(hostname: string): boolean {
  const host = hostname.replace(/\.$/, '').toLowerCase();
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) return false;
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  return host.includes('.');
}

/** The push's JSON: docs/product.md, "Reminders", in the user's language (English when not chosen). */
export function reminderPayload(streakDays: number, language: Language | null = null): ReminderPayload {
  const texts = language === 'de' ? SHARED_TEXTS_DE : SHARED_TEXTS_EN;
  return reminderPayloadSchema.parse({
    title: REMINDER_NOTIFICATION_TITLE,
    body: texts.reminderText(streakDays),
    url: '/',
    tag: REMINDER_TAG,
  });
}

/** Runs `work` on every item, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Daily reminders by Web Push (docs/product.md, "Reminders"; decision 020): the caller's settings
 * and devices, the test send, and the tick that sends the due reminders.
 */
export class RemindersService {
  private lastClaimCleanup = 0;

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
    if (body.enabled && !this.options.sender) throw unavailable();
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
    if (!this.options.sender) throw unavailable();
    const device = this.checkedSubscription(body);
    const nowIso = new Date(this.options.clock()).toISOString();
    const deviceId = await this.repos.transaction(async (repos) => {
      const userUuid = await repos.users.lockByFirebaseUid(auth.uid);
      if (!userUuid) throw userNotFound();
      const id = await repos.reminders.saveDevice({
        id: randomUUID(),
        user_uuid: userUuid,
        ...device,
        created_at: nowIso,
      });
      await repos.reminders.deleteOldestDevices(userUuid, REMINDER_DEVICES_MAX);
      return id;
    });
    return { deviceId };
  }

  /**
   * The endpoint and keys as a push can use them, else 400: an http(s) URL in ASCII, a P-256
   * public key and an auth secret of at least 16 bytes. In production the endpoint must be https
   * on a domain name (push services have one): no address, `localhost` or single-label host, so a
   * client cannot point the server's pushes at the machines next to it (docs/security.md).
   */
  private checkedSubscription(body: ReminderDeviceBody): { endpoint: string; p256dh: string; auth: string } {
    let url: URL;
    try {
      url = new URL(body.endpoint);
    } catch {
      throw badSubscription();
    }
    const protocols = this.options.allowHttpEndpoints ? ['https:', 'http:'] : ['https:'];
    // Printable ASCII only: push services' endpoints are, and the unique index stays small.
    if (!protocols.includes(url.protocol) || !/^[\x21-\x7e]+$/.test(body.endpoint)) throw badSubscription();
    if (!this.options.allowHttpEndpoints && !isPublicHostName(url.hostname)) throw badSubscription();
    const key = base64urlBytes(body.keys.p256dh);
    const secret = base64urlBytes(body.keys.auth);
    if (key?.length !== 65 || key[0] !== 4 || !secret || secret.length < 16) throw badSubscription();
    return {
      endpoint: body.endpoint,
      p256dh: key.toString('base64url'),
      auth: secret.toString('base64url'),
    };
  }

  /** Stops reminding one of the caller's devices; another user's or an unknown id is 404. */
  async removeDevice(auth: AuthContext, deviceId: string): Promise<void> {
    const userUuid = requireUser(auth);
    if (!(await this.repos.reminders.deleteOwnDevice(deviceId, userUuid))) {
      throw new AppError('NOT_FOUND', MESSAGES.reminderDeviceNotFound);
    }
  }

  /** Sends the reminder to the caller's devices now (settings and the day's entries aside). */
  async test(auth: AuthContext): Promise<void> {
    const userUuid = requireUser(auth);
    if (!this.options.sender) throw unavailable();
    const devices = await this.repos.reminders.devicesOf(userUuid);
    const noDevice = () => new AppError('NOT_FOUND', MESSAGES.noReminderDevices);
    if (devices.length === 0) throw noDevice();
    const row = await this.repos.reminders.find(userUuid);
    const timeZone = row?.time_zone ?? canonicalZone(auth.timezone);
    const pushes = await this.push(userUuid, timeZone, devices);
    // Every device turned out gone (and was forgotten): none receives reminders after all.
    if (pushes.gone === devices.length) throw noDevice();
  }

  /**
   * Sends every reminder due by now, each at most once per user and local day however many API
   * processes tick at the same moment: the process whose claim (an insert into reminder_sends)
   * goes in sends, the others move on. Each due reminder moves to its next occurrence after now,
   * whether it was sent or skipped.
   */
  async tick(): Promise<TickReport> {
    const now = this.options.clock();
    const report: TickReport = {
      due: 0,
      sent: 0,
      skipped: { logged: 0, noDevice: 0, late: 0, claimedElsewhere: 0 },
      pushes: { delivered: 0, gone: 0, failed: 0 },
    };
    if (!this.options.sender) return report;
    const nowIso = new Date(now).toISOString();
    await this.forgetOldClaims(now);
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const due = await this.repos.reminders.due(nowIso, DUE_BATCH);
      report.due += due.length;
      await eachLimited(due, SEND_CONCURRENCY, (row) => this.handleDue(row, now, report));
      if (due.length < DUE_BATCH) break;
    }
    return report;
  }

  private async handleDue(row: DueReminderRow, now: number, report: TickReport): Promise<void> {
    const schedule: ReminderSchedule = {
      time: row.time,
      weekdays: weekdaysOf(row.weekdays),
      timeZone: row.time_zone,
    };
    const dueAt = new Date(row.next_due_at);
    const day = localDayOf(dueAt, row.time_zone);
    const next = nextDueAfter(schedule, new Date(now))?.toISOString() ?? null;
    const move = () => this.repos.reminders.moveDue(row.user_uuid, row.next_due_at, next);

    const { reason, devices } = await this.decide(row.user_uuid, row.time_zone, dueAt, day, now);
    // Moved before the pushes go out: a slow push service does not keep it due for other ticks.
    await move();
    if (reason) {
      report.skipped[reason] += 1;
      return;
    }
    report.sent += 1;
    const pushes = await this.push(row.user_uuid, row.time_zone, devices);
    report.pushes.delivered += pushes.delivered;
    report.pushes.gone += pushes.gone;
    report.pushes.failed += pushes.failed;
  }

  /**
   * Whether a due reminder goes out, in this order: not when found more than an hour late or on
   * another local day; not when the user logged push-ups that day (in the reminder's zone, by the
   * entries' days) or has no device; then only by the process whose claim of the day goes in.
   */
  private async decide(
    userUuid: string,
    timeZone: string,
    dueAt: Date,
    day: string,
    now: number,
  ): Promise<{ reason: keyof TickReport['skipped'] | null; devices: ReminderDeviceRow[] }> {
    const none: ReminderDeviceRow[] = [];
    const late = now - dueAt.getTime() > REMINDER_LATE_LIMIT_MS;
    if (late || localDayOf(new Date(now), timeZone) !== day) {
      return { reason: 'late', devices: none };
    }
    if ((await this.repos.pushups.dayTotal(userUuid, day)) > 0) return { reason: 'logged', devices: none };
    const devices = await this.repos.reminders.devicesOf(userUuid);
    if (devices.length === 0) return { reason: 'noDevice', devices };
    const claimed = await this.repos.reminders.claimSend(userUuid, day, new Date(now).toISOString());
    return { reason: claimed ? null : 'claimedElsewhere', devices };
  }

  /**
   * One push per device, all at once. A device its push service answers 404 or 410 for is
   * forgotten; any other failure is logged and does not stop the others.
   */
  private async push(
    userUuid: string,
    timeZone: string,
    devices: readonly ReminderDeviceRow[],
  ): Promise<TickReport['pushes']> {
    const sender = this.options.sender;
    const counts = { delivered: 0, gone: 0, failed: 0 };
    if (!sender) return counts;
    const [streak, language] = await Promise.all([
      this.options.streakOf(this.repos, userUuid, timeZone, this.options.clock()).catch((error: unknown) => {
        this.options.log.warn(
          { err: error, userUuid },
          'reminder: the streak could not be read; sent without it',
        );
        return 0;
      }),
      // The user's language (docs/product.md, "Language and theme"): English when not chosen.
      this.repos.users.preferencesOf(userUuid).then(
        (user) => (user ? knownPreferences(user).language : null),
        (error: unknown) => {
          this.options.log.warn(
            { err: error, userUuid },
            'reminder: the language could not be read; sent in English',
          );
          return null;
        },
      ),
    ]);
    const payload = JSON.stringify(reminderPayload(streak, language));
    await Promise.all(
      devices.map(async (device) => {
        const outcome = await sender.send(device, payload);
        if (outcome.ok) {
          counts.delivered += 1;
          return;
        }
        if (outcome.gone) {
          counts.gone += 1;
          await this.repos.reminders.deleteGoneDevice(device.id, device.endpoint, device.p256dh);
          this.options.log.info(
            { deviceId: device.id, status: outcome.status },
            'reminder: the push service no longer knows this device; forgotten',
          );
          return;
        }
        counts.failed += 1;
        this.options.log.warn(
          { deviceId: device.id, status: outcome.status, reason: outcome.reason },
          'reminder: push failed',
        );
      }),
    );
    return counts;
  }

  /** At most once an hour: forgets the claims of days no zone is still in. */
  private async forgetOldClaims(now: number): Promise<void> {
    if (now - this.lastClaimCleanup < 60 * 60 * 1000 && now >= this.lastClaimCleanup) return;
    this.lastClaimCleanup = now;
    const cutoff = new Date(now - SEND_CLAIM_DAYS * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await this.repos.reminders.deleteSendsBefore(cutoff);
  }
}

/**
 * Ticks every `intervalMs` inside the API process (decision 020); one tick at a time. `stop()`
 * clears the timer and waits for a tick that is running, so the database can close after it.
 */
export class ReminderScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<TickReport> | undefined;

  constructor(
    private readonly reminders: RemindersService,
    private readonly intervalMs: number,
    private readonly log: ReminderLog,
  ) {}

  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.tick().then(
        (report) => {
          if (report.due > 0) this.log.info({ reminders: report }, 'reminders tick');
        },
        (error: unknown) => this.log.error({ err: error }, 'reminders tick failed'),
      );
    }, this.intervalMs);
    this.timer.unref();
  }

  /** One tick now (after the one running, if any). */
  async tick(): Promise<TickReport> {
    while (this.running) await this.running.catch(() => undefined);
    const run = this.reminders.tick();
    this.running = run;
    try {
      return await run;
    } finally {
      if (this.running === run) this.running = undefined;
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }
}
