import type { Repositories } from '../../repositories';
import type { DueReminderRow, ReminderDeviceRow } from '../../repositories/reminders.repository';
import { localDayOf } from '../shared/local-time';
import { type Clock, weekdaysOf } from './reminder-context';
import type { PushCounts, ReminderPush } from './reminder-push';
import { nextDueAfter, type ReminderSchedule } from './reminder-time';

/** A reminder found due later than this (the server was down) is skipped, not sent late. */
const REMINDER_LATE_LIMIT_MS = 60 * 60 * 1000;
const DUE_BATCH = 200;
/** Batches per tick at most (a tick never loops for ever, whatever the rows say). */
const MAX_BATCHES = 50;
/** Users whose reminders go out at the same time. */
const SEND_CONCURRENCY = 8;
/** Claims of sent reminders are kept this many days (a local day ends within 2 days of its UTC day). */
const SEND_CLAIM_DAYS = 3;

/** What one tick did (logged, and read by the tests). */
export interface TickReport {
  due: number;
  sent: number;
  skipped: { logged: number; noDevice: number; late: number; claimedElsewhere: number };
  pushes: PushCounts;
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
 * The daily reminders that are due (docs/product.md, "Reminders"; decision 020), sent by each tick of
 * the scheduler (reminder-scheduler.ts).
 */
export class DueReminders {
  private lastClaimCleanup = 0;

  /** `push` null: this server cannot send reminders, and a tick does nothing. */
  constructor(
    private readonly repos: Repositories,
    private readonly push: ReminderPush | null,
    private readonly clock: Clock,
  ) {}

  /**
   * Sends every reminder due by now, each at most once per user and local day however many API
   * processes tick at the same moment: the process whose claim (an insert into reminder_sends) goes
   * in sends, the others move on. Each due reminder moves to its next occurrence after now, whether
   * it was sent or skipped.
   */
  async tick(): Promise<TickReport> {
    const now = this.clock();
    const report: TickReport = {
      due: 0,
      sent: 0,
      skipped: { logged: 0, noDevice: 0, late: 0, claimedElsewhere: 0 },
      pushes: { delivered: 0, gone: 0, failed: 0 },
    };
    const push = this.push;
    if (!push) return report;
    const nowIso = new Date(now).toISOString();
    await this.forgetOldClaims(now);
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const due = await this.repos.reminders.due(nowIso, DUE_BATCH);
      report.due += due.length;
      await eachLimited(due, SEND_CONCURRENCY, (row) => this.handleDue(row, now, report, push));
      if (due.length < DUE_BATCH) break;
    }
    return report;
  }

  private async handleDue(row: DueReminderRow, now: number, report: TickReport, push: ReminderPush) {
    const schedule: ReminderSchedule = {
      time: row.time,
      weekdays: weekdaysOf(row.weekdays),
      timeZone: row.time_zone,
    };
    const dueAt = new Date(row.next_due_at);
    const day = localDayOf(dueAt, row.time_zone);
    const next = nextDueAfter(schedule, new Date(now))?.toISOString() ?? null;

    const { reason, devices } = await this.decide(row.user_uuid, row.time_zone, dueAt, day, now);
    // Moved before the pushes go out: a slow push service does not leave it due for other ticks.
    await this.repos.reminders.moveDue(row.user_uuid, row.next_due_at, next);
    if (reason) {
      report.skipped[reason] += 1;
      return;
    }
    report.sent += 1;
    const pushes = await push.toDevices(row.user_uuid, row.time_zone, devices);
    report.pushes.delivered += pushes.delivered;
    report.pushes.gone += pushes.gone;
    report.pushes.failed += pushes.failed;
    // Kept with the day's claim, so that the operators' usage numbers see failures of any process.
    if (pushes.failed > 0) await this.repos.reminders.recordFailedPushes(row.user_uuid, day, pushes.failed);
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

  /** At most once an hour: forgets the claims of days no zone is still in. */
  private async forgetOldClaims(now: number): Promise<void> {
    if (now - this.lastClaimCleanup < 60 * 60 * 1000 && now >= this.lastClaimCleanup) return;
    this.lastClaimCleanup = now;
    const cutoff = new Date(now - SEND_CLAIM_DAYS * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await this.repos.reminders.deleteSendsBefore(cutoff);
  }
}
