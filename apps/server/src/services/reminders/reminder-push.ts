import type { AppMetrics, PushKind } from '../../metrics/app-metrics';
import type { Repositories } from '../../repositories';
import type { ReminderDeviceRow } from '../../repositories/reminders.repository';
import { todaysWorkout } from '../plans/plan-reminder';
import { localDayOf } from '../shared/local-time';
import { knownPreferences } from '../users/preferences';
import type { PushSender } from './push-sender';
import type { Clock, ReminderLog, StreakSource } from './reminder-context';
import { reminderPayload } from './reminder-payload';

/** What the pushes to a user's devices came to. */
export interface PushCounts {
  delivered: number;
  gone: number;
  failed: number;
}

/**
 * Sends a user's reminder (with their streak, in their language) to their devices: for the daily
 * tick (due-reminders.ts) and the test send (reminders.service.ts).
 */
export class ReminderPush {
  constructor(
    private readonly repos: Repositories,
    private readonly sender: PushSender,
    private readonly streakOf: StreakSource,
    private readonly clock: Clock,
    private readonly log: ReminderLog,
    private readonly metrics?: AppMetrics,
  ) {}

  /** Pushes of test sends still under way (answered before they end): awaited when the app closes. */
  private readonly underWay = new Set<Promise<unknown>>();

  /**
   * One push per device, all at once. A device its push service reports as 404 or 410 is forgotten;
   * any other failure is logged and does not stop the others.
   */
  async toDevices(
    userUuid: string,
    timeZone: string,
    devices: readonly ReminderDeviceRow[],
  ): Promise<PushCounts> {
    return this.send(await this.payloadFor(userUuid, timeZone), devices);
  }

  /**
   * The test send: the reminder is made now (with the streak and language of now) and its pushes go
   * out after the caller is answered, so that the answer says nothing of what an endpoint did (how
   * fast, whether it is gone). What each endpoint did is acted on as in `toDevices`.
   */
  async startToDevices(
    userUuid: string,
    timeZone: string,
    devices: readonly ReminderDeviceRow[],
  ): Promise<void> {
    const payload = await this.payloadFor(userUuid, timeZone);
    const pushes = this.send(payload, devices).catch((error: unknown) => {
      this.log.error({ err: error, userUuid }, 'reminder: the test send failed');
    });
    this.underWay.add(pushes);
    void pushes.finally(() => this.underWay.delete(pushes));
  }

  /** Resolves once every push started by `startToDevices` has ended (each within its time-out). */
  async settled(): Promise<void> {
    while (this.underWay.size > 0) await Promise.all(this.underWay);
  }

  /**
   * The reminder's JSON for the user: their current streak, or today's workout on a training day of
   * their plan, in their language.
   */
  private async payloadFor(userUuid: string, timeZone: string): Promise<string> {
    const today = localDayOf(new Date(this.clock()), timeZone);
    const [streak, language, workout] = await Promise.all([
      this.streakOf(this.repos, userUuid, timeZone, this.clock()).catch((error: unknown) => {
        this.log.warn({ err: error, userUuid }, 'reminder: the streak could not be read; sent without it');
        return 0;
      }),
      // The user's language (docs/product.md, "Language and theme"): English when not chosen.
      this.repos.users.preferencesOf(userUuid).then(
        (user) => (user ? knownPreferences(user).language : null),
        (error: unknown) => {
          this.log.warn(
            { err: error, userUuid },
            'reminder: the language could not be read; sent in English',
          );
          return null;
        },
      ),
      todaysWorkout(this.repos, userUuid, today).catch((error: unknown) => {
        this.log.warn({ err: error, userUuid }, 'reminder: the plan could not be read; sent without it');
        return null;
      }),
    ]);
    return JSON.stringify(reminderPayload(streak, language, workout));
  }

  private send(payload: string, devices: readonly ReminderDeviceRow[]): Promise<PushCounts> {
    return pushToDevices(this.repos, this.sender, this.log, payload, devices, {
      kind: 'reminder',
      metrics: this.metrics,
    });
  }
}

/**
 * One push per device, all at once (the reminders and the groups' pushes). A device its push service
 * reports as 404 or 410 is forgotten; any other failure is logged and does not stop the others.
 * Each outcome, and each device forgotten, is counted here (docs/operations.md, "Metrics").
 */
export async function pushToDevices(
  repos: Repositories,
  sender: PushSender,
  log: ReminderLog,
  payload: string,
  devices: readonly ReminderDeviceRow[],
  counted: { kind: PushKind; metrics: AppMetrics | undefined },
): Promise<PushCounts> {
  const { kind, metrics } = counted;
  const counts: PushCounts = { delivered: 0, gone: 0, failed: 0 };
  await Promise.all(
    devices.map(async (device) => {
      const outcome = await sender.send(device, payload);
      if (outcome.ok) {
        counts.delivered += 1;
        metrics?.push(kind, 'delivered');
        return;
      }
      if (outcome.gone) {
        counts.gone += 1;
        metrics?.push(kind, 'gone');
        if (await repos.reminders.deleteGoneDevice(device.id, device.endpoint, device.p256dh)) {
          metrics?.deviceRemoved('gone');
        }
        log.info(
          { deviceId: device.id, status: outcome.status },
          'reminder: the push service no longer knows this device; forgotten',
        );
        return;
      }
      counts.failed += 1;
      metrics?.push(kind, 'failed');
      log.warn(
        { deviceId: device.id, status: outcome.status, reason: outcome.reason },
        'reminder: push failed',
      );
    }),
  );
  return counts;
}
